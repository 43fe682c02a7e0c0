import { z } from 'zod'
import { currentEntries } from './edits'
import { rebuild, saveChanges, undo, type ReviewDeps } from './state.server'
import { changesFrom, type RowError, type RowInput } from './submit'
import { rowKey } from './values'

/**
 * The review screen's form: one plain POST per page of rows (without JavaScript, and for the page-wide buttons
 * with it; autosave goes through batch.server.ts). Fields: `row` (each key on the page, repeated),
 * `answer:KEY`, `comment:KEY`, and `intent`: save | rebuild (Save and rebuild) | accept:KEY | accept-page | undo.
 */
const intentSchema = z.union([
  z.enum(['save', 'rebuild', 'accept-page', 'undo']),
  z.string().regex(/^accept:.+!\d+$/, 'Unknown action'),
])

export type FormOutcome =
  | { kind: 'done'; message: string; description: string }
  | {
      kind: 'invalid'
      errors: Record<string, string>
      values: Record<string, { answer: string | null; comment: string | null }>
    }

const MAX_FIELD = 40000

function field(form: FormData, name: string): string | null {
  const v = form.get(name)
  return typeof v === 'string' ? v.slice(0, MAX_FIELD) : null
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export async function handleReviewForm(
  deps: ReviewDeps,
  jobId: string,
  form: FormData,
  state: Parameters<typeof changesFrom>[0],
): Promise<FormOutcome> {
  const parsedIntent = intentSchema.safeParse(field(form, 'intent') ?? 'save')
  if (!parsedIntent.success) throw new Response('Unknown action: reload the page and try again.', { status: 400 })
  const intent = parsedIntent.data

  if (intent === 'undo') {
    const { undone } = await undo(deps, jobId)
    return undone
      ? { kind: 'done', message: 'Change undone', description: `Undid: ${undone.label}.` }
      : { kind: 'done', message: 'Nothing to undo', description: 'There are no changes left to undo.' }
  }

  // A page: every row's answer and comment as shown, plus what the button asked for.
  const keys = form
    .getAll('row')
    .filter((k): k is string => typeof k === 'string')
    .slice(0, 200)
  const inputs: RowInput[] = keys.map((key) => {
    const input: RowInput = { key }
    if (form.has(`answer:${key}`)) input.answer = field(form, `answer:${key}`)
    if (form.has(`comment:${key}`)) input.comment = field(form, `comment:${key}`) ?? ''
    return input
  })
  const entries = new Map(currentEntries(state).map((e) => [rowKey(e), e]))
  const accepted =
    intent === 'accept-page'
      ? new Set(keys.filter((k) => entries.get(k) && !entries.get(k)!.flagged && !entries.get(k)!.confirmed))
      : intent.startsWith('accept:')
        ? new Set([intent.slice('accept:'.length)])
        : new Set<string>()
  const edited = changesFrom(
    state,
    inputs.filter((i) => !accepted.has(i.key)),
    { confirm: false },
  )
  const confirmed = changesFrom(
    state,
    [...accepted].map((key) => inputs.find((i) => i.key === key) ?? { key }),
    { confirm: true },
  )
  const errors: RowError[] = [...edited.errors, ...confirmed.errors]
  if (errors.length) {
    return {
      kind: 'invalid',
      errors: Object.fromEntries(errors.map((e) => [e.key, e.message])),
      values: Object.fromEntries(inputs.map((i) => [i.key, { answer: i.answer ?? null, comment: i.comment ?? null }])),
    }
  }
  const changes = [...edited.changes, ...confirmed.changes]
  const label =
    intent === 'accept-page'
      ? `Accepted ${plural(confirmed.changes.length, 'unflagged answer')}${edited.changes.length ? ` and saved ${plural(edited.changes.length, 'change')}` : ''}`
      : intent.startsWith('accept:')
        ? `Accepted ${entries.get(intent.slice(7))?.id ?? 'an answer'}${edited.changes.length ? ` and saved ${plural(edited.changes.length, 'change')}` : ''}`
        : `Saved ${plural(changes.length, 'change')}`
  if (changes.length) await saveChanges(deps, jobId, changes, label)
  if (intent === 'rebuild') {
    const { answers } = await rebuild(deps, jobId)
    const confirmedCount = answers.summary.confirmed ?? 0
    return {
      kind: 'done',
      message: 'Workbook rebuilt',
      description: `The spreadsheet and report now hold your answers: ${plural(confirmedCount, 'answer')} confirmed by you, ${plural(answers.summary.flagged, 'question')} still flagged.`,
    }
  }
  if (!changes.length)
    return { kind: 'done', message: 'Nothing changed', description: 'No answer or comment on this page was changed.' }
  return {
    kind: 'done',
    message: label,
    description: 'Saved. Use Save and rebuild to put your answers into the downloads.',
  }
}
