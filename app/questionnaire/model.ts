/**
 * The Questionnaire model: what every later stage (answering, writing, reports) reads.
 * Plain data only, so it can be serialised into answers.json and passed between processes.
 */

/** The file types a questionnaire may be (extension, case-insensitive). */
export const QUESTIONNAIRE_EXTENSIONS = ['xlsx', 'xls', 'csv', 'docx'] as const
export type QuestionnaireFormat = (typeof QUESTIONNAIRE_EXTENSIONS)[number]

/** Where a question sits in its source file. For workbooks: sheet name and 1-based row; cells in A1 notation. */
export interface QuestionLocation {
  sheet: string
  row: number
  questionCell: string
  /** The cell that receives the answer (Yes/No/...); absent when the questionnaire has no answer column. */
  answerCell?: string
  /** The cell that receives the explanation and citations. */
  commentCell?: string
  /** "Yes" / "No" / "N/A" columns that take an X mark: the answer is an X in the cell of the chosen value. */
  markCells?: { value: string; cell: string }[]
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
  /**
   * Set on a row that is a question (it has an id, or its answer cell a dropdown) but whose text QFill could not
   * read: why, in words for the user (UNREADABLE_QUESTION). Its `text` is empty; nothing is answered or written.
   */
  unreadable?: string
}

/** The reason given for a question row whose text is a formula QFill could not evaluate (issue 19). */
export const UNREADABLE_QUESTION =
  'question text is a formula QFill could not evaluate: open and save the file in Excel, then upload it again'

export interface SheetLayout {
  name: string
  /** The row whose labels named the columns; 0 when they were found from content alone. */
  headerRow: number
  idColumn?: string
  questionColumn: string
  /** Where answers go. When the sheet had no answer column this is a new column the writer adds (see `added`). */
  answerColumn?: string
  commentColumn?: string
  /** X-mark columns ("Yes", "No", "N/A") used instead of an answer column. */
  markColumns?: string[]
  /** Columns QFill adds because the sheet had none for answers or comments; the writer writes their headers. */
  added?: { answer?: string; comment?: string }
  /** Every distinct allowed-value list found on the answer cells. */
  allowedLists: string[][]
  questionCount: number
  profileCount: number
  /** Rows whose answer cell is a formula or reserved by the template (they repeat another sheet's answer). */
  mirroredRows: number
  /** Question rows whose text QFill could not read (counted in questionCount; see Question.unreadable). */
  unreadableRows: number
  hiddenRowsSkipped: number
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

/** Verdict labels as spelled in answer cells' lists. */
export type VerdictLabel = 'YES' | 'NO' | 'N/A' | 'PARTIALLY' | 'PLANNED'

const MATCHERS: Record<VerdictLabel, RegExp[]> = {
  YES: [/^y(es)?\.?$/i, /^yes\b/i, /^(true|x|✓|✔|implemented|compliant|in place|fully (implemented|compliant))$/i],
  NO: [/^no?\.?$/i, /^no\b/i, /^(false|not implemented|non-?compliant|not in place)$/i],
  'N/A': [/^n\s*\/?\s*a\.?$/i, /^not applicable\b/i, /^n\/a\b/i, /^does not apply\b/i],
  PARTIALLY: [/^partial(ly)?\b/i, /\bpartial(ly)?\b/i, /^in progress$/i],
  PLANNED: [/^planned\b/i, /\b(planned|roadmap|in progress|future)\b/i],
}

/** "1) Yes", "a. No", "(3) N/A" → the value without its numbering. */
export function allowedItemName(value: string): string {
  return value.trim().replace(/^(?:\(?[0-9a-z]{1,2}[).:]|[0-9]{1,2}\s*[-–])\s*/i, '')
}

/** The value of an answer cell's list that says this verdict, if it has one. */
export function findAllowed(label: VerdictLabel, allowed: string[]): string | undefined {
  for (const re of MATCHERS[label]) {
    const hit = allowed.find((v) => re.test(allowedItemName(v)))
    if (hit) return hit
  }
  return undefined
}

/** Questions that ask for text ("Where is ...", "What is ...", "Describe ..."): never answered Yes or No. */
const ASKS_FOR_TEXT =
  /^(?:\(?[0-9a-z]{1,3}[.):]\s+)?(?:where|what|which|who|whom|whose|when|why|how|describe|list|provide|explain|identify|specify|state|name|outline|summari[sz]e|detail|indicate|include|enter)\b/i

const YES_NO_QUESTION =
  /^(?:\S+\s+)?(do|does|did|is|are|was|were|has|have|had|can|could|will|would|shall|should|may|must)\b|^(?:\S+\s+)?(?:if so|if yes)/i
/**
 * "Encrypted? (Y/N) Explain.", "MFA for administrative access (Y/N)": the question says its answer is Yes or No,
 * after its question mark or at its end.
 */
const MARKED_YES_NO = /\?\s*\(?(?:yes|y)\s*\/\s*(?:no|n)\b|[\s(\[](?:yes|y)\s*\/\s*(?:no|n)[)\]]?\s*[?.:]?\s*$/i
/** "Any significant changes in the last 5 years?": whether something exists or happened, without an auxiliary. */
const EXISTENCE_QUESTION = /^(?:\S+\s+)?any\b[^?]*\?\s*$/i

/** A question answered by a verdict (it has a list, or its grammar asks Yes/No). */
export function isYesNoQuestion(question: Pick<Question, 'text' | 'allowed'>): boolean {
  if (question.allowed?.length) return true
  const text = question.text.trim()
  if (ASKS_FOR_TEXT.test(text)) return false
  return YES_NO_QUESTION.test(text) || EXISTENCE_QUESTION.test(text) || MARKED_YES_NO.test(text)
}
