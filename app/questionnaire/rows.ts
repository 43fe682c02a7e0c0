import { cellRef } from './cells'
import {
  cellOfKey,
  cellText,
  hasFormula,
  listAt,
  mergeAt,
  promptsAt,
  sortedRows,
  unevaluatedAt,
  type Grid,
} from './grid'
import type { DetectedLayout } from './layout'
import { UNREADABLE_QUESTION, type Question } from './model'
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
  /** Question rows whose text is a formula QFill could not evaluate, with why (they are in `questions`, flagged). */
  unreadable: { row: number; id: string; why: string }[]
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
  const scan: SheetScan = {
    questions: [],
    mirrored: 0,
    hiddenSkipped: 0,
    formulaIds: 0,
    added: {},
    truncated: 0,
    unreadable: [],
  }
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

  for (const row of questionCandidateRows(grid, layout.questionColumn)) {
    const cells = grid.rows.get(row) ?? new Map<number, string>()
    const text = cellText(grid, row, layout.questionColumn)
    const rawId = idColumn ? cellText(grid, row, idColumn) : ''
    const hasId = rawId !== '' && isIdValue(rawId, layout.numericIds)
    const strength = questionStrength(text)
    const belowHeader = layout.headerRow === undefined || row > layout.headerRow
    // A question cell whose formula could not be evaluated: a question row all the same when it has an id, or
    // when its answer cell has a dropdown (it sits in the answer block), so it is reported, never dropped.
    const why = text ? undefined : unevaluatedAt(grid, row, layout.questionColumn)
    const answerBlock =
      layout.answerColumn !== undefined
        ? listAt(grid, row, layout.answerColumn) !== undefined
        : layout.markColumns.length > 0
    // Under an id, a short label ("Vendor Name") is a question too: a company-profile one.
    const isQuestion =
      row !== layout.headerRow &&
      (hasId
        ? strength > 0 || /[a-z]{3}/i.test(text) || why !== undefined
        : belowHeader && (strength === 2 || (!idColumn && strength === 1) || (why !== undefined && answerBlock)))
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
    if (why !== undefined) scan.unreadable.push({ row, id, why })
    const question: Question = {
      key: `${grid.name}!${row}`,
      id,
      text: text.length > MAX_QUESTION_CHARS ? `${text.slice(0, MAX_QUESTION_CHARS - 1)}…` : text,
      section,
      // Without its text a row's kind cannot be told; it is not answered either way.
      kind: why === undefined && isProfileQuestion(id, text) ? 'profile' : 'question',
      ...(why !== undefined ? { unreadable: UNREADABLE_QUESTION } : {}),
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

/**
 * The rows to look at: those with content, and those whose question cell is a formula QFill could not evaluate
 * (such a row may hold nothing else yet: an empty answer block waiting for answers).
 */
function questionCandidateRows(grid: Grid, questionColumn: number): number[] {
  const rows = sortedRows(grid)
  const extra = [...grid.unevaluated.keys()]
    .map((key) => cellOfKey(key))
    .filter((c) => c.col === questionColumn && !grid.rows.has(c.row))
    .map((c) => c.row)
  return extra.length ? [...rows, ...extra].sort((a, b) => a - b) : rows
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
