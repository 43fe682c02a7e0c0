import type { WriteEntry, WriteSummary } from '../questionnaire/write/model'
import type { EvidenceDocument } from '../evidence/model'
import type { Questionnaire } from '../questionnaire/model'

/** The answer vocabulary. PLANNED carries its quarter in `planned` ("Q3/2026"). */
export type AnswerLabel = 'YES' | 'PARTIALLY' | 'PLANNED' | 'NO' | 'N/A'

export interface Citation {
  file: string
  location: string
  /** Verbatim text of the file (whitespace-normalised), at most 180 characters. */
  quote: string
}

export interface Answer {
  /** Question.key */
  key: string
  /** null: no evidence, the cell is left for the user (or keeps what was there). */
  label: AnswerLabel | null
  /** "Q3/2026" when label is PLANNED. */
  planned?: string
  /** A short answer in plain words, for free-text answer cells and comments. */
  text: string
  confidence: number
  citations: Citation[]
  flagged: boolean
  /** Why the answer is flagged (or why confidence is what it is): readable by the user. */
  reasons: string[]
  /** Set when the answer only follows another question's ("If yes, ..."): the key of that question. */
  dependencyOf?: string
  /** Set when the answer was taken from a previously answered questionnaire in the evidence. */
  reusedFrom?: string
  /** The answer was already in the uploaded questionnaire: kept as it was, never overwritten. */
  preexisting?: boolean
  /** Which offline-engine rules decided this answer (names from app/answering/offline/rules-table.ts), for the benchmark. */
  rules?: string[]
  /** For a question whose list holds things rather than verdicts ("4) AWS", "Tier III"): the item chosen, verbatim. */
  choice?: string
}

export interface EngineProgress {
  (processed: number, total: number): void
}

export interface AnsweringEngine {
  readonly name: string
  answer(questionnaire: Questionnaire, evidence: EvidenceDocument[], onProgress?: EngineProgress): Promise<Answer[]>
  /** Provider engines: batches whose calls kept failing (their questions were answered offline and flagged). */
  readonly usage?: { readonly failedBatches: number }
}

export const FLAG_THRESHOLD = 0.85
export const MAX_QUOTE_CHARS = 180

export function labelText(answer: Pick<Answer, 'label' | 'planned'>): string {
  if (answer.label === null) return 'no answer'
  return answer.label === 'PLANNED' ? `PLANNED ${answer.planned ?? ''}`.trim() : answer.label
}

/**
 * One entry of answers.json: a public contract, documented in the README. The fields the writer reads (answer,
 * cellValue, comment, confidence, flagged, reason, preexisting, confirmed: see questionnaire/write/model.ts) come
 * from WriteEntry. `answer` is the vocabulary label (YES, PARTIALLY, PLANNED Q#/YYYY, NO, N/A), or for a free-text
 * question the short answer; null: no evidence, left for the user (the cell stays empty or keeps what was there).
 * `cellValue` is what was written into the answer cell ('' = nothing written).
 */
export interface AnsweredQuestion extends WriteEntry {
  sheet: string
  row: number
  citations: Citation[]
}

export interface EvidenceReport {
  file: string
  chars: number
  status: EvidenceDocument['status']
  message?: string
}

export interface RunSummary extends WriteSummary {
  questionnaireKind: string
  format: Questionnaire['format']
  sheets: { name: string; questions: number }[]
  topReasons: { reason: string; count: number }[]
  evidence: EvidenceReport[]
  durationMs: number
}

export interface AnswersJson {
  questionnaire: string
  engine: string
  summary: RunSummary
  questions: AnsweredQuestion[]
}
