import { labelText, MAX_QUOTE_CHARS, type Answer, type AnswerLabel } from '../answering/model'
import type { Question } from './model'

/** Excel refuses longer cell text. */
export const EXCEL_CELL_LIMIT = 32767

/** Text we write must never be read as a formula by a spreadsheet (or by a CSV export of it). */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

const MATCHERS: Record<AnswerLabel, RegExp[]> = {
  YES: [/^y(es)?\.?$/i, /^yes\b/i, /^(true|x|✓|✔|implemented|compliant|in place|fully (implemented|compliant))$/i],
  NO: [/^no?\.?$/i, /^no\b/i, /^(false|not implemented|non-?compliant|not in place)$/i],
  'N/A': [/^n\s*\/?\s*a\.?$/i, /^not applicable\b/i, /^n\/a\b/i, /^does not apply\b/i],
  PARTIALLY: [/^partial(ly)?\b/i, /\bpartial(ly)?\b/i, /^in progress$/i],
  PLANNED: [/^planned\b/i, /\b(planned|roadmap|in progress|future)\b/i],
}

/** Where each label falls when the list has no value of its own (the nuance then goes in the comment). */
const FALLBACK: Record<AnswerLabel, AnswerLabel[]> = {
  YES: [],
  NO: [],
  'N/A': [],
  PARTIALLY: ['YES'],
  PLANNED: ['NO'],
}

/** "1) Yes", "a. No", "(3) N/A" → the value without its numbering. */
export function allowedItemName(value: string): string {
  return value.trim().replace(/^(?:\(?[0-9a-z]{1,2}[).:]|[0-9]{1,2}\s*[-–])\s*/i, '')
}

export function findAllowed(label: AnswerLabel, allowed: string[]): string | undefined {
  for (const re of MATCHERS[label]) {
    const hit = allowed.find((v) => re.test(allowedItemName(v)))
    if (hit) return hit
  }
  return undefined
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

const YES_NO_QUESTION =
  /^(?:\S+\s+)?(do|does|did|is|are|was|were|has|have|had|can|could|will|would|shall|should|may|must)\b|\?\s*\(?(yes|y)\s*\/\s*(no|n)\)?|^(?:\S+\s+)?(?:if so|if yes)/i

export function isYesNoQuestion(question: Pick<Question, 'text' | 'allowed'>): boolean {
  if (question.allowed?.length) return true
  return YES_NO_QUESTION.test(question.text.trim())
}

export interface CellAnswer {
  /** What goes into the answer cell; for X-mark layouts, the label of the column that gets the X. */
  value: string
  /** What goes into the comment cell (explanation, nuance, citations). */
  comment: string
  /** Set when the label had no exact place in the dropdown and a neighbour was used. */
  mappedFrom?: AnswerLabel
}

export const PROFILE_REASON = 'company profile detail: left for you to fill in'
/** The answering engine may already say so in its own words. */
export const isProfileReason = (reason: string) => /\bprofile detail\b/i.test(reason)

/**
 * Company-profile rows (vendor name, contact, date) are the user's to state: unless the answer quotes evidence,
 * the cell stays as it is and the row is flagged for the user.
 */
export function applyProfileRule(question: Question, answer: Answer): Answer {
  if (question.kind !== 'profile' || answer.citations.length) return answer
  return { ...answer, flagged: true, reasons: answer.reasons.some(isProfileReason) ? answer.reasons : [...answer.reasons, PROFILE_REASON] }
}

const PLAIN: Record<AnswerLabel, string> = { YES: 'Yes', NO: 'No', 'N/A': 'N/A', PARTIALLY: 'Partially', PLANNED: 'Planned' }

/** Maps an answer onto the cell's allowed values (or a short free-text answer) and builds its comment. */
export function cellAnswer(question: Question, answer: Answer): CellAnswer {
  if (question.kind === 'profile' && !answer.citations.length) return { value: '', comment: '' }
  const nuance: string[] = []
  let value: string
  let mappedFrom: AnswerLabel | undefined
  if (question.allowed?.length) {
    let hit = findAllowed(answer.label, question.allowed)
    if (!hit) {
      for (const fallback of FALLBACK[answer.label]) {
        hit = findAllowed(fallback, question.allowed)
        if (hit) {
          mappedFrom = answer.label
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
    if (!hit) nuance.push(`${labelText(answer)}: none of the allowed values (${question.allowed.join(', ')}) fits; choose one.`)
  } else if (isYesNoQuestion(question)) {
    value = answer.label === 'PLANNED' ? `Planned ${answer.planned ?? ''}`.trim() : PLAIN[answer.label]
  } else {
    value = answer.text
  }
  const parts = [...nuance]
  if (answer.text && value !== answer.text) parts.push(answer.text)
  const sources = answer.citations.map((c) => `"${c.quote.slice(0, MAX_QUOTE_CHARS)}" (${c.file}, ${c.location})`)
  if (sources.length) parts.push(`Evidence: ${sources.join('; ')}`)
  return { value: cellText(value), comment: cellText(parts.join('\n')), mappedFrom }
}

/** Any text we put in a cell: neutralised and within Excel's limit. */
export function cellText(text: string): string {
  const safe = neutralizeFormula(text)
  return safe.length > EXCEL_CELL_LIMIT ? `${safe.slice(0, EXCEL_CELL_LIMIT - 1)}…` : safe
}
