import type { AnswerLabel } from '../answering/model'
import { allowedItemName, findAllowed, isYesNoQuestion } from '../questionnaire/model'
import type { Question } from '../questionnaire/model'

/**
 * What a person may put in one answer cell, and how a typed or chosen value becomes the cell's text. Plain data
 * and pure functions: the review screen (browser and server), the PATCH API and `qfill apply` all check with them.
 */

/** 'list': the cell's own allowed values (dropdown or X-mark columns); 'vocabulary': a yes/no question with no list; 'text': free text. */
export type AnswerMode = 'list' | 'vocabulary' | 'text'

export interface RowSpec {
  /** `${sheet}!${row}`: unique in a questionnaire, unlike ids. */
  key: string
  mode: AnswerMode
  /** The values to choose from ('list' and 'vocabulary'); empty for 'text'. */
  options: string[]
  section?: string
  /** A company-profile row (vendor name, date): the user's to state, shown without a confidence. */
  profile?: true
  /** The answer the uploaded file already held, as the workbook displays it (kept, never overwritten unasked). */
  kept?: string
  /** The comment cell the uploaded file held beside a kept answer. */
  keptComment?: string
}

/** The answer vocabulary in the spelling written into cells without a list. */
export const VOCABULARY_OPTIONS = ['Yes', 'Partially', 'Planned', 'No', 'N/A'] as const
const PLAIN_LABEL: Record<string, AnswerLabel> = {
  yes: 'YES',
  partially: 'PARTIALLY',
  planned: 'PLANNED',
  no: 'NO',
  'n/a': 'N/A',
}

/** Excel's limit for one cell. */
export const MAX_CELL_CHARS = 32767

export function rowKey(entry: { sheet: string; row: number }): string {
  return `${entry.sheet}!${entry.row}`
}

export function rowSpec(question: Question, kept?: { answer: string; comment: string }): RowSpec {
  const key = rowKey(question.location)
  const extra = {
    section: question.section,
    ...(question.kind === 'profile' ? { profile: true as const } : {}),
    ...(kept?.answer ? { kept: kept.answer } : {}),
    ...(kept?.comment ? { keptComment: kept.comment } : {}),
  }
  if (question.allowed?.length) return { key, mode: 'list', options: [...question.allowed], ...extra }
  if (question.kind === 'question' && isYesNoQuestion(question))
    return { key, mode: 'vocabulary', options: [...VOCABULARY_OPTIONS], ...extra }
  return { key, mode: 'text', options: [], ...extra }
}

export type Resolved = { ok: true; cellValue: string; answer: string | null } | { ok: false; message: string }

const norm = (v: string) => v.replace(/\s+/g, ' ').trim().toLowerCase()

/** "Planned Q3/2026", "PLANNED q3/2026", "planned" → the cell's spelling, or null. */
function plannedValue(value: string): string | null {
  const m = /^planned(?:\s+(q[1-4])\s*\/\s*(\d{4}))?$/i.exec(value.trim())
  if (!m) return null
  return m[1] ? `Planned ${m[1].toUpperCase()}/${m[2]}` : 'Planned'
}

/**
 * Turns what a person chose or typed into the text for the answer cell and the answer label of answers.json.
 * Lists accept their own values (any case, with or without numbering such as "1) Yes") or a vocabulary label
 * that maps onto one (YES → "1) Yes"); anything else is refused with the allowed values named. An empty value
 * means "no answer": the cell is left as it was in the uploaded file.
 */
export function resolveAnswer(spec: Pick<RowSpec, 'mode' | 'options'>, input: string | null, id: string): Resolved {
  const value = (input ?? '').replace(/\r\n?/g, '\n').trim()
  if (!value) return { ok: true, cellValue: '', answer: null }
  if (value.length > MAX_CELL_CHARS)
    return { ok: false, message: `The answer to ${id} is longer than a cell can hold (${MAX_CELL_CHARS} characters).` }
  if (spec.mode === 'text') return { ok: true, cellValue: value, answer: value }
  if (spec.mode === 'vocabulary') {
    const planned = plannedValue(value)
    if (planned) return { ok: true, cellValue: planned, answer: planned.toUpperCase() }
    const label = PLAIN_LABEL[norm(value).replace(/^n\s*\/?\s*a$/, 'n/a')]
    if (label)
      return {
        ok: true,
        cellValue: VOCABULARY_OPTIONS.find((o) => PLAIN_LABEL[o.toLowerCase()] === label)!,
        answer: label,
      }
    return {
      ok: false,
      message: `"${value}" is not an answer for ${id}: use Yes, Partially, Planned (or Planned Q#/YYYY), No or N/A.`,
    }
  }
  const exact =
    spec.options.find((o) => norm(o) === norm(value)) ??
    spec.options.find((o) => norm(allowedItemName(o)) === norm(value))
  const byLabel = exact ? undefined : labelOf(value) && findAllowed(labelOf(value)!, spec.options)
  const hit = exact ?? byLabel
  if (!hit)
    return { ok: false, message: `"${value}" is not one of the allowed values for ${id}: ${spec.options.join(', ')}.` }
  return { ok: true, cellValue: hit, answer: answerForListValue(hit, spec.options) }
}

function labelOf(value: string): AnswerLabel | undefined {
  const v = value.trim().toUpperCase()
  return (['YES', 'NO', 'N/A', 'PARTIALLY', 'PLANNED'] as const).find((l) => l === v)
}

/** The vocabulary label a list value stands for ("1) Yes" → YES), else the value itself ("4) AWS"). */
export function answerForListValue(value: string, options: string[]): string {
  for (const label of ['YES', 'NO', 'N/A', 'PARTIALLY', 'PLANNED'] as const) {
    if (findAllowed(label, options) === value) return label
  }
  return value
}
