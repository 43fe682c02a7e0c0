/** The file types accepted as evidence (extension, case-insensitive); .xlsx, .xls and .csv (and answered .docx forms) are answer libraries. */
export const EVIDENCE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'md',
  'rst',
  'html',
  'htm',
  'zip',
  'xlsx',
  'xls',
  'csv',
] as const

/** The types that are plain text (no NUL byte, no binary signature), whatever markup they carry. */
export const TEXT_EXTENSIONS: readonly string[] = ['txt', 'md', 'rst', 'html', 'htm', 'csv']

/** The largest evidence file read (the upload limit and the reader's own check share it). */
export const EVIDENCE_MAX_BYTES = 25 * 1024 * 1024

/** Evidence: text extracted from the user's files, each piece with a location a reader can find again. */

export interface Passage {
  /** The evidence file's name as uploaded (for files inside a .zip: "archive.zip/inner.pdf"). */
  file: string
  /** Where in the file: "page 3", "Security > Encryption", "Sheet1!C12". */
  location: string
  text: string
  /** What the text is about without saying it: the header row of the table the passage is a row of. */
  context?: string
}

/** A previously answered question found in an evidence workbook (the answer library). */
export interface LibraryEntry {
  file: string
  /** Where the answer is: the answer cell ("Sheet!C12"), else the explanation cell. */
  location: string
  question: string
  answer: string
  comment?: string
  /** The explanation cell, when there is one. */
  commentLocation?: string
  /** The question's own id in that file ("HLAA-01", "IAM-01.1"), and its key there. */
  id?: string
  key?: string
  /** The kind of questionnaire it came from ("HECVAT Full 3.04", "CAIQ v4"): its family decides how ids compare. */
  kind?: string
}

/**
 * Whose answers an earlier answered questionnaire holds: read from its profile rows (vendor, product, date), its
 * form (family, version) and, for the date, its file name. null: the file does not say.
 */
export interface LibraryIdentity {
  file: string
  vendor: string | null
  product: string | null
  /** "HECVAT Full", "CAIQ", "Custom spreadsheet". */
  family: string | null
  /** "3.04", "4.0.2". */
  version: string | null
  /** ISO date (YYYY-MM-DD) the answers were given. */
  date: string | null
}

export interface EvidenceDocument {
  file: string
  passages: Passage[]
  library: LibraryEntry[]
  /** Characters of text obtained. */
  chars: number
  /** ok: text read; empty: nothing readable (the message says why); error: the file could not be read. */
  status: 'ok' | 'empty' | 'error'
  /** What the user should know about this file (why it gave no text, skipped pages, its language). */
  message?: string
  /** Set when the text is clearly not English ("Spanish"). */
  language?: string
  /** For an answered questionnaire used as a library: whose answers it holds. */
  identity?: LibraryIdentity
}

export interface EvidenceInput {
  name: string
  bytes: Uint8Array
  /** library: uploaded as an earlier answered questionnaire, read as one whatever its detection says. */
  role?: 'evidence' | 'library'
}

/** A file we understood well enough to say exactly what is wrong with it; the message names the file. */
export class EvidenceReadError extends Error {
  name = 'EvidenceReadError'
}
