import * as XLSX from '@e965/xlsx'
import { QuestionnaireError } from '../questionnaire/model'
import { parseQuestionnaire } from '../questionnaire/parse.server'
import { EvidenceReadError, type LibraryEntry, type Passage } from './model'
import { decodeText } from './passages'

export interface AnswerLibrary {
  library: LibraryEntry[]
  passages: Passage[]
}

/**
 * A previously answered questionnaire (.xlsx or .csv) as an answer library: the questionnaire reader finds the
 * question rows, and each row whose answer cell is filled becomes an entry. Its answer and explanation cells also
 * become passages ("Sheet!C12"), so ordinary retrieval can quote them too.
 */
export function answerLibrary(file: string, bytes: Uint8Array): AnswerLibrary {
  let questionnaire
  try {
    questionnaire = parseQuestionnaire(file, bytes)
  } catch (error) {
    if (error instanceof QuestionnaireError) throw new EvidenceReadError(`${file}: not used as an answer library: ${error.message}`)
    throw error
  }
  const csv = /\.csv$/i.test(file)
  const wb = csv ? XLSX.read(decodeText(bytes), { type: 'string', raw: true }) : XLSX.read(bytes, { type: 'array', cellFormula: false })
  const text = (sheet: string, ref: string | undefined) => {
    const ws = wb.Sheets[csv ? wb.SheetNames[0]! : sheet]
    const cell = ref && ws ? ws[ref] : undefined
    return cell ? String(cell.w ?? cell.v ?? '').trim() : ''
  }
  const library: LibraryEntry[] = []
  const passages: Passage[] = []
  for (const q of questionnaire.questions) {
    const { sheet, answerCell, commentCell } = q.location
    const answer = text(sheet, answerCell)
    const comment = text(sheet, commentCell)
    if (!answer && !comment) continue
    const where = (ref: string) => (csv ? ref : `${sheet}!${ref}`)
    library.push({ file, location: where(answerCell ?? commentCell!), question: q.text, answer, comment: comment || undefined })
    if (answer.length >= 8 && answerCell) passages.push({ file, location: where(answerCell), text: answer })
    if (comment && commentCell) passages.push({ file, location: where(commentCell), text: comment })
  }
  return { library, passages }
}
