import type { AnswersJson } from '../../../app/answering/model'
import type { RowSpec } from '../../../app/review/values'

/**
 * What the build (scripts/make-fixtures.ts) records from a real run of QFill's pipeline on the files in
 * fixtures/: the mock answers with exactly what the server answers for those files.
 */
/** The upload's `unanswered` field: questions without evidence left blank, or answered No. */
export type UnansweredMode = 'blank' | 'no'

export interface FixtureData {
  /** The files the run read, so a test can upload the same ones to a real server. */
  questionnaire: { name: string; base64: string }
  evidence: { name: string; base64: string }[]
  /** The completed workbook, the one-page PDF and answers.json of the run, for each `unanswered` mode. */
  runs: Record<UnansweredMode, { xlsxBase64: string; pdfBase64: string; answers: AnswersJson }>
  /** What each answer cell may hold (the review's row specs), aligned with answers.questions. */
  specs: RowSpec[]
  /** How a job fails when its questionnaire has no questions: the server's own message. */
  failure: { questionnaire: { name: string; base64: string }; message: string }
  /** The server's OpenAPI document, served at /api/openapi.json. */
  openapi: unknown
}
