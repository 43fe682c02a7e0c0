import { FLAG_THRESHOLD, labelText, type Answer, type Citation } from '../answering/model'
import type { EvidenceDocument } from '../evidence/model'
import { applyProfileRule, cellAnswer } from '../questionnaire/cell-values'
import type { Question, Questionnaire } from '../questionnaire/model'

/** One entry of answers.json: a public contract, documented in the README. */
export interface AnsweredQuestion {
  id: string
  sheet: string
  row: number
  question: string
  /** The vocabulary label: YES, PARTIALLY, PLANNED Q#/YYYY, NO or N/A. */
  answer: string
  /** What was written into the answer cell. */
  cellValue: string
  comment: string
  confidence: number
  flagged: boolean
  reason: string
  citations: Citation[]
}

export interface EvidenceReport {
  file: string
  chars: number
  status: EvidenceDocument['status']
  message?: string
}

export interface RunSummary {
  questionnaireKind: string
  format: Questionnaire['format']
  sheets: { name: string; questions: number }[]
  questions: number
  answered: number
  flagged: number
  /** 0-1 */
  averageConfidence: number
  buckets: { high: number; medium: number; low: number }
  topReasons: { reason: string; count: number }[]
  evidence: EvidenceReport[]
  engine: string
  durationMs: number
  notes: string[]
}

export interface AnswersJson {
  questionnaire: string
  engine: string
  summary: RunSummary
  questions: AnsweredQuestion[]
}

export const HIGH = FLAG_THRESHOLD
export const MEDIUM = 0.6

export function bucketOf(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= HIGH ? 'high' : confidence >= MEDIUM ? 'medium' : 'low'
}

export function answeredQuestions(questionnaire: Questionnaire, answers: Answer[]): AnsweredQuestion[] {
  const byKey = new Map(answers.map((a) => [a.key, a]))
  return questionnaire.questions.map((q) => toEntry(q, applyProfileRule(q, byKey.get(q.key) ?? missing(q))))
}

function toEntry(q: Question, a: Answer): AnsweredQuestion {
  const cell = cellAnswer(q, a)
  return {
    id: q.id,
    sheet: q.location.sheet,
    row: q.location.row,
    question: q.text,
    answer: labelText(a),
    cellValue: cell.value,
    comment: cell.comment,
    confidence: round(a.confidence, 3),
    flagged: a.flagged,
    reason: a.reasons.join('; '),
    citations: a.citations,
  }
}

function missing(q: Question): Answer {
  return { key: q.key, label: 'N/A', text: '', confidence: 0, citations: [], flagged: true, reasons: ['not answered'] }
}

export function summarize(input: {
  questionnaire: Questionnaire
  entries: AnsweredQuestion[]
  evidence: EvidenceDocument[]
  engine: string
  durationMs: number
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
    answered: entries.filter((e) => e.cellValue !== '').length,
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
  }
}

function round(n: number, digits: number) {
  const f = 10 ** digits
  return Math.round(n * f) / f
}
