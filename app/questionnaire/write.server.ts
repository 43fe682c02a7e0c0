import * as XLSX from '@e965/xlsx'
import type { AnsweredQuestion, RunSummary } from '../pipeline/results'
import type { Questionnaire } from './model'
import { addWorksheet, freeSheetName } from './ooxml/add-sheet'
import { worksheetXml } from './ooxml/new-sheet'
import { XlsxPackage } from './ooxml/package'
import { patchSheetCells, type CellValue } from './ooxml/sheet-patch'
import { SUMMARY_SHEET, SUMMARY_WIDTHS, summaryRows } from './summary-sheet'

export interface WriteInput {
  questionnaire: Questionnaire
  original: Uint8Array
  entries: AnsweredQuestion[]
  summary: RunSummary
}

/**
 * The completed workbook. For .xlsx input it is the original package with only the answer and comment cells
 * changed and a _SUMMARY sheet added; other formats become a clean .xlsx.
 */
export function writeCompletedWorkbook(input: WriteInput): Uint8Array {
  if (input.questionnaire.format === 'xlsx') return patchXlsx(input, input.original, [])
  if (input.questionnaire.format === 'xls') {
    // Legacy .xls cannot be patched in place: SheetJS converts it, then the same patching applies.
    const wb = XLSX.read(input.original, { type: 'array', cellStyles: true, cellFormula: true })
    const xlsx = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer
    return patchXlsx(input, new Uint8Array(xlsx), ['The original was a legacy .xls file; this completed copy is .xlsx.'])
  }
  return cleanWorkbook(input)
}

function patchXlsx(input: WriteInput, bytes: Uint8Array, extraNotes: string[]): Uint8Array {
  const pkg = XlsxPackage.open(bytes)
  const bySheet = new Map<string, Map<string, CellValue>>()
  input.questionnaire.questions.forEach((q, i) => {
    const entry = input.entries[i]!
    const writes = bySheet.get(q.location.sheet) ?? new Map<string, CellValue>()
    bySheet.set(q.location.sheet, writes)
    if (q.location.answerCell && q.kind === 'question') writes.set(q.location.answerCell, entry.cellValue)
    if (q.location.commentCell && entry.comment) writes.set(q.location.commentCell, entry.comment)
  })
  for (const [sheetName, writes] of bySheet) {
    const sheet = pkg.sheets.find((s) => s.name === sheetName)
    if (!sheet || writes.size === 0) continue
    pkg.setText(sheet.path, patchSheetCells(pkg.text(sheet.path)!, writes))
  }
  const { rows, headerRow } = summaryRows({
    fileName: input.questionnaire.fileName,
    summary: input.summary,
    questions: input.questionnaire.questions,
    entries: input.entries,
    extraNotes,
  })
  addWorksheet(pkg, freeSheetName(pkg, SUMMARY_SHEET), worksheetXml(rows, { widths: SUMMARY_WIDTHS, freezeRow: headerRow, autoFilterRow: headerRow }))
  return pkg.toBytes()
}

/** CSV (and later .docx) input: the questionnaire's own columns plus answer, comment, confidence and citations. */
function cleanWorkbook(input: WriteInput): Uint8Array {
  const wb = XLSX.utils.book_new()
  const header = ['ID', 'Section', 'Question', 'Answer', 'Comment', 'Confidence %', 'Flagged', 'Citations']
  const rows = input.questionnaire.questions.map((q, i) => {
    const e = input.entries[i]!
    return [
      e.id,
      q.section ?? '',
      e.question,
      e.cellValue,
      e.comment,
      Math.round(e.confidence * 1000) / 10,
      e.flagged ? 'YES' : 'NO',
      e.citations.map((c) => `${c.file} (${c.location}): "${c.quote}"`).join('\n'),
    ]
  })
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows])
  sheet['!cols'] = [12, 20, 60, 14, 60, 12, 8, 80].map((wch) => ({ wch }))
  XLSX.utils.book_append_sheet(wb, sheet, 'Questionnaire')
  const summary = summaryRows({
    fileName: input.questionnaire.fileName,
    summary: input.summary,
    questions: input.questionnaire.questions,
    entries: input.entries,
  })
  const summarySheet = XLSX.utils.aoa_to_sheet(summary.rows.map((r) => r.map((v) => v ?? '')))
  summarySheet['!cols'] = SUMMARY_WIDTHS.map((wch) => ({ wch }))
  XLSX.utils.book_append_sheet(wb, summarySheet, SUMMARY_SHEET)
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}
