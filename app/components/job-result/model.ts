/** What the result screen shows of a completed job (the route's loader builds it). */
export interface ResultView {
  id: string
  evidenceCount: number
  questionCount: number
  averageConfidence: number
  flaggedCount: number
  /** Answers the user confirmed in review. */
  confirmedCount: number
  expiresAt: string | null
  deleted: boolean
  xlsx: string
  pdf: string
  review: {
    id: string
    row: number
    sheet: string
    question: string
    answer: string | null
    confidence: number
    reason: string
  }[]
  engine: string
  evidence: { file: string; chars: number; status: 'ok' | 'empty' | 'error'; message?: string }[]
  notes: string[]
}
