import type { AnsweredQuestion } from '../answering/model'
import { currentEntries, normalizeComment, type Change, type ReviewState } from './edits'
import { resolveAnswer, rowKey } from './values'

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

/**
 * Checks rows against what each may hold and turns them into changes. With `confirm` every listed row becomes
 * confirmed (Accept, the API); without it only rows whose answer or comment differ are changed (a saved page).
 * Keeping the value a row already has keeps its answer label too (PARTIALLY written as "Yes" stays PARTIALLY).
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
    const spec = state.specs[i]!
    let cellValue = current.cellValue
    let answer = current.answer
    if (input.answer !== undefined) {
      const resolved = resolveAnswer(spec, input.answer, current.id)
      if (!resolved.ok) {
        errors.push({ key: input.key, id: current.id, message: resolved.message })
        continue
      }
      if (resolved.cellValue !== current.cellValue) ({ cellValue, answer } = resolved)
    }
    const comment = input.comment === undefined ? current.comment : normalizeComment(input.comment)
    const changed = cellValue !== current.cellValue || comment !== normalizeComment(current.comment)
    if (!changed && !options.confirm) continue
    if (!changed && current.confirmed) continue
    changes.push({ key: input.key, edit: { cellValue, answer, comment: changed ? comment : current.comment } })
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
