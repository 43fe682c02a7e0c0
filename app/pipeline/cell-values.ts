import { applyProfileRule as profileDetail } from '../answering/contract-answers'
import { labelText, MAX_QUOTE_CHARS, type Answer, type AnswerLabel } from '../answering/model'
import { allowedItemName, findAllowed, isYesNoQuestion, type Question } from '../questionnaire/model'
import { cellText } from '../questionnaire/cell-text'

/** Where each label falls when the list has no value of its own (the nuance then goes in the comment). */
const FALLBACK: Record<AnswerLabel, AnswerLabel[]> = {
  YES: [],
  NO: [],
  'N/A': [],
  PARTIALLY: ['YES'],
  PLANNED: ['NO'],
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A list of things rather than a verdict ("4) AWS", "Tier III", "CSP-owned"): the item the answer's own words
 * name. Only a single clear match counts; otherwise a person chooses.
 */
function namedItem(answer: Answer, allowed: string[]): string | undefined {
  const words = [answer.text, ...answer.citations.map((c) => c.quote)].join('\n')
  const hits = allowed.filter((v) => {
    const name = allowedItemName(v)
    return name.length >= 2 && new RegExp(`(?<![\\w])${escapeRegExp(name)}(?![\\w])`, 'i').test(words)
  })
  return hits.length === 1 ? hits[0] : undefined
}

export interface CellAnswer {
  /** What goes into the answer cell; for X-mark layouts, the label of the column that gets the X. */
  value: string
  /** What goes into the comment cell (explanation, nuance, citations). */
  comment: string
  /** Set when the label had no exact place in the dropdown and a neighbour was used. */
  mappedFrom?: AnswerLabel
}

/**
 * Company-profile rows (vendor name, contact, date) are the user's to state: unless the answer quotes evidence,
 * the cell stays as it is and the row is flagged for the user (the contract's `profile-detail` rule, applied to
 * kept answers too).
 */
export function applyProfileRule(question: Question, answer: Answer): Answer {
  // A profile detail already in the uploaded file is the user's own statement: kept, not left for them.
  if (question.kind !== 'profile' || answer.citations.length || answer.preexisting) return answer
  return profileDetail(answer)
}

const PLAIN: Record<AnswerLabel, string> = {
  YES: 'Yes',
  NO: 'No',
  'N/A': 'N/A',
  PARTIALLY: 'Partially',
  PLANNED: 'Planned',
}

/** Maps an answer onto the cell's allowed values (or a short free-text answer) and builds its comment. */
export function cellAnswer(question: Question, answer: Answer): CellAnswer {
  // A row QFill could not read (its question text is a formula it could not evaluate) is left exactly as it was.
  if (question.unreadable || (question.kind === 'profile' && !answer.citations.length))
    return { value: '', comment: '' }
  const sources = answer.citations.map((c) => `"${c.quote.slice(0, MAX_QUOTE_CHARS)}" (${c.file}, ${c.location})`)
  // Kept as the user wrote it; no evidence: the cell stays as it was and the comment asks for an answer.
  if (answer.preexisting || answer.label === null) {
    const parts = [
      answer.text,
      ...answer.reasons.filter((r) => !answer.text.toLowerCase().includes(r.toLowerCase().replace(/:.*$/, ''))),
    ]
    if (sources.length) parts.push(`Evidence: ${sources.join('; ')}`)
    return { value: '', comment: cellText(parts.filter(Boolean).join('\n')) }
  }
  const label = answer.label
  const nuance: string[] = []
  let value: string
  let mappedFrom: AnswerLabel | undefined
  if (question.allowed?.length) {
    let hit = findAllowed(label, question.allowed)
    if (!hit) {
      for (const fallback of FALLBACK[label]) {
        hit = findAllowed(fallback, question.allowed)
        if (hit) {
          mappedFrom = label
          nuance.push(`${labelText(answer)}: the list has no such value, so "${hit}" was chosen.`)
          break
        }
      }
    }
    // A list of things ("4) AWS"): the item the engine chose, else the one its words name.
    if (!hit && answer.choice && question.allowed.includes(answer.choice)) hit = answer.choice
    hit ??= namedItem(answer, question.allowed)
    // A label the list cannot express at all leaves the cell empty for a person to choose, rather than guessing.
    value = hit ?? ''
    if (!hit)
      nuance.push(`${labelText(answer)}: none of the allowed values (${question.allowed.join(', ')}) fits; choose one.`)
  } else if (isYesNoQuestion(question)) {
    value = answer.label === 'PLANNED' ? `Planned ${answer.planned ?? ''}`.trim() : PLAIN[label]
  } else {
    value = answer.text
  }
  const parts = [...nuance]
  if (answer.text && value !== answer.text) parts.push(answer.text)
  if (sources.length) parts.push(`Evidence: ${sources.join('; ')}`)
  return { value: cellText(value), comment: cellText(parts.join('\n')), mappedFrom }
}
