import { z } from 'zod'
import { applyChanges, currentEntries } from './edits'
import { mutate, type ReviewDeps } from './state.server'
import { changesFrom, type RowInput } from './submit'
import { rowKey } from './values'
import { countsOf, rowView, type ReviewCounts, type ReviewRowView } from './view'

/**
 * Autosave: the review screen sends every row changed since its last save in one request, after a pause in
 * typing (ADR 024). Each row is its own undoable step, all stored in one transaction; a row whose value is not
 * allowed is reported and the others are saved.
 */
export const MAX_BATCH_ROWS = 200
const MAX_TEXT = 40000

export const batchSchema = z.object({
  edits: z
    .array(
      z.object({
        key: z.string().min(1).max(300),
        answer: z.string().max(MAX_TEXT, 'An answer is longer than a cell can hold.').optional(),
        comment: z.string().max(MAX_TEXT, 'A comment is longer than a cell can hold.').optional(),
        accept: z.boolean().optional(),
      }),
    )
    .min(1, 'Send at least one row.')
    .max(MAX_BATCH_ROWS, `Send at most ${MAX_BATCH_ROWS} rows at once.`),
})
export type BatchEdit = z.infer<typeof batchSchema>['edits'][number]

export interface BatchResult {
  /** Every row sent, as it now stands (refused rows as they were). */
  rows: ReviewRowView[]
  invalid: { key: string; message: string }[]
  counts: ReviewCounts
  revision: number
  pending: boolean
  lastChange: string | null
}

export async function saveBatch(deps: ReviewDeps, jobId: string, edits: BatchEdit[]): Promise<BatchResult> {
  const { state, result: invalid } = await mutate(deps, jobId, (s) => {
    const refused: BatchResult['invalid'] = []
    for (const edit of edits) {
      const input: RowInput = { key: edit.key }
      if (edit.answer !== undefined) input.answer = edit.answer
      if (edit.comment !== undefined) input.comment = edit.comment
      const { changes, errors } = changesFrom(s, [input], { confirm: Boolean(edit.accept) })
      if (errors.length) {
        refused.push({ key: edit.key, message: errors[0]!.message })
        continue
      }
      const id = currentEntries(s).find((e) => rowKey(e) === edit.key)?.id ?? edit.key
      applyChanges(s, changes, `${edit.accept ? 'Accepted' : 'Changed'} ${id}`)
    }
    return refused
  })
  const entries = currentEntries(state)
  const index = new Map(entries.map((e, i) => [rowKey(e), i]))
  const keys = [...new Set(edits.map((e) => e.key))].filter((k) => index.has(k))
  return {
    rows: keys.map((k) => rowView(entries[index.get(k)!]!, state.specs[index.get(k)!])),
    invalid,
    counts: countsOf(entries),
    revision: state.revision,
    pending: state.revision !== state.builtRevision,
    lastChange: state.history.at(-1)?.label ?? null,
  }
}
