import { planWrites } from './cell-writes'
import { addWorksheet, freeSheetName } from '../ooxml/add-sheet'
import { worksheetXml } from '../ooxml/new-sheet'
import { XlsxPackage } from '../ooxml/package'
import { requestFullRecalculation } from '../ooxml/recalc'
import { coverDimension, ensureColumnWidths } from '../ooxml/sheet-bounds'
import { patchSheetCells } from '../ooxml/sheet-patch'
import { SUMMARY_SHEET, SUMMARY_WIDTHS, summaryRows } from './summary-sheet'
import type { WriteInput } from './model'

/**
 * The completed workbook for .xlsx input: the original package, with only the answer and comment cells of the
 * question sheets patched in place, a _SUMMARY sheet appended (touching only the workbook part, its relationships
 * and [Content_Types].xml) and a request to recalculate on open. Every other part is copied through untouched.
 */
export function patchWorkbook(input: WriteInput, bytes: Uint8Array, extraNotes: string[]): Uint8Array {
  const pkg = XlsxPackage.open(bytes)
  const notes = [...extraNotes]
  if (pkg.stripDoctypes().length)
    notes.push(
      'The uploaded workbook carried DOCTYPE declarations, which Office files must not contain; QFill removed them.',
    )
  for (const [sheetName, writes] of planWrites(input.questionnaire, input.entries)) {
    const sheet = pkg.sheets.find((s) => s.name === sheetName)
    if (!sheet || (!writes.cells.size && !writes.widths.size)) continue
    const original = pkg.text(sheet.path)!
    const patched = patchSheetCells(original, writes.cells)
    let xml = coverDimension(patched.xml, [...writes.cells.keys()])
    xml = ensureColumnWidths(xml, writes.widths)
    if (xml !== original) pkg.setText(sheet.path, xml)
    if (patched.skipped.length) {
      notes.push(`${sheetName}: ${patched.skipped.join(', ')} hold formulas, so QFill left them as they were.`)
    }
  }
  const { rows, headerRow } = summaryRows({
    fileName: input.questionnaire.fileName,
    summary: input.summary,
    questions: input.questionnaire.questions,
    entries: input.entries,
    extraNotes: notes,
  })
  const sheetXml = worksheetXml(rows, { widths: SUMMARY_WIDTHS, freezeRow: headerRow, autoFilterRow: headerRow })
  addWorksheet(pkg, freeSheetName(pkg, SUMMARY_SHEET), sheetXml)
  requestFullRecalculation(pkg)
  return pkg.toBytes()
}
