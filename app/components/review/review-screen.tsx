import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { groupRows, type ReviewPage, type ReviewRowView } from '../../review/view'
import { ReviewFooter } from './review-footer'
import { FORM_ID, ReviewHeader, type ReviewJob } from './review-header'
import { ReviewRow, type RowHandle } from './review-row'
import { KeyHints, ReviewToolbar } from './review-toolbar'
import { useAutosave } from './use-autosave'
import { useReviewKeys, type KeyAction } from './use-review-keys'

/** useLayoutEffect in the browser; on the server (where it does nothing and warns) a plain effect. */
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

export type { ReviewJob }

interface Props {
  job: ReviewJob
  page: ReviewPage
  now: string
  invalid: {
    errors: Record<string, string>
    values: Record<string, { answer: string | null; comment: string | null }>
  } | null
}

/** The newer of the page's row and the one autosave got back, by revision. */
export function latestRow(
  row: ReviewRowView,
  saved: { row: ReviewRowView; revision: number } | undefined,
  pageRevision: number,
): ReviewRowView {
  return saved && saved.revision > pageRevision ? saved.row : row
}

/** The review screen: progress and retention on top, filters and search, then one form of up to 50 questions. */
export function ReviewScreen({ job, page, now, invalid }: Props) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const busy = typeof submitting === 'string' ? submitting : null
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const autosave = useAutosave(`/jobs/${job.id}/review/rows`)
  const meta = autosave.saved.meta && autosave.saved.meta.revision > page.revision ? autosave.saved.meta : page
  const rows = page.rows.map((r) => latestRow(r, autosave.saved.rows.get(r.key), page.revision))

  const [active, setActiveState] = useState(0)
  // The row keys act on is read from a ref, not from the render that registered the key listener: a key pressed
  // right after a move (j, then Enter) must act on the row moved to, however late React re-renders.
  const activeRow = useRef(0)
  const setActive = useCallback((i: number) => {
    activeRow.current = i
    setActiveState(i)
  }, [])
  // Another page, filter or search: the keys start again from its first row, from the commit that shows it. A layout
  // effect runs before the browser handles another event; after a plain effect, keys pressed between the new page's
  // commit and the effect acted on the old page's row number (the first row of page 2 was never accepted).
  useCommitEffect(() => setActive(0), [page.page, page.filter, page.q, setActive])
  const handles = useRef(new Map<number, RowHandle>())
  const undoButton = useRef<HTMLButtonElement>(null)
  const search = useRef<HTMLInputElement>(null)
  const move = useCallback(
    (to: number) => {
      const next = Math.max(0, Math.min(rows.length - 1, to))
      setActive(next)
      handles.current.get(next)?.focus()
    },
    [rows.length, setActive],
  )
  const run = useCallback(
    (action: KeyAction) => {
      const current = activeRow.current
      const row = handles.current.get(current)
      if (action.kind === 'move') move(current + action.by)
      else if (action.kind === 'choose') row?.choose(action.n)
      else if (action.kind === 'accept') row?.accept()
      else if (action.kind === 'undo') undoButton.current?.click()
      else if (action.kind === 'search') search.current?.focus()
      else row?.focus()
    },
    [move],
  )
  useReviewKeys(run)

  // Focus is kept after undo: if the page's reload took it away, it goes back to the row being reviewed.
  const undoing = useRef(false)
  useEffect(() => {
    if (busy === 'undo') undoing.current = true
    else if (navigation.state === 'idle' && undoing.current) {
      undoing.current = false
      const lost = !document.activeElement || document.activeElement === document.body
      if (lost) handles.current.get(active)?.focus()
    }
  }, [busy, navigation.state, active])

  // Page-wide buttons act on what autosave has stored: they wait for it to finish first.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!autosave.status.unsaved) return
    e.preventDefault()
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    void autosave.settled().then(() => submit(submitter ?? e.currentTarget, { preventScrollReset: true }))
  }

  const unflaggedHere = rows.filter((r) => !r.flagged && !r.confirmed && !autosave.drafts.get(r.key)?.accept).length
  let index = 0
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ReviewHeader
        job={job}
        now={now}
        counts={meta.counts}
        pending={meta.pending}
        lastChange={meta.lastChange}
        busy={busy}
        undoButton={undoButton}
      />
      <ReviewToolbar page={page} counts={meta.counts} search={search} />
      {enhanced ? <KeyHints /> : null}
      <Form method="post" id={FORM_ID} className="mt-4" preventScrollReset onSubmit={onSubmit}>
        {invalid ? (
          <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            Nothing was saved: {Object.keys(invalid.errors).length} answer
            {Object.keys(invalid.errors).length === 1 ? '' : 's'} need fixing below.
          </div>
        ) : null}
        {rows.length ? (
          groupRows(rows).map((group) => (
            <section
              key={group.sheet}
              aria-label={`Sheet ${group.sheet}`}
              className="mb-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <h2 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-800 sm:px-5">
                Sheet: {group.sheet}
              </h2>
              {group.sections.map((section, s) => (
                <div key={`${section.section ?? ''}-${s}`}>
                  {section.section ? (
                    <h3 className="border-b border-slate-100 px-4 pt-3 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:px-5">
                      {section.section}
                    </h3>
                  ) : null}
                  <div className="divide-y divide-slate-100">
                    {section.rows.map((row) => {
                      const i = index++
                      const sent = invalid?.values[row.key]
                      const draft = autosave.drafts.get(row.key)
                      return (
                        <ReviewRow
                          key={row.key}
                          ref={(h) => {
                            if (h) handles.current.set(i, h)
                            else handles.current.delete(i)
                          }}
                          row={row}
                          draft={
                            draft ??
                            (sent
                              ? { answer: sent.answer ?? undefined, comment: sent.comment ?? undefined }
                              : undefined)
                          }
                          error={invalid?.errors[row.key] ?? autosave.errors.get(row.key)}
                          saveState={draft ? 'saving' : autosave.saved.rows.has(row.key) ? 'saved' : null}
                          active={i === active}
                          enhanced={enhanced}
                          onActivate={() => setActive(i)}
                          onEdit={(fields) => autosave.edit(row.key, fields)}
                        />
                      )
                    })}
                  </div>
                </div>
              ))}
            </section>
          ))
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {page.q
              ? `No question matches "${page.q}".`
              : page.filter === 'all'
                ? 'This questionnaire has no questions.'
                : 'Nothing left here: every question in this list is answered or confirmed.'}
          </p>
        )}
        <ReviewFooter page={page} enhanced={enhanced} busy={busy} unflagged={unflaggedHere} status={autosave.status} />
      </Form>
    </div>
  )
}
