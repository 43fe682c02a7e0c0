import { useFetcher } from '@remix-run/react'
import { CheckCircle2 } from 'lucide-react'
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { ReviewRowView, RowResult } from '../../review/view'

export type { RowResult }

export interface RowHandle {
  /** Chooses the n-th (1-based) allowed value and saves it. */
  choose(n: number): void
  accept(): void
  focus(): void
}

interface Props {
  row: ReviewRowView
  /** Values sent back after a refused page save, so nothing typed is lost. */
  sent?: { answer: string | null; comment: string | null }
  error?: string
  active: boolean
  enhanced: boolean
  loadedRevision: number
  onActivate(): void
  onSaved(result: Extract<RowResult, { kind: 'row' }>): void
}

const pct = (n: number) => `${Math.round(n * 100)}%`

/**
 * One question under review. Without JavaScript its fields belong to the page's form and its Accept button
 * submits that form; with it, every change is saved on its own (autosave) and the row updates in place.
 */
export const ReviewRow = forwardRef<RowHandle, Props>(function ReviewRow(props, ref) {
  const { active, enhanced, onActivate, onSaved, loadedRevision } = props
  const fetcher = useFetcher<RowResult>()
  const article = useRef<HTMLElement>(null)
  const answerRef = useRef<HTMLSelectElement & HTMLTextAreaElement>(null)
  const commentRef = useRef<HTMLTextAreaElement>(null)
  const saved = useRef({ answer: props.row.cellValue, comment: props.row.comment })
  const [error, setError] = useState<string | undefined>(props.error)

  const latest = fetcher.data?.kind === 'row' && fetcher.data.revision > loadedRevision ? fetcher.data.row : null
  const row = latest ?? props.row
  const submitting = fetcher.state !== 'idle'
  const confirmed = row.confirmed || (submitting && fetcher.formData?.get('accept') === '1')

  useEffect(() => {
    if (fetcher.data?.kind === 'row') {
      setError(undefined)
      saved.current = { answer: fetcher.data.row.cellValue, comment: fetcher.data.row.comment }
      onSaved(fetcher.data)
    } else if (fetcher.data?.kind === 'row-invalid') setError(fetcher.data.message)
    // onSaved is stable enough: only a new answer from the server matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data])

  const save = (fields: { answer?: string; comment?: string; accept?: boolean }) => {
    const body: Record<string, string> = { intent: 'row', key: row.key }
    if (fields.answer !== undefined) body.answer = fields.answer
    if (fields.comment !== undefined) body.comment = fields.comment
    if (fields.accept) {
      body.accept = '1'
      body.answer = answerRef.current?.value ?? row.cellValue
      body.comment = commentRef.current?.value ?? row.comment
    }
    fetcher.submit(body, { method: 'post' })
  }
  const saveIfChanged = () => {
    const answer = answerRef.current?.value ?? ''
    const comment = commentRef.current?.value ?? ''
    const fields: { answer?: string; comment?: string } = {}
    if (answer !== saved.current.answer) fields.answer = answer
    if (comment !== saved.current.comment) fields.comment = comment
    if (Object.keys(fields).length) {
      saved.current = { answer, comment }
      save(fields)
    }
  }

  useImperativeHandle(ref, () => ({
    choose(n) {
      const el = answerRef.current
      if (!el || row.mode === 'text') return
      const option = row.options[n - 1]
      if (option === undefined) return
      el.value = option
      saveIfChanged()
    },
    accept() {
      if (!enhanced) return
      save({ accept: true })
    },
    focus() {
      article.current?.focus({ preventScroll: true })
      article.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    },
  }))

  const tone = confirmed
    ? 'border-l-green-500'
    : row.needsAnswer
      ? 'border-l-red-400'
      : row.flagged
        ? 'border-l-amber-400'
        : 'border-l-slate-200'
  const answerId = `answer-${row.key}`
  const commentId = `comment-${row.key}`
  const errorId = `error-${row.key}`
  const answerValue = props.sent?.answer ?? row.cellValue
  return (
    <article
      ref={article}
      tabIndex={active ? 0 : -1}
      onFocus={onActivate}
      onClick={onActivate}
      data-row={row.key}
      data-testid="review-row"
      aria-label={`${row.id}: ${row.question}`}
      className={`grid gap-4 border-l-4 ${tone} px-4 py-4 outline-none transition-colors sm:px-5 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] ${active && enhanced ? 'bg-brand-50/60 ring-2 ring-inset ring-brand-500/30' : 'bg-white'}`}
    >
      <input type="hidden" name="row" value={row.key} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-700">{row.id}</span>
          <span className="text-slate-500">
            {row.sheet} · row {row.row}
          </span>
          {confirmed ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800"
              data-testid="confirmed"
            >
              <CheckCircle2 aria-hidden className="h-3.5 w-3.5" /> Confirmed by you
            </span>
          ) : row.needsAnswer ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700">Needs your answer</span>
          ) : row.flagged ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800">Flagged</span>
          ) : null}
          {row.preexisting ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">Kept from your file</span>
          ) : null}
        </div>
        <p className="mt-2 text-[15px] leading-snug text-slate-900">{row.question}</p>
        {!confirmed && row.reason ? (
          <p className="mt-2 text-sm text-amber-800">
            <span className="font-medium">Why flagged:</span> {row.reason}
          </p>
        ) : null}
        {row.citations.length ? (
          <ul className="mt-3 space-y-2" aria-label={`Citations for ${row.id}`}>
            {row.citations.map((c, i) => (
              <li key={i} className="border-l-2 border-slate-200 pl-3 text-sm">
                <q className="italic text-slate-700">{c.quote}</q>
                <span className="mt-0.5 block text-xs text-slate-500">
                  {c.file}, {c.location}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-xs text-slate-500">No citations: nothing in the uploaded files supports an answer.</p>
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={answerId} className="block text-xs font-medium uppercase tracking-wide text-slate-500">
              Answer
            </label>
            {row.mode === 'text' ? (
              <textarea
                ref={answerRef}
                id={answerId}
                name={`answer:${row.key}`}
                defaultValue={answerValue}
                rows={2}
                onBlur={enhanced ? saveIfChanged : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                placeholder="Your answer"
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
            ) : (
              <select
                ref={answerRef}
                id={answerId}
                name={`answer:${row.key}`}
                defaultValue={answerValue}
                onChange={enhanced ? saveIfChanged : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none ${answerValue ? 'border-slate-300 bg-white' : 'border-red-300 bg-red-50/40'}`}
              >
                <option value="">No answer yet</option>
                {row.options.map((o, i) => (
                  <option key={o} value={o}>
                    {enhanced && i < 9 ? `${o}  (${i + 1})` : o}
                  </option>
                ))}
              </select>
            )}
          </div>
          <div className="shrink-0 pb-2 text-right text-xs">
            <span className="block text-slate-500">Confidence</span>
            <span
              className={`font-semibold ${confirmed ? 'text-green-700' : row.confidence >= 0.85 ? 'text-green-700' : row.confidence >= 0.6 ? 'text-amber-700' : 'text-red-700'}`}
            >
              {confirmed ? 'Confirmed' : pct(row.confidence)}
            </span>
          </div>
        </div>
        <div>
          <label htmlFor={commentId} className="block text-xs font-medium uppercase tracking-wide text-slate-500">
            Comment
          </label>
          <textarea
            ref={commentRef}
            id={commentId}
            name={`comment:${row.key}`}
            defaultValue={props.sent?.comment ?? row.comment}
            rows={3}
            onBlur={enhanced ? saveIfChanged : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs text-slate-500" aria-live="polite">
            {enhanced ? (submitting ? 'Saving…' : latest ? 'Saved' : '') : ''}
          </span>
          {confirmed ? null : (
            <button
              type="submit"
              name="intent"
              value={`accept:${row.key}`}
              onClick={
                enhanced
                  ? (e) => {
                      e.preventDefault()
                      save({ accept: true })
                    }
                  : undefined
              }
              className="inline-flex items-center gap-1.5 rounded-md border border-green-600 bg-white px-3 py-1.5 text-sm font-medium text-green-700 hover:bg-green-50"
              aria-label={`Accept ${row.id}`}
            >
              <CheckCircle2 aria-hidden className="h-4 w-4" /> Accept
            </button>
          )}
        </div>
      </div>
    </article>
  )
})
