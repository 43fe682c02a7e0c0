import * as XLSX from '@e965/xlsx'
import { csvGrid } from './csv'
import { sniffUtf16 } from './encoding'
import { parseCellRef } from './cells'
import { docxGrids } from './docx'
import { displayText, type Grid } from './grid'
import { QUESTIONNAIRE_EXTENSIONS, QuestionnaireError, type Questionnaire, type QuestionnaireFormat } from './model'
import { XlsxPackage } from './ooxml/package'
import { readWorkbookGrids } from './ooxml/read-workbook'
import { evaluateFormulas } from './formulas/evaluate'
import { formulaNotes } from './formulas/report'
import { gridsFromSheetJs, sheetJsNames } from './sheetjs-grid'
import { questionnaireFromGrids } from './sheets'

export { QUESTIONNAIRE_EXTENSIONS }

export function questionnaireFormat(fileName: string): QuestionnaireFormat | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  return (QUESTIONNAIRE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as QuestionnaireFormat) : null
}

/** Reads a questionnaire file into the Questionnaire model, or throws a QuestionnaireError saying what to fix. */
export function parseQuestionnaire(fileName: string, bytes: Uint8Array): Questionnaire {
  return readQuestionnaire(fileName, bytes).questionnaire
}

/**
 * The questionnaire and the answers its cells already hold (question key → answer and explanation text), read
 * from the same grids: an uploaded form that is partly answered keeps those answers, and an earlier answered
 * questionnaire among the evidence becomes an answer library.
 */
export function readQuestionnaire(
  fileName: string,
  bytes: Uint8Array,
): { questionnaire: Questionnaire; existing: Map<string, ExistingAnswer> } {
  const format = questionnaireFormat(fileName)
  if (!format) throw new QuestionnaireError(`${fileName}: questionnaires must be .xlsx, .xls, .csv or .docx files.`)
  if (bytes.byteLength === 0) throw new QuestionnaireError(`${fileName} is empty (0 bytes).`)
  checkContentMatchesExtension(fileName, format, bytes)
  let grids: Grid[]
  let questionnaire: Questionnaire
  try {
    switch (format) {
      case 'xlsx': {
        const read = readWorkbookGrids(XlsxPackage.open(bytes))
        grids = read.grids
        questionnaire = questionnaireFromGrids(fileName, format, grids, formulaNotes(read.formulas))
        break
      }
      case 'xls': {
        const wb = readXls(fileName, bytes)
        grids = gridsFromSheetJs(wb)
        const formulas = evaluateFormulas(grids, sheetJsNames(wb))
        questionnaire = questionnaireFromGrids(fileName, format, grids, [
          'Legacy .xls file: its dropdown lists cannot be read, so answers use plain Yes / No / N/A.',
          ...formulaNotes(formulas),
        ])
        break
      }
      case 'csv': {
        const { grid, encoding, delimiter } = csvGrid(bytes, csvSheetName(fileName))
        const named = delimiter === '\t' ? 'tab' : `"${delimiter}"`
        grids = [grid]
        questionnaire = questionnaireFromGrids(fileName, format, grids, [
          `Read as CSV: ${encoding}, fields separated by ${named}.`,
        ])
        break
      }
      case 'docx':
        grids = docxGrids(bytes)
        questionnaire = questionnaireFromGrids(fileName, format, grids)
        break
    }
  } catch (error) {
    if (error instanceof QuestionnaireError) {
      error.message = error.message.startsWith(fileName) ? error.message : `${fileName}: ${error.message}`
      throw error
    }
    throw new QuestionnaireError(
      `${fileName} could not be read as a .${format} file (${error instanceof Error ? error.message : error}).`,
    )
  }
  return { questionnaire, existing: existingAnswers(questionnaire, grids) }
}

/** What a question's cells already say. */
export interface ExistingAnswer {
  /** The answer cell's text ("Yes"; for X-mark layouts, the label of the marked column). */
  answer: string
  /** The explanation cell's text. */
  comment: string
}

function existingAnswers(questionnaire: Questionnaire, grids: Grid[]): Map<string, ExistingAnswer> {
  const byName = new Map(grids.map((g) => [g.name, g]))
  const out = new Map<string, ExistingAnswer>()
  for (const q of questionnaire.questions) {
    const grid = byName.get(q.location.sheet)
    // A row whose question cannot be read is no answer library entry, and what its cells hold stays as it is.
    if (!grid || q.unreadable) continue
    const at = (ref: string | undefined) => {
      if (!ref) return ''
      const { row, col } = parseCellRef(ref)
      // As the workbook shows it: a kept date reads "10/4/2024", not its serial.
      return displayText(grid, row, col).trim()
    }
    let answer = at(q.location.answerCell)
    if (!answer && q.location.markCells) answer = q.location.markCells.find((m) => at(m.cell))?.value ?? ''
    const comment = at(q.location.commentCell)
    if (answer || comment) out.set(q.key, { answer, comment })
  }
  return out
}

/** The sheet name a CSV's rows get in the model and the completed workbook (Excel allows 31 characters). */
export function csvSheetName(fileName: string): string {
  return (
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[\\/?*[\]:']/g, ' ')
      .trim()
      .slice(0, 31) || 'Questionnaire'
  )
}

function readXls(fileName: string, bytes: Uint8Array): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, { type: 'array', dense: true, cellFormula: true, cellStyles: true })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (/password|encrypt/i.test(reason)) {
      throw new QuestionnaireError(`${fileName} is password-protected: save it without a password and upload it again.`)
    }
    throw new QuestionnaireError(`${fileName} could not be read as an .xls workbook (${reason}).`)
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, magic: number[]) {
  return magic.every((b, i) => bytes[i] === b)
}

/** An OLE file holding "EncryptedPackage" is an Office Open XML file encrypted with a password. */
function isEncryptedOoxml(bytes: Uint8Array): boolean {
  const marker = new Uint8Array([...'EncryptedPackage'].flatMap((ch) => [ch.charCodeAt(0), 0]))
  outer: for (let i = 0; i <= bytes.length - marker.length; i++) {
    for (let j = 0; j < marker.length; j++) if (bytes[i + j] !== marker[j]) continue outer
    return true
  }
  return false
}

function checkContentMatchesExtension(fileName: string, format: QuestionnaireFormat, bytes: Uint8Array) {
  const zip = startsWith(bytes, ZIP)
  const ole = startsWith(bytes, OLE)
  if (format === 'xlsx' || format === 'docx') {
    if (ole && isEncryptedOoxml(bytes)) {
      throw new QuestionnaireError(
        `${fileName} is password-protected (encrypted): save it without a password and upload it again.`,
      )
    }
    if (ole) {
      const legacy = format === 'xlsx' ? '.xls' : '.doc'
      throw new QuestionnaireError(
        `${fileName} is a legacy ${legacy} file renamed to .${format}: rename it to ${legacy}, or save it as .${format}.`,
      )
    }
    if (!zip)
      throw new QuestionnaireError(
        `${fileName} is not really a .${format} file (its content is not an Office Open XML package).`,
      )
  }
  if (format === 'xls') {
    if (zip) throw new QuestionnaireError(`${fileName} is a newer .xlsx workbook renamed to .xls: rename it to .xlsx.`)
    if (ole && isEncryptedOoxml(bytes)) {
      throw new QuestionnaireError(
        `${fileName} is password-protected (encrypted): save it without a password and upload it again.`,
      )
    }
    // SheetJS also reads the HTML and XML spreadsheets some tools save with an .xls name.
    if (!ole && !/^\s*</.test(new TextDecoder().decode(bytes.subarray(0, 64)))) {
      throw new QuestionnaireError(`${fileName} is not really a .xls file (its content is not an Excel workbook).`)
    }
  }
  if (format === 'csv') {
    const binary = zip || ole || (!sniffUtf16(bytes) && bytes.subarray(0, 4096).includes(0))
    if (binary)
      throw new QuestionnaireError(
        `${fileName} is not a text CSV file (it looks binary); save it as CSV, or upload the workbook itself.`,
      )
  }
}
