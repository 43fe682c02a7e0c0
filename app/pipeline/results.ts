import { noEvidenceAnswer } from '../answering/contract'
import { labelText, type Answer, type AnsweredQuestion } from '../answering/model'
import type { SummaryContext } from '../answering/summary'
import type { EvidenceDocument, LibraryIdentity } from '../evidence/model'
import { applyProfileRule, cellAnswer } from './cell-values'
import { isYesNoQuestion, type Question, type Questionnaire } from '../questionnaire/model'

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

/** The run's part of the summary (what the questionnaire is, what evidence was read, by which engine, how long). */
export function runContext(input: {
  questionnaire: Questionnaire
  evidence: EvidenceDocument[]
  engine: string
  durationMs: number
  /** Earlier answered questionnaires used as the answer library, and whose answers they hold. */
  library?: LibraryIdentity[]
}): SummaryContext {
  const { questionnaire } = input
  return {
    questionnaireKind: questionnaire.kind,
    format: questionnaire.format,
    sheets: questionnaire.sheets.map((s) => ({ name: s.name, questions: s.questionCount })),
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
