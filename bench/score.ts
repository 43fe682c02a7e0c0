import type { Answer, AnswerLabel, Citation } from '../app/answering/model'
import { cellAnswer } from '../app/pipeline/cell-values'
import { isYesNoQuestion, type Question } from '../app/questionnaire/model'

/**
 * The vendor's real answer, as read from the completed questionnaire (or a labelled set). NOT_STATED: the labelled
 * evidence does not say; leaving the row blank is the right answer there.
 */
export type Truth = 'YES' | 'NO' | 'N/A' | 'BLANK' | 'TEXT' | 'NOT_STATED'

export interface Scored {
  key: string
  id: string
  question: string
  truth: Truth
  answer: Answer
  /** The question as the engine saw it (to tell free-text rows from Yes/No ones). */
  q?: Question
}

/** Each question row of a questionnaire with the engine's answer and the vendor's own (the truth, by key). */
export function scoredRows(questions: Question[], truth: Map<string, Truth>, answers: Answer[]): Scored[] {
  const byKey = new Map(answers.map((a) => [a.key, a]))
  return questions
    .filter((q) => q.kind === 'question')
    .map((q) => ({
      key: q.key,
      id: q.id,
      question: q.text,
      truth: truth.get(q.key) ?? 'BLANK',
      answer: byKey.get(q.key)!,
      q,
    }))
}

export interface Band {
  answers: number
  right: number
}

export interface SetScore {
  questions: number
  /** Rows whose truth is Yes or No. */
  yesNoRows: number
  yes: number
  no: number
  /** Answers on those rows that put a Yes or a No (PARTIALLY counts as Yes, PLANNED as No) in the cell. */
  written: number
  writtenRight: number
  unflagged: number
  unflaggedRight: number
  recallYes: number | null
  recallNo: number | null
  /** Mean of the two recalls; a blank counts as a miss. */
  balancedAccuracy: number | null
  /** Labelled not-stated rows, and how many were left blank (right) or written (wrong). */
  notStated: number
  notStatedBlank: number
  citations: number
  invalidCitations: number
  /** Rows whose question asks for text and whose cell got a bare Yes/No. Must be 0. */
  yesNoOnFreeText: number
  /** Confidence bands over written answers: >= 0.85, 0.60-0.85, < 0.60. */
  bands: { high: Band; medium: Band; low: Band }
  naRows: number
  naMatched: number
}

/** Which side of Yes/No a label falls on (dropdowns map PARTIALLY to Yes, PLANNED to No). */
export function side(label: AnswerLabel | null): 'YES' | 'NO' | 'OTHER' {
  if (label === 'YES' || label === 'PARTIALLY') return 'YES'
  if (label === 'NO' || label === 'PLANNED') return 'NO'
  return 'OTHER'
}

export const ratio = (n: number, d: number) => (d ? n / d : null)

/** Whether a row's answer is scored right: its side matches the truth (a not-stated row is right when left blank). */
export function isRight(r: Scored): boolean {
  if (r.truth === 'NOT_STATED') return r.answer.label === null
  return side(r.answer.label) === r.truth
}

function writesVerdict(r: Scored): boolean {
  return side(r.answer.label) !== 'OTHER'
}

/**
 * Scores one set. Coverage, precision and balanced accuracy count the rows whose truth is Yes or No (a blank is a
 * miss for recall, and is not a written answer); labelled not-stated rows count against precision when written.
 */
export function scoreSet(rows: Scored[], verbatim: (c: Citation) => boolean): SetScore {
  const yesRows = rows.filter((r) => r.truth === 'YES')
  const noRows = rows.filter((r) => r.truth === 'NO')
  const notStated = rows.filter((r) => r.truth === 'NOT_STATED')
  const scoredRows = [...yesRows, ...noRows, ...notStated]
  const written = scoredRows.filter(writesVerdict)
  const unflagged = written.filter((r) => !r.answer.flagged)
  const recallYes = ratio(yesRows.filter(isRight).length, yesRows.length)
  const recallNo = ratio(noRows.filter(isRight).length, noRows.length)
  const citations = rows.flatMap((r) => r.answer.citations)
  const band = (lo: number, hi: number): Band => {
    const inBand = written.filter((r) => r.answer.confidence >= lo && r.answer.confidence < hi)
    return { answers: inBand.length, right: inBand.filter(isRight).length }
  }
  const naRows = rows.filter((r) => r.truth === 'N/A' || r.truth === 'BLANK')
  return {
    questions: rows.length,
    yesNoRows: yesRows.length + noRows.length,
    yes: yesRows.length,
    no: noRows.length,
    written: written.length,
    writtenRight: written.filter(isRight).length,
    unflagged: unflagged.length,
    unflaggedRight: unflagged.filter(isRight).length,
    recallYes,
    recallNo,
    balancedAccuracy: recallYes !== null && recallNo !== null ? (recallYes + recallNo) / 2 : null,
    notStated: notStated.length,
    notStatedBlank: notStated.filter(isRight).length,
    citations: citations.length,
    invalidCitations: citations.filter((c) => !verbatim(c)).length,
    yesNoOnFreeText: rows.filter((r) => r.q && freeTextGotVerdict(r.q, r.answer)).length,
    bands: { high: band(0.85, 2), medium: band(0.6, 0.85), low: band(-1, 0.6) },
    naRows: naRows.length,
    naMatched: naRows.filter((r) => r.answer.label === 'N/A').length,
  }
}

/** A question that asks for text whose cell would get a bare verdict ("Yes", "No"). */
export function freeTextGotVerdict(q: Question, a: Answer): boolean {
  if (q.kind !== 'question' || isYesNoQuestion(q)) return false
  const value = cellAnswer(q, a).value.trim()
  return /^(?:yes|no|partially|planned(?:\s+q\d\/\d{4})?)\.?$/i.test(value)
}

/** Reads a vendor's cell as a truth label. */
export function truthOf(cell: string): Truth {
  const v = cell.trim()
  if (!v) return 'BLANK'
  if (/^yes\.?$/i.test(v)) return 'YES'
  if (/^no\.?$/i.test(v)) return 'NO'
  if (/^(?:n\/?a|not applicable)\.?$/i.test(v)) return 'N/A'
  return 'TEXT'
}

/**
 * The lowest threshold at which answers of the other sets reach the target precision: calibration fitted on
 * `fit`, to be judged on a set it did not see. Undefined when no threshold reaches it.
 */
export function fitThreshold(fit: Scored[], target = 0.95): number | undefined {
  const written = fit.filter((r) => r.truth !== 'N/A' && r.truth !== 'BLANK' && r.truth !== 'TEXT' && writesVerdict(r))
  const levels = [...new Set(written.map((r) => Math.round(r.answer.confidence * 100) / 100))].sort((a, b) => a - b)
  for (const t of levels) {
    const above = written.filter((r) => r.answer.confidence >= t - 1e-9)
    if (above.length >= 5 && above.filter(isRight).length / above.length >= target) return t
  }
  return undefined
}
