/**
 * The Questionnaire model: what every later stage (answering, writing, reports) reads.
 * Plain data only, so it can be serialised into answers.json and passed between processes.
 */

export type QuestionnaireFormat = 'xlsx' | 'xls' | 'csv' | 'docx'

/** Where a question sits in its source file. For workbooks: sheet name and 1-based row; cells in A1 notation. */
export interface QuestionLocation {
  sheet: string
  row: number
  questionCell: string
  /** The cell that receives the answer (Yes/No/...); absent when the questionnaire has no answer column. */
  answerCell?: string
  /** The cell that receives the explanation and citations. */
  commentCell?: string
}

export interface Question {
  /** Unique within the questionnaire: `${sheet}!${row}` for workbooks. */
  key: string
  /** The questionnaire's own id (e.g. "IAM-01.1", "HFIH-01") or a generated one ("Q12") when it has none. */
  id: string
  text: string
  section?: string
  location: QuestionLocation
  /** Allowed values of the answer cell (its dropdown list), in the questionnaire's own spelling; absent = free text. */
  allowed?: string[]
  /** 'profile' rows ask for vendor facts (name, contact, date), not security practice: left for the user unless evidence states them. */
  kind: 'question' | 'profile'
  /** A question that only applies given an earlier answer ("If yes, ..."). */
  dependsOn?: { key: string; when: 'YES' | 'NO' }
}

export interface SheetLayout {
  name: string
  headerRow: number
  idColumn?: string
  questionColumn: string
  answerColumn?: string
  commentColumn?: string
  questionCount: number
}

export interface Questionnaire {
  fileName: string
  format: QuestionnaireFormat
  /** A human label for the kind of questionnaire ("CAIQ v4", "HECVAT Lite", "Custom spreadsheet"). */
  kind: string
  sheets: SheetLayout[]
  questions: Question[]
  /** Things the user should know about how the file was read (skipped sheets, guessed columns). */
  notes: string[]
}

/** A problem with the questionnaire file itself that the user must fix; the message says what. */
export class QuestionnaireError extends Error {
  name = 'QuestionnaireError'
}
