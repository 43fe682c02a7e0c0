import { FLAG_THRESHOLD, type AnsweredQuestion, type RunSummary } from './model'

/**
 * The one summary of a questionnaire's answers: answers.json's `summary`, the _SUMMARY sheet, the PDF and the result
 * card all show what this returns. The pipeline calls it when a run ends, review and PATCH /api/answers when they
 * rebuild, and `qfill apply` when it writes edited answers: the figures agree because there is one function.
 */

export const HIGH = FLAG_THRESHOLD
export const MEDIUM = 0.6

export function bucketOf(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= HIGH ? 'high' : confidence >= MEDIUM ? 'medium' : 'low'
}

/** The figures counted from the answers; everything else in a summary describes the run and is carried through. */
export const COUNTED = [
  'questions',
  'answered',
  'flagged',
  'confirmed',
  'averageConfidence',
  'buckets',
  'topReasons',
] as const satisfies readonly (keyof RunSummary)[]

/**
 * What a summary says about the run rather than the answers (the questionnaire's kind and sheets, the evidence
 * read, the engine, duration, notes, and whatever later fields describe the run): taken as given.
 */
export type SummaryContext = Omit<RunSummary, (typeof COUNTED)[number]>

/** The run's part of an existing summary, to summarize edited answers of the same run. */
export function contextOf(summary: RunSummary): SummaryContext {
  const context: Partial<RunSummary> = { ...summary }
  for (const key of COUNTED) delete context[key]
  return context as SummaryContext
}

/**
 * Counts, from the answers as they stand:
 * - answered: answers written into a cell, plus answers kept from the uploaded file (written or not, they are there);
 * - flagged: answers a person should still look at;
 * - confirmed: answers a person accepted or edited in review (present once there is one);
 * - averageConfidence: a confirmed answer counts as certain (1);
 * - buckets: the machine's answers only (confirmed ones are counted apart);
 * - topReasons: the five commonest reasons among flagged answers.
 */
export function summarize(entries: AnsweredQuestion[], context: SummaryContext): RunSummary {
  const machine = entries.filter((e) => !e.confirmed)
  const buckets = { high: 0, medium: 0, low: 0 }
  for (const e of machine) buckets[bucketOf(e.confidence)]++
  const reasons = new Map<string, number>()
  for (const e of entries) {
    if (!e.flagged) continue
    for (const r of e.reason.split('; ').filter(Boolean)) reasons.set(r, (reasons.get(r) ?? 0) + 1)
  }
  const confirmed = entries.length - machine.length
  const total = entries.reduce((sum, e) => sum + (e.confirmed ? 1 : e.confidence), 0)
  // The documented order of answers.json: what was read, the counts, then the rest of the run.
  const { questionnaireKind, format, sheets, ...run } = context
  return {
    questionnaireKind,
    format,
    sheets,
    questions: entries.length,
    answered: entries.filter(isAnswered).length,
    flagged: entries.filter((e) => e.flagged).length,
    ...(confirmed ? { confirmed } : {}),
    averageConfidence: entries.length ? round(total / entries.length, 3) : 0,
    buckets,
    topReasons: [...reasons]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([reason, count]) => ({ reason, count })),
    ...run,
  }
}

/** An answer the completed workbook holds: written into its cell, or kept from the file. */
export function isAnswered(e: Pick<AnsweredQuestion, 'cellValue' | 'preexisting'>): boolean {
  return e.cellValue !== '' || e.preexisting === true
}

function round(n: number, digits: number) {
  const f = 10 ** digits
  return Math.round(n * f) / f
}
