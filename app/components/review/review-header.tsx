import { Link } from '@remix-run/react'
import { Download, RotateCcw } from 'lucide-react'
import type { RefObject } from 'react'
import type { ReviewCounts } from '../../review/view'
import { ExpiryNotice } from './expiry-notice'

export interface ReviewJob {
  id: string
  name: string
  expiresAt: string
  xlsx: string
  pdf: string
  json: string
}

export const FORM_ID = 'review-form'

/**
 * The top of the review: name and retention, progress, Save and rebuild, Undo and the downloads. Undo is never
 * disabled while it has focus (a disabled button drops focus): a second press while one runs is ignored.
 */
export function ReviewHeader({
  job,
  now,
  counts,
  pending,
  lastChange,
  busy,
  undoButton,
}: {
  job: ReviewJob
  now: string
  counts: ReviewCounts
  pending: boolean
  lastChange: string | null
  busy: string | null
  undoButton: RefObject<HTMLButtonElement>
}) {
  const percent = counts.all ? Math.round((counts.confirmed / counts.all) * 100) : 0
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">Review Answers</h1>
          <p className="mt-1 truncate text-sm text-slate-600" title={job.name}>
            {job.name}
          </p>
        </div>
        <ExpiryNotice expiresAt={job.expiresAt} now={now} />
      </div>
      <div className="mt-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-medium" data-testid="review-progress">
            {counts.confirmed} of {counts.all} confirmed by you
          </span>
          <span className="text-slate-600">
            {counts.flagged} flagged · {counts.needs} need your answer
          </span>
        </div>
        <div
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Answers confirmed"
          aria-valuemin={0}
          aria-valuemax={counts.all}
          aria-valuenow={counts.confirmed}
        >
          <div className="h-full rounded-full bg-green-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          form={FORM_ID}
          name="intent"
          value="rebuild"
          disabled={busy === 'rebuild'}
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:bg-slate-300 disabled:text-slate-700"
        >
          {busy === 'rebuild' ? 'Rebuilding…' : 'Save and rebuild'}
        </button>
        <button
          ref={undoButton}
          type="submit"
          form={FORM_ID}
          name="intent"
          value="undo"
          aria-disabled={!lastChange || undefined}
          onClick={(e) => {
            if (!lastChange || busy) e.preventDefault()
          }}
          title={lastChange ? `Undo: ${lastChange}` : 'Nothing to undo'}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500"
        >
          <RotateCcw aria-hidden className="h-4 w-4" /> {busy === 'undo' ? 'Undoing…' : 'Undo last change'}
        </button>
        <span className="hidden h-6 w-px bg-slate-200 sm:block" aria-hidden />
        <a
          href={job.xlsx}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <Download aria-hidden className="h-4 w-4" /> Download Spreadsheet
        </a>
        <a
          href={job.pdf}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <Download aria-hidden className="h-4 w-4" /> Download Report
        </a>
        <Link to={`/jobs/${job.id}`} className="text-sm font-medium text-brand-700 hover:underline sm:ml-auto">
          ← Back to results
        </Link>
      </div>
      {pending ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="pending">
          Your latest changes are saved but not yet in the downloads: choose Save and rebuild.
          {lastChange ? <span> Last change: {lastChange}.</span> : null}
        </p>
      ) : null}
    </section>
  )
}
