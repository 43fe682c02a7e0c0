/** The file types accepted as evidence (extension, case-insensitive); .xlsx, .xls and .csv (and answered .docx forms) are answer libraries. */
export const EVIDENCE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'md', 'rst', 'zip', 'xlsx', 'xls', 'csv'] as const

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
}

export interface EvidenceInput {
  name: string
  bytes: Uint8Array
}

/** A file we understood well enough to say exactly what is wrong with it; the message names the file. */
export class EvidenceReadError extends Error {
  name = 'EvidenceReadError'
}
