import type { Citation } from '../answering/model'
import type { AnsweredQuestion } from '../answering/model'
import { currentEntries, needsAnswer, type ReviewState } from './edits'
import { shownComment, shownValue } from './submit'
import type { AnswerMode } from './values'

/** Where a job's review screen is: the result screen and /token-status link here. */
export function reviewHref(jobId: string): string {
  return `/jobs/${encodeURIComponent(jobId)}/review`
}

/** The spec's wording once files are gone. */
export const EXPIRED_MESSAGE = 'Files have been deleted due to 1-hour security policy'

export const PAGE_SIZE = 50
export const FILTERS = [
  { id: 'needs', label: 'Needs your answer' },
  { id: 'flagged', label: 'Flagged' },
  { id: 'all', label: 'All' },
] as const
export type ReviewFilter = (typeof FILTERS)[number]['id']

export interface ReviewRowView {
  key: string
  id: string
  sheet: string
  row: number
  section: string | null
  question: string
  mode: AnswerMode
  options: string[]
  cellValue: string
  answer: string | null
  comment: string
  citations: Citation[]
  confidence: number
  flagged: boolean
  reason: string
  confirmed: boolean
  needsAnswer: boolean
  /** The answer is the uploaded file's own (shown as "Kept from your file"). */
  preexisting: boolean
  /** Whether a machine confidence means anything here: not for a kept answer or a profile detail. */
  showConfidence: boolean
}

export interface ReviewCounts {
  all: number
  flagged: number
  needs: number
  confirmed: number
}

export interface ReviewPage {
  filter: ReviewFilter
  q: string
  page: number
  pages: number
  matching: number
  rows: ReviewRowView[]
  counts: ReviewCounts
  revision: number
  pending: boolean
  lastChange: string | null
}

export function rowView(e: AnsweredQuestion, spec: ReviewState['specs'][number] | undefined): ReviewRowView {
  const options = spec?.options ?? []
  const cellValue = shownValue(e, spec)
  return {
    key: `${e.sheet}!${e.row}`,
    id: e.id,
    sheet: e.sheet,
    row: e.row,
    section: spec?.section ?? null,
    question: e.question,
    mode: spec?.mode ?? 'text',
    // A value not among the choices (a planned quarter the machine wrote, a kept answer) stays choosable.
    options: cellValue && spec?.mode !== 'text' && !options.includes(cellValue) ? [...options, cellValue] : options,
    cellValue,
    answer: e.answer,
    comment: shownComment(e, spec),
    citations: e.citations,
    confidence: e.confidence,
    flagged: e.flagged,
    reason: e.reason,
    confirmed: Boolean(e.confirmed),
    needsAnswer: needsAnswer(e),
    preexisting: Boolean(e.preexisting),
    showConfidence: !e.preexisting && !e.confirmed && !spec?.profile,
  }
}

export function countsOf(entries: AnsweredQuestion[]): ReviewCounts {
  return {
    all: entries.length,
    flagged: entries.filter((e) => e.flagged).length,
    needs: entries.filter(needsAnswer).length,
    confirmed: entries.filter((e) => e.confirmed).length,
  }
}

export function parseFilter(value: string | null, counts: ReviewCounts): ReviewFilter {
  if (value === 'needs' || value === 'flagged' || value === 'all') return value
  return counts.flagged ? 'flagged' : 'all'
}

/** One page of the review: the filter and search applied, in the questionnaire's order, 50 rows a page. */
export function reviewPage(
  state: ReviewState,
  params: { filter: string | null; q: string | null; page: string | null },
): ReviewPage {
  const entries = currentEntries(state)
  const counts = countsOf(entries)
  const filter = parseFilter(params.filter, counts)
  const q = (params.q ?? '').trim().slice(0, 200)
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  const matching = entries
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => (filter === 'needs' ? needsAnswer(e) : filter === 'flagged' ? e.flagged : true))
    .filter(({ e, i }) => {
      if (!words.length) return true
      const text = `${e.id} ${e.question} ${shownValue(e, state.specs[i])} ${e.comment} ${e.sheet}`.toLowerCase()
      return words.every((w) => text.includes(w))
    })
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE))
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.page ?? '1', 10) || 1))
  const rows = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(({ e, i }) => rowView(e, state.specs[i]))
  return {
    filter,
    q,
    page,
    pages,
    matching: matching.length,
    rows,
    counts,
    revision: state.revision,
    pending: state.revision !== state.builtRevision,
    lastChange: state.history.at(-1)?.label ?? null,
  }
}

/** Rows grouped for display: by sheet, then by section, keeping the questionnaire's order. */
export function groupRows(
  rows: ReviewRowView[],
): { sheet: string; sections: { section: string | null; rows: ReviewRowView[] }[] }[] {
  const groups: { sheet: string; sections: { section: string | null; rows: ReviewRowView[] }[] }[] = []
  for (const row of rows) {
    let sheet = groups.at(-1)
    if (!sheet || sheet.sheet !== row.sheet) groups.push((sheet = { sheet: row.sheet, sections: [] }))
    let section = sheet.sections.at(-1)
    if (!section || section.section !== row.section) sheet.sections.push((section = { section: row.section, rows: [] }))
    section.rows.push(row)
  }
  return groups
}
