import { cellText } from '../cell-text'
import { planWrites } from './cell-writes'
import { columnName, columnNumber, parseCellRef } from '../cells'
import { csvGrid } from '../csv'
import { docxGrids } from '../docx'
import type { Grid } from '../grid'
import { buildWorkbook, STYLE } from '../ooxml/new-workbook'
import { worksheetXml, type Row } from '../ooxml/new-sheet'
import { csvSheetName } from '../parse.server'
import { SUMMARY_SHEET, SUMMARY_WIDTHS, summaryRows } from './summary-sheet'
import type { WriteInput } from './model'

const EXTRA = [
  { label: 'Confidence %', width: 13 },
  { label: 'Flagged', width: 9 },
  { label: 'Citations', width: 80 },
]

/**
 * CSV and .docx input: a clean .xlsx with one sheet per source that holds questions (the CSV, a Word table, the
 * numbered paragraphs), each keeping the source's own rows and columns at the same positions, with answers and
 * comments in their cells and Confidence %, Flagged and Citations columns after the last one. Every text is
 * neutralised, including questions copied from a hostile CSV.
 */
export function cleanWorkbook(input: WriteInput): Uint8Array {
  const { questionnaire, entries } = input
  const grids =
    questionnaire.format === 'csv'
      ? [csvGrid(input.original, csvSheetName(questionnaire.fileName)).grid]
      : docxGrids(input.original)
  const plan = planWrites(questionnaire, entries)
  const sheets = questionnaire.sheets.flatMap((layout) => {
    const grid = grids.find((g) => g.name === layout.name)
    if (!grid) return []
    const rows = gridRows(grid)
    const writes = plan.get(layout.name)
    for (const [ref, text] of writes?.cells ?? []) put(rows, ref, text)
    const used = Math.max(
      ...rows.map((r) => r.length),
      columnNumber(layout.answerColumn ?? 'A'),
      columnNumber(layout.commentColumn ?? 'A'),
    )
    const questionRows = questionnaire.questions.flatMap((q, i) =>
      q.location.sheet === layout.name ? [{ row: q.location.row, entry: entries[i]! }] : [],
    )
    const headerRow = layout.headerRow || Math.max(1, Math.min(...questionRows.map((q) => q.row)) - 1)
    EXTRA.forEach((x, i) => {
      if (!rows[headerRow - 1]?.[used + i]) put(rows, `${columnName(used + i + 1)}${headerRow}`, x.label)
    })
    for (const { row, entry } of questionRows) {
      const cite = entry.citations.map((c) => `${c.file} (${c.location}): "${c.quote}"`).join('\n')
      ;[Math.round(entry.confidence * 1000) / 10, entry.flagged ? 'YES' : 'NO', cellText(cite)].forEach((v, i) =>
        put(rows, `${columnName(used + i + 1)}${row}`, v),
      )
    }
    const widths = Array.from({ length: used + EXTRA.length }, (_, c) =>
      c >= used ? EXTRA[c - used]!.width : c === columnNumber(layout.questionColumn) - 1 ? 60 : 24,
    )
    const style = (r: number) => (r === headerRow ? STYLE.header : STYLE.wrap)
    return [{ name: layout.name, xml: worksheetXml(rows, { widths, freezeRow: headerRow, style }) }]
  })
  const summary = summaryRows({
    fileName: questionnaire.fileName,
    summary: input.summary,
    questions: questionnaire.questions,
    entries,
  })
  const summaryName = sheets.some((s) => s.name.toLowerCase() === SUMMARY_SHEET.toLowerCase())
    ? `${SUMMARY_SHEET} (2)`
    : SUMMARY_SHEET
  const summaryXml = worksheetXml(summary.rows, {
    widths: SUMMARY_WIDTHS,
    freezeRow: summary.headerRow,
    autoFilterRow: summary.headerRow,
    style: (r) => (r === summary.headerRow ? STYLE.header : undefined),
  })
  return buildWorkbook([...sheets, { name: summaryName, xml: summaryXml }])
}

function gridRows(grid: Grid): Row[] {
  const rows: Row[] = []
  for (const [r, cells] of grid.rows) {
    const row = (rows[r - 1] ??= [])
    for (const [c, text] of cells) row[c - 1] = cellText(text)
  }
  for (let i = 0; i < rows.length; i++) rows[i] ??= []
  return rows
}

function put(rows: Row[], ref: string, value: string | number) {
  const { col, row } = parseCellRef(ref)
  for (let i = rows.length; i < row; i++) rows[i] = []
  rows[row - 1]![col - 1] = value
}
