import { QuestionnaireError } from '../questionnaire/model'
import { readQuestionnaire } from '../questionnaire/parse.server'
import { readIdentity } from './identity'
import { EvidenceReadError, type LibraryEntry, type LibraryIdentity, type Passage } from './model'

export interface AnswerLibrary {
  library: LibraryEntry[]
  passages: Passage[]
  /** Whose answers they are (vendor, product, form, date). */
  identity?: LibraryIdentity
}

/**
 * A previously answered questionnaire (.xlsx, .xls, .csv, .docx) as an answer library: the questionnaire reader
 * finds the question rows, and each row whose answer or explanation cell is filled becomes an entry (question,
 * answer, explanation, sheet!cell). Its answer and explanation cells also become passages ("Sheet!C12"), so
 * citations to them can be checked verbatim and ordinary retrieval can quote them too.
 */
export function answerLibrary(file: string, bytes: Uint8Array): AnswerLibrary {
  let read
  try {
    read = readQuestionnaire(file, bytes)
  } catch (error) {
    if (error instanceof QuestionnaireError)
      throw new EvidenceReadError(`${file}: not used as an answer library: ${error.message}`)
    throw error
  }
  return libraryOf(file, read.questionnaire, read.existing)
}

/** The library entries and citable passages of a questionnaire's filled cells. */
export function libraryOf(
  file: string,
  questionnaire: ReturnType<typeof readQuestionnaire>['questionnaire'],
  existing: ReturnType<typeof readQuestionnaire>['existing'],
): AnswerLibrary {
  const csv = questionnaire.format === 'csv'
  const library: LibraryEntry[] = []
  const passages: Passage[] = []
  for (const q of questionnaire.questions) {
    const filled = existing.get(q.key)
    if (!filled || q.kind === 'profile') continue
    const { sheet, answerCell, commentCell } = q.location
    const where = (ref: string) => (csv ? ref : `${sheet}!${ref}`)
    const answerAt = answerCell ? where(answerCell) : undefined
    const commentAt = commentCell && filled.comment ? where(commentCell) : undefined
    const location = (filled.answer && answerAt) || commentAt
    if (!location) continue
    library.push({
      file,
      location,
      question: q.text,
      answer: filled.answer,
      comment: filled.comment || undefined,
      commentLocation: commentAt,
      id: q.id,
      key: q.key,
      kind: questionnaire.kind,
    })
    // Every answer cell is citable as a whole cell (a short "Yes" only at its own location: see locateQuote).
    if (filled.answer && answerAt) passages.push({ file, location: answerAt, text: filled.answer })
    if (filled.comment && commentAt) passages.push({ file, location: commentAt, text: filled.comment })
  }
  return { library, passages, identity: readIdentity(file, questionnaire, existing) }
}

/** A document that may or may not be an answered questionnaire (a Word file): its library, or none. */
export function optionalLibrary(file: string, bytes: Uint8Array): AnswerLibrary {
  try {
    const read = readQuestionnaire(file, bytes)
    const found = libraryOf(file, read.questionnaire, read.existing)
    // A policy document with a few question-like lines is not a questionnaire.
    return found.library.length >= 3 ? found : { library: [], passages: [] }
  } catch {
    return { library: [], passages: [] }
  }
}
