import { cellOfKey, hasFormula, sortedRows, type Grid } from './grid'
import { headerRole, isIdHeader, isIdValue, questionStrength, type HeaderRole } from './question-text'

/** The columns of a question sheet, 1-based. */
export interface DetectedLayout {
  /** The row whose labels named the columns; absent when the columns were found from content alone. */
  headerRow?: number
  idColumn?: number
  /** Plain numbers ("1", "2.") count as ids: only when the id column's header says so. */
  numericIds: boolean
  questionColumn: number
  /** Absent when the sheet has no answer column (the writer adds one) or answers are X marks. */
  answerColumn?: number
  commentColumn?: number
  /** "Yes" / "No" / "N/A" columns that take an X mark instead of one answer column. */
  markColumns: { col: number; label: string }[]
  /** Header labels by column, for telling repeated section headers from questions. */
  headerLabels: Map<number, string>
}

interface HeaderCandidate {
  row: number
  roles: Map<number, HeaderRole>
  labels: Map<number, string>
  score: number
}

const ROLE_SCORE: Record<HeaderRole, number> = { id: 1, question: 2, answer: 3, comment: 1, choice: 1.5, reserved: 0.5 }

function headerCandidate(grid: Grid, row: number): HeaderCandidate | undefined {
  const cells = grid.rows.get(row)!
  if ([...cells.values()].filter((t) => t.length > 100).length > 1) return undefined // a paragraph of instructions
  // A row holding an id and a question is a question row, whatever words its answer cells use ("Yes", "Describe ...").
  const texts = [...cells.values()]
  if (texts.some((t) => isIdValue(t)) && texts.some((t) => questionStrength(t) === 2)) return undefined
  const roles = new Map<number, HeaderRole>()
  const labels = new Map<number, string>()
  for (const [col, text] of cells) {
    // Labels are typed; a computed cell in a header row is a section title built from a lookup (HECVAT).
    const role = hasFormula(grid, row, col) ? undefined : headerRole(text)
    if (role) roles.set(col, role)
    labels.set(col, text)
  }
  const kinds = [...roles.values()]
  const choices = kinds.filter((k) => k === 'choice').length
  if (!kinds.some((k) => k === 'answer' || k === 'question') && choices < 2) return undefined
  const score = kinds.reduce((sum, k) => sum + ROLE_SCORE[k], 0) + (choices >= 2 ? 2 : 0)
  return score >= 3 ? { row, roles, labels, score } : undefined
}

/**
 * The header: the best-scoring header row, merged with the rows that repeat it section by section (HECVAT
 * repeats "Answer | Additional Information | Guidance" above every section, not always with every label).
 * Its row is the first of them, since questions start below it.
 */
function findHeader(grid: Grid): HeaderCandidate | undefined {
  const candidates = sortedRows(grid).flatMap((row) => headerCandidate(grid, row) ?? [])
  const best = candidates.reduce<HeaderCandidate | undefined>((b, c) => (!b || c.score > b.score ? c : b), undefined)
  if (!best) return undefined
  const answerCols = (c: HeaderCandidate) =>
    [...c.roles]
      .filter(([, r]) => r === 'answer' || r === 'choice')
      .map(([col]) => col)
      .join()
  const siblings = candidates.filter((c) => answerCols(c) === answerCols(best))
  const votes = new Map<number, Map<HeaderRole, number>>()
  for (const c of siblings) {
    for (const [col, role] of c.roles) {
      const v = votes.get(col) ?? new Map<HeaderRole, number>()
      votes.set(col, v.set(role, (v.get(role) ?? 0) + 1))
    }
  }
  const roles = new Map<number, HeaderRole>()
  for (const [col, v] of votes) roles.set(col, [...v].sort((a, b) => b[1] - a[1])[0]![0])
  const labels = new Map<number, string>()
  for (const c of siblings)
    for (const [col, label] of c.labels) if (!labels.has(col) && roles.has(col)) labels.set(col, label)
  return { row: siblings[0]!.row, roles, labels, score: best.score }
}

interface ColumnStats {
  ids: number
  numericIds: number
  strong: number
  weak: number
  /** Formula cells QFill could not evaluate: their text is unknown, so they may be questions. */
  unknown: number
}

function columnStats(grid: Grid, rows: number[]): Map<number, ColumnStats> {
  const stats = new Map<number, ColumnStats>()
  for (const row of rows) {
    for (const [col, text] of grid.rows.get(row)!) {
      let s = stats.get(col)
      if (!s) stats.set(col, (s = { ids: 0, numericIds: 0, strong: 0, weak: 0, unknown: 0 }))
      if (isIdValue(text)) s.ids++
      else if (isIdValue(text, true)) s.numericIds++
      const strength = questionStrength(text)
      if (strength === 2) s.strong++
      else if (strength === 1) s.weak++
    }
  }
  const counted = new Set(rows)
  for (const key of grid.unevaluated.keys()) {
    const { row, col } = cellOfKey(key)
    if (!counted.has(row) && grid.rows.has(row)) continue
    if (grid.hiddenRows.has(row)) continue
    let s = stats.get(col)
    if (!s) stats.set(col, (s = { ids: 0, numericIds: 0, strong: 0, weak: 0, unknown: 0 }))
    s.unknown++
  }
  return stats
}

const zero: ColumnStats = { ids: 0, numericIds: 0, strong: 0, weak: 0, unknown: 0 }
const questionScore = (s: ColumnStats) => 2 * s.strong + s.weak

function columnsWith(header: HeaderCandidate | undefined, role: HeaderRole): number[] {
  return header ? [...header.roles].filter(([, r]) => r === role).map(([c]) => c) : []
}

/**
 * Finds the header row and the id, question, answer and comment columns from three kinds of clues: header
 * labels, content (ids look like ids, questions end with "?" or open like one) and list validations (the answer
 * column is where the dropdowns are). Returns null when the sheet holds nothing that reads as questions.
 */
export function detectLayout(grid: Grid): DetectedLayout | null {
  const header = findHeader(grid)
  const rows = sortedRows(grid).filter((r) => !grid.hiddenRows.has(r) && r !== header?.row)
  const stats = columnStats(grid, rows)
  const reserved = new Set(columnsWith(header, 'reserved'))

  const headerId = columnsWith(header, 'id').find((c) => (stats.get(c)?.ids ?? 0) + (stats.get(c)?.numericIds ?? 0) > 0)
  const contentId = [...stats].filter(([, s]) => s.ids >= 3).sort((a, b) => b[1].ids - a[1].ids || a[0] - b[0])[0]?.[0]
  const idColumn = headerId ?? contentId
  const numericIds = headerId !== undefined && isIdHeader(header!.labels.get(headerId) ?? '')

  const eligible = (c: number) => c !== idColumn && !reserved.has(c)
  // A column its header names may hold questions QFill could not evaluate: they count, so the rows get reported.
  const named = columnsWith(header, 'question').filter((c) => {
    const s = stats.get(c) ?? zero
    return eligible(c) && questionScore(s) + s.unknown >= 2
  })
  const byContent = [...stats]
    .filter(([c, s]) => eligible(c) && !columnsWith(header, 'answer').includes(c) && questionScore(s) >= 2)
    .sort((a, b) => questionScore(b[1]) - questionScore(a[1]) || a[0] - b[0])
  const questionColumn = named[0] ?? byContent[0]?.[0]
  if (questionColumn === undefined) return null

  const free = (c: number) => c !== questionColumn && c !== idColumn && !reserved.has(c)
  const nearestRight = (cols: number[], from: number): number | undefined =>
    [...cols].sort((a, b) => (a > from ? a - from : 1000 + from - a) - (b > from ? b - from : 1000 + from - b))[0]
  let answerColumn = nearestRight(columnsWith(header, 'answer').filter(free), questionColumn)
  answerColumn ??= dropdownColumn(grid, rows, questionColumn, free)
  const markColumns =
    answerColumn === undefined && header
      ? columnsWith(header, 'choice')
          .filter(free)
          .map((col) => ({ col, label: header.labels.get(col)!.trim() }))
      : []
  const commentColumn = nearestRight(
    columnsWith(header, 'comment').filter((c) => free(c) && c !== answerColumn),
    answerColumn ?? questionColumn,
  )
  return {
    headerRow: header?.row,
    idColumn,
    numericIds,
    questionColumn,
    answerColumn,
    commentColumn,
    markColumns: markColumns.length >= 2 ? markColumns : [],
    headerLabels: header?.labels ?? new Map(),
  }
}

/** With no answer header, the column whose cells carry dropdowns on the question rows is the answer column. */
function dropdownColumn(
  grid: Grid,
  rows: number[],
  questionColumn: number,
  free: (c: number) => boolean,
): number | undefined {
  const counts = new Map<number, number>()
  for (const row of rows) {
    if (questionStrength(grid.rows.get(row)?.get(questionColumn) ?? '') === 0) continue
    for (const v of grid.lists) {
      for (const r of v.ranges) {
        if (row < r.r1 || row > r.r2) continue
        for (let c = r.c1; c <= Math.min(r.c2, r.c1 + 30); c++) if (free(c)) counts.set(c, (counts.get(c) ?? 0) + 1)
      }
    }
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]
  return best?.[0]
}
