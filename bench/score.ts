import type { Answer, AnswerLabel } from '../app/answering/model'
import type { Citation } from '../app/answering/model'

/** The vendor's real answer, as read from the completed questionnaire. */
export type Truth = 'YES' | 'NO' | 'N/A' | 'BLANK' | 'TEXT'

export interface Scored {
  key: string
  id: string
  question: string
  truth: Truth
  answer: Answer
}

export interface SetScore {
  questions: number
  answered: number
  yes: number
  no: number
  recallYes: number | null
  recallNo: number | null
  balancedAccuracy: number | null
  /** Convention (b): an answer counts only when it carries a verbatim citation ("no evidence" No is a miss). */
  backed: { recallYes: number | null; recallNo: number | null; balancedAccuracy: number | null }
  unflagged: number
  precisionUnflagged: number | null
  shareFlagged: number
  citations: number
  invalidCitations: number
  naRows: number
  naMatched: number
}

/** Which side of Yes/No a label falls on in a Yes/No questionnaire (dropdowns map PARTIALLY to Yes, PLANNED to No). */
export function side(label: AnswerLabel): 'YES' | 'NO' | 'OTHER' {
  if (label === 'YES' || label === 'PARTIALLY') return 'YES'
  if (label === 'NO' || label === 'PLANNED') return 'NO'
  return 'OTHER'
}

/**
 * Scores one set. Recall and balanced accuracy count every question whose truth is Yes or No, answered or not
 * (an unanswered question is a miss); precision counts the answers left unflagged, i.e. the ones a user would
 * send without looking. `verbatim` re-checks each citation against the extracted evidence text.
 */
export function scoreSet(rows: Scored[], verbatim: (c: Citation) => boolean): SetScore {
  const yesRows = rows.filter((r) => r.truth === 'YES')
  const noRows = rows.filter((r) => r.truth === 'NO')
  const right = (r: Scored) => side(r.answer.label) === r.truth
  const ratio = (n: number, d: number) => (d ? n / d : null)
  const recallYes = ratio(yesRows.filter(right).length, yesRows.length)
  const recallNo = ratio(noRows.filter(right).length, noRows.length)
  const backedRight = (r: Scored) => right(r) && r.answer.citations.length > 0
  const backedYes = ratio(yesRows.filter(backedRight).length, yesRows.length)
  const backedNo = ratio(noRows.filter(backedRight).length, noRows.length)
  const unflagged = [...yesRows, ...noRows].filter((r) => !r.answer.flagged)
  const citations = rows.flatMap((r) => r.answer.citations)
  // Rows the vendor left blank or marked N/A are the ones its qualifier answers made not applicable.
  const naRows = rows.filter((r) => r.truth === 'N/A' || r.truth === 'BLANK')
  return {
    questions: rows.length,
    answered: rows.filter((r) => r.answer.citations.length > 0 || r.answer.dependencyOf !== undefined).length,
    yes: yesRows.length,
    no: noRows.length,
    recallYes,
    recallNo,
    balancedAccuracy: recallYes !== null && recallNo !== null ? (recallYes + recallNo) / 2 : null,
    backed: { recallYes: backedYes, recallNo: backedNo, balancedAccuracy: backedYes !== null && backedNo !== null ? (backedYes + backedNo) / 2 : null },
    unflagged: unflagged.length,
    precisionUnflagged: ratio(unflagged.filter(right).length, unflagged.length),
    shareFlagged: ratio(rows.filter((r) => r.answer.flagged).length, rows.length) ?? 0,
    citations: citations.length,
    invalidCitations: citations.filter((c) => !verbatim(c)).length,
    naRows: naRows.length,
    naMatched: naRows.filter((r) => r.answer.label === 'N/A').length,
  }
}

/** Reads a vendor's cell as a truth label. */
export function truthOf(cell: string): Truth {
  const v = cell.trim()
  if (!v) return 'BLANK'
  if (/^yes\.?$/i.test(v)) return 'YES'
  if (/^no\.?$/i.test(v)) return 'NO'
  if (/^(?:n\/?a|not applicable)\.?$/i.test(v)) return 'N/A'
  return 'TEXT'
}
