import type { WriteEntry, WriteSummary } from './model'
import { cellText } from '../cell-text'
import type { Question } from '../model'
import type { Row } from '../ooxml/new-sheet'

export const SUMMARY_SHEET = '_SUMMARY'
/** A1 of every _SUMMARY sheet QFill writes: how a later read recognises it. */
export const SUMMARY_TITLE = 'QFill summary'

export const SUMMARY_HEADER = [
  'ID',
  'Cell',
  'Question',
  'Answer',
  'Cell value',
  'Confidence %',
  'Flagged',
  'Confirmed by you',
  'Reason',
  'Citations',
]
export const SUMMARY_WIDTHS = [12, 22, 60, 16, 16, 13, 9, 11, 40, 80]

/** The _SUMMARY sheet: totals and confidence buckets on top, then one row per question. */
export function summaryRows(input: {
  fileName: string
  summary: WriteSummary
  questions: Question[]
  entries: WriteEntry[]
  extraNotes?: string[]
}): { rows: Row[]; headerRow: number } {
  const { summary } = input
  const pct = (n: number) => Math.round(n * 1000) / 10
  const rows: Row[] = [
    [SUMMARY_TITLE, input.fileName],
    ['Questions', summary.questions, 'Answered', summary.answered, 'Flagged for review', summary.flagged],
    ['Average confidence %', pct(summary.averageConfidence), 'Engine', summary.engine],
    // Answers a person confirmed in review are counted apart from the machine's; the buckets cover the machine's only.
    ['Confirmed by you', summary.confirmed ?? 0, 'Machine answers', summary.questions - (summary.confirmed ?? 0)],
    [
      'High (≥ 85 %)',
      summary.buckets.high,
      'Medium (60–84 %)',
      summary.buckets.medium,
      'Low (< 60 %)',
      summary.buckets.low,
    ],
  ]
  for (const l of summary.library ?? [])
    rows.push([
      'Answer library',
      l.file,
      'Vendor',
      l.vendor ?? 'not stated',
      'Product',
      l.product ?? 'not stated',
      'Form',
      [l.family, l.version].filter(Boolean).join(' ') || 'not stated',
      'Date',
      l.date ?? 'not stated',
    ])
  for (const note of [...(input.extraNotes ?? []), ...summary.notes]) rows.push(['Note', note])
  rows.push([])
  rows.push(SUMMARY_HEADER)
  const headerRow = rows.length
  input.entries.forEach((e, i) => {
    const q = input.questions[i]!
    const marked = q.location.markCells?.find((m) => m.value === e.cellValue)?.cell
    const cell = `${q.location.sheet}!${marked ?? q.location.answerCell ?? q.location.questionCell}`
    rows.push([
      e.id,
      cell,
      e.question,
      e.answer ?? '',
      e.cellValue,
      pct(e.confidence),
      e.flagged ? 'YES' : 'NO',
      e.confirmed ? 'YES' : '',
      e.reason,
      e.citations.map((c) => `${c.file} (${c.location}): "${c.quote}"`).join('\n'),
    ])
  })
  return {
    headerRow,
    rows: rows.map((row) => row.map((v) => (typeof v === 'string' ? cellText(v) : v))),
  }
}
