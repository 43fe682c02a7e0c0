import { noEvidenceAnswer } from '../answering/contract'
import { FLAG_THRESHOLD, labelText, type Answer, type AnsweredQuestion, type RunSummary } from '../answering/model'
import type { EvidenceDocument, LibraryIdentity } from '../evidence/model'
import { applyProfileRule, cellAnswer } from './cell-values'
import { isYesNoQuestion, type Question, type Questionnaire } from '../questionnaire/model'

export const HIGH = FLAG_THRESHOLD
export const MEDIUM = 0.6

export function bucketOf(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= HIGH ? 'high' : confidence >= MEDIUM ? 'medium' : 'low'
}

export function answeredQuestions(questionnaire: Questionnaire, answers: Answer[]): AnsweredQuestion[] {
  const byKey = new Map(answers.map((a) => [a.key, a]))
  return questionnaire.questions.map((q) => toEntry(q, applyProfileRule(q, byKey.get(q.key) ?? noEvidenceAnswer(q))))
}

function toEntry(q: Question, a: Answer): AnsweredQuestion {
  const cell = cellAnswer(q, a)
  return {
    id: q.id,
    sheet: q.location.sheet,
    row: q.location.row,
    question: q.text,
    answer: a.label === null ? null : isYesNoQuestion(q) ? labelText(a) : a.text || labelText(a),
    cellValue: cell.value,
    comment: cell.comment,
    confidence: round(a.confidence, 3),
    flagged: a.flagged,
    reason: a.reasons.join('; '),
    citations: a.citations,
    rule: a.rule ?? null,
    ...(a.preexisting ? { preexisting: true as const } : {}),
  }
}

export function summarize(input: {
  questionnaire: Questionnaire
  entries: AnsweredQuestion[]
  evidence: EvidenceDocument[]
  engine: string
  durationMs: number
  /** Earlier answered questionnaires used as the answer library, and whose answers they hold. */
  library?: LibraryIdentity[]
}): RunSummary {
  const { questionnaire, entries } = input
  const buckets = { high: 0, medium: 0, low: 0 }
  for (const e of entries) buckets[bucketOf(e.confidence)]++
  const reasons = new Map<string, number>()
  for (const e of entries) {
    if (!e.flagged) continue
    for (const r of e.reason.split('; ').filter(Boolean)) reasons.set(r, (reasons.get(r) ?? 0) + 1)
  }
  const total = entries.reduce((sum, e) => sum + e.confidence, 0)
  return {
    questionnaireKind: questionnaire.kind,
    format: questionnaire.format,
    sheets: questionnaire.sheets.map((s) => ({ name: s.name, questions: s.questionCount })),
    questions: entries.length,
    answered: entries.filter((e) => e.cellValue !== '' || e.preexisting).length,
    flagged: entries.filter((e) => e.flagged).length,
    averageConfidence: entries.length ? round(total / entries.length, 3) : 0,
    buckets,
    topReasons: [...reasons]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([reason, count]) => ({ reason, count })),
    evidence: input.evidence.map((d) => ({ file: d.file, chars: d.chars, status: d.status, message: d.message })),
    engine: input.engine,
    durationMs: Math.round(input.durationMs),
    notes: questionnaire.notes,
    library: input.library ?? [],
  }
}

function round(n: number, digits: number) {
  const f = 10 ** digits
  return Math.round(n * f) / f
}
