import { cellRef } from './cells'
import { cellText, hasFormula, listAt, mergeAt, promptsAt, sortedRows, type Grid } from './grid'
import type { DetectedLayout } from './layout'
import type { Question } from './model'
import { CAUTION_PROMPT, isIdValue, isProfileQuestion, OFF_LIMITS_PROMPT, questionStrength } from './question-text'

export interface SheetScan {
  questions: Question[]
  /** Question rows whose answer cell is a formula or reserved by the template: they repeat another sheet. */
  mirrored: number
  hiddenSkipped: number
  /** Question rows whose id cell is itself a formula (a report or scoring sheet copying the questions). */
  formulaIds: number
  /** Answer and comment columns QFill adds when the sheet has none. */
  added: { answer?: number; comment?: number }
  /** Questions longer than MAX_QUESTION_CHARS, cut to that length. */
  truncated: number
}

/** A question is a few sentences; a cell of 30,000 characters is pasted documentation, kept to its start. */
export const MAX_QUESTION_CHARS = 4000

function offLimits(grid: Grid, row: number, col: number): boolean {
  if (hasFormula(grid, row, col)) return true
  const prompts = promptsAt(grid, row, col)
  return prompts.some((p) => OFF_LIMITS_PROMPT.test(p) || (CAUTION_PROMPT.test(p) && cellText(grid, row, col) !== ''))
}

/** A cell we may write: not hidden inside a merged range that starts elsewhere (Excel shows only the top-left). */
function writableCell(grid: Grid, row: number, col: number): string | undefined {
  const merge = mergeAt(grid, row, col)
  if (merge && (merge.r1 !== row || merge.c1 !== col)) return undefined
  return cellRef(col, row)
}

function lastUsedColumn(grid: Grid): number {
  let last = 0
  for (const cells of grid.rows.values()) for (const c of cells.keys()) if (c > last) last = c
  for (const m of grid.merges) if (m.c2 > last && m.c2 < 16384) last = m.c2
  return last
}

/**
 * Reads the question rows of a sheet. A row is a question when its question cell reads like one and, in sheets
 * with an id column, it carries an id (or clearly asks something below the header). Other rows with a short label
 * start a section. Hidden rows are skipped; rows whose answer cell the template fills itself are counted, not read.
 */
export function scanSheet(grid: Grid, layout: DetectedLayout): SheetScan {
  const scan: SheetScan = { questions: [], mirrored: 0, hiddenSkipped: 0, formulaIds: 0, added: {}, truncated: 0 }
  const idColumn = layout.idColumn
  const headerLabels = new Set([...layout.headerLabels.values()].map((l) => l.trim().toLowerCase()))
  if (layout.answerColumn === undefined && !layout.markColumns.length) {
    const last = lastUsedColumn(grid)
    scan.added.answer = last + 1
    if (layout.commentColumn === undefined) scan.added.comment = last + 2
  } else if (layout.commentColumn === undefined && !layout.markColumns.length) {
    scan.added.comment = lastUsedColumn(grid) + 1
  }
  const answerColumn = layout.answerColumn ?? scan.added.answer
  const commentColumn = layout.commentColumn ?? scan.added.comment
  let section: string | undefined

  for (const row of sortedRows(grid)) {
    const cells = grid.rows.get(row)!
    const text = cellText(grid, row, layout.questionColumn)
    const rawId = idColumn ? cellText(grid, row, idColumn) : ''
    const hasId = rawId !== '' && isIdValue(rawId, layout.numericIds)
    const strength = questionStrength(text)
    const belowHeader = layout.headerRow === undefined || row > layout.headerRow
    // Under an id, a short label ("Vendor Name") is a question too: a company-profile one.
    const isQuestion =
      row !== layout.headerRow &&
      (hasId
        ? strength > 0 || /[a-z]{3}/i.test(text)
        : belowHeader && (strength === 2 || (!idColumn && strength === 1)))
    if (!isQuestion) {
      section = sectionLabel(cells, headerLabels, text, strength) ?? section
      continue
    }
    if (grid.hiddenRows.has(row)) {
      scan.hiddenSkipped++
      continue
    }
    if (hasId && hasFormula(grid, row, idColumn!)) scan.formulaIds++
    if (answerColumn !== undefined && offLimits(grid, row, answerColumn)) {
      scan.mirrored++
      continue
    }
    const id = hasId ? rawId : `Q${scan.questions.length + 1}`
    if (text.length > MAX_QUESTION_CHARS) scan.truncated++
    const question: Question = {
      key: `${grid.name}!${row}`,
      id,
      text: text.length > MAX_QUESTION_CHARS ? `${text.slice(0, MAX_QUESTION_CHARS - 1)}…` : text,
      section,
      kind: isProfileQuestion(id, text) ? 'profile' : 'question',
      location: {
        sheet: grid.name,
        row,
        questionCell: cellRef(layout.questionColumn, row),
        answerCell: answerColumn !== undefined ? writableCell(grid, row, answerColumn) : undefined,
        commentCell:
          commentColumn !== undefined && !offLimits(grid, row, commentColumn)
            ? writableCell(grid, row, commentColumn)
            : undefined,
      },
    }
    if (layout.markColumns.length) {
      question.location.markCells = layout.markColumns.map((m) => ({ value: m.label, cell: cellRef(m.col, row) }))
      question.allowed = layout.markColumns.map((m) => m.label)
    } else if (layout.answerColumn !== undefined) {
      const allowed = listAt(grid, row, layout.answerColumn)
      if (allowed) question.allowed = allowed
    }
    scan.questions.push(question)
  }
  return scan
}

/** A row that is not a question may open a section: "Company Overview" above its questions, a repeated header. */
function sectionLabel(cells: Map<number, string>, headerLabels: Set<string>, questionText: string, strength: number) {
  if (strength === 2) return undefined
  const labels = [...cells].sort((a, b) => a[0] - b[0]).map(([, t]) => t.trim())
  const own = labels.filter((t) => !headerLabels.has(t.toLowerCase()))
  const repeatsHeader = own.length < labels.length
  if (!repeatsHeader && own.length !== 1) return undefined
  const label = own[0] ?? questionText
  if (
    !label ||
    label.length > 80 ||
    /^(?:step \d|note\b|copyright|©|\*)/i.test(label) ||
    isIdValue(label.split(/\s/)[0]!)
  )
    return undefined
  return label.replace(/\s+/g, ' ')
}
