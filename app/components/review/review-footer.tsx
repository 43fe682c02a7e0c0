import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { ReviewPage } from '../../review/view'
import { countdownText } from '../rate-limit'
import type { QueueStatus } from './autosave-queue'
import { reviewQuery } from './review-toolbar'

/** What autosave is doing, in words: nothing is ever silently unsaved. */
export function saveStatusText(status: QueueStatus, now: number): string {
  const rows = `${status.unsaved} change${status.unsaved === 1 ? '' : 's'}`
  if (status.problem?.kind === 'rate-limited' && status.retryAt)
    return `${countdownText(status.retryAt, now)} (${rows} kept)`
  if (status.problem?.kind === 'failed' && status.retryAt)
    return `Not saved yet (${status.problem.message}): retrying in ${Math.max(1, Math.ceil((status.retryAt - now) / 1000))} s`
  if (status.problem?.kind === 'refused') return `Could not save: ${status.problem.message}`
  if (status.unsaved) return status.sending ? 'Saving…' : `${rows} to save…`
  return 'All changes saved'
}

export function SaveStatus({ status }: { status: QueueStatus }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (!status.retryAt) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [status.retryAt])
  const warn = Boolean(status.problem)
  return (
    <span
      role="status"
      data-testid="save-status"
      className={`min-w-0 text-xs sm:text-sm ${warn ? 'font-medium text-amber-900' : 'text-slate-600'} ${warn || status.unsaved ? '' : 'max-sm:sr-only'}`}
    >
      {saveStatusText(status, now)}
    </span>
  )
}

export function Pager({ page }: { page: ReviewPage }) {
  if (page.pages <= 1)
    return <span className="shrink-0 text-xs text-slate-600 sm:text-sm">{page.matching} questions</span>
  const link = 'rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50'
  return (
    <nav aria-label="Pages" className="flex shrink-0 items-center gap-2 text-sm">
      {page.page > 1 ? (
        <Link to={reviewQuery(page, { page: page.page - 1 })} className={link} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="whitespace-nowrap text-slate-700">
        {page.page} / {page.pages}
      </span>
      {page.page < page.pages ? (
        <Link to={reviewQuery(page, { page: page.page + 1 })} className={link} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  )
}

/** The sticky bar under the rows: Save (without JavaScript), Accept all unflagged, autosave's state, pages. */
export function ReviewFooter({
  page,
  enhanced,
  busy,
  unflagged,
  status,
}: {
  page: ReviewPage
  enhanced: boolean
  busy: string | null
  unflagged: number
  status: QueueStatus
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_12px_-8px_rgba(15,23,42,0.25)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
      <div className="flex min-w-0 items-center gap-2">
        {enhanced ? null : (
          <button
            type="submit"
            name="intent"
            value="save"
            className="shrink-0 rounded-md bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-900"
          >
            {busy === 'save' ? 'Saving…' : 'Save'}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="accept-page"
          disabled={!unflagged || busy === 'accept-page'}
          className="min-w-0 rounded-md border border-green-700 bg-white px-3 py-2 text-left text-sm leading-tight font-medium text-green-800 hover:bg-green-50 disabled:border-slate-200 disabled:text-slate-500 sm:px-4"
        >
          Accept all unflagged on this page{unflagged ? ` (${unflagged})` : ''}
        </button>
        {enhanced ? <SaveStatus status={status} /> : null}
      </div>
      <Pager page={page} />
    </div>
  )
}
