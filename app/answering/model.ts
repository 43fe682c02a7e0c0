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
  label: AnswerLabel
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
  /** For a question whose list holds things rather than verdicts ("4) AWS", "Tier III"): the item chosen, verbatim. */
  choice?: string
}

export interface EngineProgress {
  (processed: number, total: number): void
}

export interface AnsweringEngine {
  readonly name: string
  answer(questionnaire: Questionnaire, evidence: EvidenceDocument[], onProgress?: EngineProgress): Promise<Answer[]>
}

export const FLAG_THRESHOLD = 0.85
export const MAX_QUOTE_CHARS = 180

export function labelText(answer: Pick<Answer, 'label' | 'planned'>): string {
  return answer.label === 'PLANNED' ? `PLANNED ${answer.planned ?? ''}`.trim() : answer.label
}
