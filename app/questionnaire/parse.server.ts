import * as XLSX from '@e965/xlsx'
import { gridsFromWorkbook, type Grid } from './grid'
import { detectLayout, questionsFromLayout, toSheetLayout } from './layout'
import { QuestionnaireError, type Question, type Questionnaire, type QuestionnaireFormat, type SheetLayout } from './model'
import { XlsxPackage } from './ooxml/package'
import { parseCellRef } from './cells'
import { allowedValuesAt, readListValidations } from './validations'

export const QUESTIONNAIRE_EXTENSIONS = ['xlsx', 'xls', 'csv', 'docx'] as const

export function questionnaireFormat(fileName: string): QuestionnaireFormat | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  return (QUESTIONNAIRE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as QuestionnaireFormat) : null
}

/** Reads a questionnaire file into the Questionnaire model, or throws a QuestionnaireError saying what to fix. */
export function parseQuestionnaire(fileName: string, bytes: Uint8Array): Questionnaire {
  const format = questionnaireFormat(fileName)
  if (!format) throw new QuestionnaireError(`${fileName}: questionnaires must be .xlsx, .xls, .csv or .docx files.`)
  if (bytes.byteLength === 0) throw new QuestionnaireError(`${fileName} is empty (0 bytes).`)
  checkContentMatchesExtension(fileName, format, bytes)
  switch (format) {
    case 'xlsx':
      return parseXlsx(fileName, bytes)
    case 'xls':
    case 'csv':
      return fromGrids(fileName, format, gridsFromWorkbook(readSheetJs(fileName, format, bytes)), () => undefined)
    case 'docx':
      throw new QuestionnaireError(`${fileName}: Word questionnaires are not supported yet; save it as .xlsx or .csv.`)
  }
}

function parseXlsx(fileName: string, bytes: Uint8Array): Questionnaire {
  const pkg = XlsxPackage.open(bytes)
  const wb = readSheetJs(fileName, 'xlsx', bytes)
  const validations = new Map(pkg.sheets.map((s) => [s.name, readListValidations(pkg, s.path, wb)]))
  return fromGrids(fileName, 'xlsx', gridsFromWorkbook(wb), (sheet, ref) => {
    const { col, row } = parseCellRef(ref)
    return allowedValuesAt(validations.get(sheet) ?? [], col, row)
  })
}

function fromGrids(
  fileName: string,
  format: QuestionnaireFormat,
  grids: Grid[],
  allowedAt: (sheet: string, ref: string) => string[] | undefined,
): Questionnaire {
  const sheets: SheetLayout[] = []
  const questions: Question[] = []
  const notes: string[] = []
  for (const grid of grids) {
    if (grid.hidden) continue
    const layout = detectLayout(grid)
    if (!layout) continue
    const found = questionsFromLayout(grid, layout)
    if (!found.length) continue
    for (const q of found) {
      const allowed = q.location.answerCell ? allowedAt(grid.name, q.location.answerCell) : undefined
      if (allowed) q.allowed = allowed
    }
    sheets.push(toSheetLayout(grid, layout, found.length))
    questions.push(...found)
    if (!layout.answerColumn) notes.push(`${grid.name}: no answer column found; answers go in a new column after the last one.`)
  }
  if (!questions.length) {
    throw new QuestionnaireError(
      `${fileName}: no questions found. QFill looks for a header row (in the first 40 rows of a sheet) with a column titled ` +
        `"Question" (or "Requirement", "Control question") and reads the rows below it.`,
    )
  }
  return { fileName, format, kind: format === 'csv' ? 'CSV questionnaire' : 'Custom spreadsheet', sheets, questions, notes }
}

function readSheetJs(fileName: string, format: QuestionnaireFormat, bytes: Uint8Array): XLSX.WorkBook {
  try {
    if (format === 'csv') return XLSX.read(decodeText(bytes), { type: 'string', dense: true, raw: true })
    return XLSX.read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: true })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (/password|encrypt/i.test(reason)) {
      throw new QuestionnaireError(`${fileName} is password-protected: save it without a password and upload it again.`)
    }
    throw new QuestionnaireError(`${fileName} could not be read as a ${format.toUpperCase()} file (${reason}).`)
  }
}

function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, magic: number[]) {
  return magic.every((b, i) => bytes[i] === b)
}

function checkContentMatchesExtension(fileName: string, format: QuestionnaireFormat, bytes: Uint8Array) {
  const zip = startsWith(bytes, ZIP)
  const ole = startsWith(bytes, OLE)
  if (format === 'xlsx' || format === 'docx') {
    if (ole && format === 'xlsx') {
      throw new QuestionnaireError(
        `${fileName} is an encrypted (password-protected) or legacy Excel file, not a plain .xlsx: remove the password, or save it as .xlsx.`,
      )
    }
    if (!zip) throw new QuestionnaireError(`${fileName} is not really a .${format} file (its content is not an Office Open XML package).`)
  }
  if (format === 'xls' && !ole && !zip && !/^\s*</.test(new TextDecoder().decode(bytes.subarray(0, 64)))) {
    throw new QuestionnaireError(`${fileName} is not really a .xls file (its content is not an Excel workbook).`)
  }
  if (format === 'csv' && (zip || ole || bytes.subarray(0, 4096).includes(0))) {
    throw new QuestionnaireError(`${fileName} is not a text CSV file (it looks binary); save it as CSV, or upload the workbook itself.`)
  }
}
