import type { AnsweredQuestion } from '../answering/model'
import { currentEntries, normalizeComment, type Change, type ReviewState } from './edits'
import { vendorComment } from './comments'
import { resolveAnswer, rowKey, type RowSpec } from './values'

/** One row as a person or an API client sent it. `answer` or `comment` left out keeps what the row has. */
export interface RowInput {
  key: string
  answer?: string | null
  comment?: string
}

export interface RowError {
  key: string
  id: string
  message: string
}

/** The value a row shows: for a kept answer not yet replaced, what the uploaded file holds. */
export function shownValue(entry: AnsweredQuestion, spec: RowSpec | undefined): string {
  return entry.preexisting ? (spec?.kept ?? entry.cellValue) : entry.cellValue
}

/** The comment a row shows: for a kept answer, the file's own comment cell (the machine's note is not it). */
export function shownComment(entry: AnsweredQuestion, spec: RowSpec | undefined): string {
  return entry.preexisting && !entry.confirmed ? (spec?.keptComment ?? '') : entry.comment
}

/**
 * Checks rows against what each may hold and turns them into changes. With `confirm` every listed row becomes
 * confirmed (Accept, the API); without it only rows whose answer or comment differ are changed (a saved page).
 * Keeping the value a row already has keeps its answer label too (PARTIALLY written as "Yes" stays PARTIALLY).
 * The comment shipped is the person's own, or the machine's cleared of its notes (comments.ts).
 */
export function changesFrom(
  state: ReviewState,
  inputs: RowInput[],
  options: { confirm: boolean },
): { changes: Change[]; errors: RowError[] } {
  const entries = currentEntries(state)
  const index = new Map(entries.map((e, i) => [rowKey(e), i]))
  const changes: Change[] = []
  const errors: RowError[] = []
  for (const input of inputs) {
    const i = index.get(input.key)
    if (i === undefined) {
      errors.push({ key: input.key, id: input.key, message: `There is no question at ${input.key}.` })
      continue
    }
    const current = entries[i]!
    const machine = state.machine.questions[i]!
    const spec = state.specs[i]!
    const shown = shownValue(current, spec)
    let cellValue = current.cellValue
    let answer = current.answer
    let valueChanged = false
    if (input.answer !== undefined) {
      const resolved = resolveAnswer(spec, input.answer, current.id)
      if (!resolved.ok) {
        errors.push({ key: input.key, id: current.id, message: resolved.message })
        continue
      }
      if (resolved.cellValue !== shown) {
        ;({ cellValue, answer } = resolved)
        valueChanged = true
      }
    }
    const typed =
      input.comment !== undefined && normalizeComment(input.comment) !== normalizeComment(shownComment(current, spec))
        ? normalizeComment(input.comment)
        : null
    if (!valueChanged && typed === null && (!options.confirm || current.confirmed)) continue
    // The person's own words stay theirs; a comment that was only the machine's follows the value.
    const ownWords = current.confirmed && current.comment !== vendorComment(machine, current.cellValue, null)
    const comment = vendorComment(machine, cellValue, typed ?? (ownWords ? current.comment : null))
    // A kept answer is written over only where the person changed it (its value, or its comment: then the
    // kept value is written back as shown, so the row still reads as answered).
    const replacesKept = Boolean(current.preexisting) && (valueChanged || typed !== null)
    if (replacesKept && !valueChanged) cellValue = shown
    changes.push({
      key: input.key,
      edit: { cellValue, answer, comment, ...(replacesKept ? { replacesKept: true as const } : {}) },
    })
  }
  return { changes, errors }
}

/** Rows an API client names by id (and, where ids repeat, by sheet and row). */
export function keyForId(
  entries: AnsweredQuestion[],
  ref: { id: string; sheet?: string; row?: number },
): { key: string } | { error: string } {
  const hits = entries.filter(
    (e) =>
      e.id === ref.id &&
      (ref.sheet === undefined || e.sheet === ref.sheet) &&
      (ref.row === undefined || e.row === ref.row),
  )
  if (hits.length === 1) return { key: rowKey(hits[0]!) }
  if (!hits.length)
    return {
      error: `There is no question ${ref.id}${ref.sheet !== undefined || ref.row !== undefined ? ` at ${ref.sheet ?? '?'}!${ref.row ?? '?'}` : ''} in this questionnaire.`,
    }
  return { error: `${hits.length} questions have the id ${ref.id}: add "sheet" and "row" to say which.` }
}

/** An edit of PATCH /api/answers: a row named by id (sheet and row where ids repeat), its answer and comment. */
export interface IdEdit {
  id: string
  sheet?: string
  row?: number
  answer?: string | null
  comment?: string
}

/**
 * PATCH /api/answers' edits as changes, each confirmed, or every edit refused (by its place in the request) with
 * what to fix: nothing is changed unless every edit may be. The server and @qfill/msw answer through this.
 */
export function changesFromEdits(
  state: ReviewState,
  edits: IdEdit[],
): { changes: Change[]; refused?: undefined } | { refused: { index: number; id: string; message: string }[] } {
  const entries = currentEntries(state)
  const inputs: (RowInput & { index: number })[] = []
  const refused: { index: number; id: string; message: string }[] = []
  edits.forEach((edit, index) => {
    const found = keyForId(entries, edit)
    if ('error' in found) refused.push({ index, id: edit.id, message: found.error })
    else inputs.push({ index, key: found.key, answer: edit.answer, comment: edit.comment })
  })
  const { changes, errors } = changesFrom(state, inputs, { confirm: true })
  for (const e of errors)
    refused.push({ index: inputs.find((i) => i.key === e.key)!.index, id: e.id, message: e.message })
  if (!refused.length) return { changes }
  return { refused: refused.sort((a, b) => a.index - b.index) }
}
