import type { Questionnaire } from '../model'

/**
 * What the writer reads of each answer and of the run's summary: the answer and comment cells it fills and the
 * _SUMMARY sheet. answering/model.ts's AnsweredQuestion and RunSummary satisfy these shapes, so write-back depends on
 * no answering module (imports run from answering and pipeline down to questionnaire, never back up).
 */
export interface WriteEntry {
  id: string
  question: string
  answer: string | null
  cellValue: string
  comment: string
  confidence: number
  flagged: boolean
  reason: string
  citations: { file: string; location: string; quote: string }[]
  /** Kept from the uploaded file: its cells are not written. */
  preexisting?: true
  confirmed?: true
}

export interface WriteSummary {
  questions: number
  answered: number
  flagged: number
  /** Answers the user accepted or edited in review; absent before any review. */
  confirmed?: number
  /** 0-1 */
  averageConfidence: number
  buckets: { high: number; medium: number; low: number }
  engine: string
  notes: string[]
  /** Earlier answered questionnaires used as the answer library, and whose answers they hold (null: not stated). */
  library?: {
    file: string
    vendor: string | null
    product: string | null
    family: string | null
    version: string | null
    date: string | null
  }[]
}

/**
 * Everything the completed workbook is built from. Every writer module takes it from here, so write.server.ts (which
 * picks the writer by format) and the writers it calls never import each other in a circle.
 */
export interface WriteInput {
  questionnaire: Questionnaire
  /** The uploaded file's bytes. */
  original: Uint8Array
  /** One per question, in the questionnaire's order. */
  entries: WriteEntry[]
  summary: WriteSummary
}
