import { Form, Link, useNavigation } from '@remix-run/react'
import { Download, RotateCcw, Search } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { FILTERS, groupRows, type ReviewPage } from '../../review/view'
import { ExpiryNotice } from './expiry-notice'
import { ReviewRow, type RowHandle, type RowResult } from './review-row'

export interface ReviewJob {
  id: string
  name: string
  expiresAt: string
  xlsx: string
  pdf: string
  json: string
}

interface Props {
  job: ReviewJob
  page: ReviewPage
  now: string
  invalid: {
    errors: Record<string, string>
    values: Record<string, { answer: string | null; comment: string | null }>
  } | null
}

const FORM_ID = 'review-form'

/** The review screen: progress and retention on top, filters and search, then one form of up to 50 questions. */
export function ReviewScreen({ job, page, now, invalid }: Props) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const [live, setLive] = useState<Extract<RowResult, { kind: 'row' }> | null>(null)
  const fresh = live && live.revision > page.revision ? live : null
  const counts = fresh?.counts ?? page.counts
  const pending = fresh?.pending ?? page.pending
  const lastChange = fresh ? fresh.lastChange : page.lastChange
  // Rows saved since the page loaded, as the server answered: they count for the page's buttons and totals.
  const [savedRows, setSavedRows] = useState(new Map<string, { row: ReviewPage['rows'][number]; revision: number }>())
  const onSaved = useCallback((r: Extract<RowResult, { kind: 'row' }>) => {
    setLive((prev) => (prev && prev.revision > r.revision ? prev : r))
    setSavedRows((prev) => new Map(prev).set(r.row.key, { row: r.row, revision: r.revision }))
  }, [])
  const shown = (row: ReviewPage['rows'][number]) => {
    const saved = savedRows.get(row.key)
    return saved && saved.revision > page.revision ? saved.row : row
  }

  const [active, setActive] = useState(0)
  const handles = useRef(new Map<number, RowHandle>())
  const undoButton = useRef<HTMLButtonElement>(null)
  const search = useRef<HTMLInputElement>(null)
  const rows = page.rows
  const move = useCallback(
    (to: number) => {
      const next = Math.max(0, Math.min(rows.length - 1, to))
      setActive(next)
      handles.current.get(next)?.focus()
    },
    [rows.length],
  )
  useEffect(() => {
    function onKey(ev: KeyboardEvent) {
      if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return
      const target = ev.target as HTMLElement
      if (target.closest('input, textarea, select, button, a, summary')) {
        if (ev.key === 'Escape') handles.current.get(active)?.focus()
        return
      }
      if (ev.key === 'j' || ev.key === 'ArrowDown') move(active + 1)
      else if (ev.key === 'k' || ev.key === 'ArrowUp') move(active - 1)
      else if (/^[1-9]$/.test(ev.key)) handles.current.get(active)?.choose(Number(ev.key))
      else if (ev.key === 'Enter') handles.current.get(active)?.accept()
      else if (ev.key === 'u') undoButton.current?.click()
      else if (ev.key === '/') search.current?.focus()
      else return
      ev.preventDefault()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [active, move])

  const percent = counts.all ? Math.round((counts.confirmed / counts.all) * 100) : 0
  const query = (patch: Record<string, string | number | null>) => {
    const params = new URLSearchParams()
    const merged = { filter: page.filter, q: page.q || null, page: page.page > 1 ? page.page : null, ...patch }
    for (const [k, v] of Object.entries(merged)) if (v !== null && v !== '') params.set(k, String(v))
    const s = params.toString()
    return s ? `?${s}` : '?'
  }
  const unflaggedHere = rows.map(shown).filter((r) => !r.flagged && !r.confirmed).length
  let index = 0

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-4 text-sm">
        <Link to={`/jobs/${job.id}`} className="text-brand-700 hover:underline">
          ← Back to results
        </Link>
      </div>
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
            <div className="h-full rounded-full bg-green-500 transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            form={FORM_ID}
            name="intent"
            value="rebuild"
            disabled={Boolean(busy)}
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:bg-slate-300"
          >
            {busy === 'rebuild' ? 'Rebuilding…' : 'Save and rebuild'}
          </button>
          <button
            ref={undoButton}
            type="submit"
            form={FORM_ID}
            name="intent"
            value="undo"
            disabled={!lastChange || Boolean(busy)}
            title={lastChange ? `Undo: ${lastChange}` : 'Nothing to undo'}
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:text-slate-400"
          >
            <RotateCcw aria-hidden className="h-4 w-4" /> Undo last change
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
        </div>
        {pending ? (
          <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pending">
            Your latest changes are saved but not yet in the downloads: choose Save and rebuild.
            {lastChange ? <span className="text-amber-800"> Last change: {lastChange}.</span> : null}
          </p>
        ) : null}
      </section>

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Filter questions" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {FILTERS.map((f) => {
            const n = f.id === 'needs' ? counts.needs : f.id === 'flagged' ? counts.flagged : counts.all
            const current = page.filter === f.id
            return (
              <Link
                key={f.id}
                to={query({ filter: f.id, page: null })}
                aria-current={current ? 'page' : undefined}
                className={`flex-1 whitespace-nowrap rounded-md px-2 py-1.5 text-center text-[13px] font-medium sm:flex-none sm:px-3 sm:text-sm ${current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                {f.label} <span className="text-slate-500">({n})</span>
              </Link>
            )
          })}
        </nav>
        <Form method="get" role="search" className="flex gap-2">
          <input type="hidden" name="filter" value={page.filter} />
          <label htmlFor="review-search" className="sr-only">
            Search questions
          </label>
          <div className="relative flex-1 md:w-72">
            <Search aria-hidden className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-400" />
            <input
              ref={search}
              id="review-search"
              type="search"
              name="q"
              defaultValue={page.q}
              placeholder="Search id, question, answer"
              className="block w-full rounded-md border border-slate-300 py-2 pl-8 pr-3 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Search
          </button>
        </Form>
      </div>

      {enhanced ? (
        <p className="mt-3 hidden text-xs text-slate-500 md:block">
          Keys: <kbd className="rounded border px-1">j</kbd>/<kbd className="rounded border px-1">k</kbd> or arrows move
          · <kbd className="rounded border px-1">1</kbd>–<kbd className="rounded border px-1">9</kbd> choose an answer ·{' '}
          <kbd className="rounded border px-1">Enter</kbd> accept · <kbd className="rounded border px-1">u</kbd> undo ·{' '}
          <kbd className="rounded border px-1">/</kbd> search · <kbd className="rounded border px-1">Esc</kbd> leave a
          field. Changes save as you go.
        </p>
      ) : null}

      <Form method="post" id={FORM_ID} className="mt-4" preventScrollReset>
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
              <h2 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700 sm:px-5">
                Sheet: {group.sheet}
              </h2>
              {group.sections.map((section, s) => (
                <div key={`${section.section ?? ''}-${s}`}>
                  {section.section ? (
                    <h3 className="border-b border-slate-100 px-4 pt-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:px-5">
                      {section.section}
                    </h3>
                  ) : null}
                  <div className="divide-y divide-slate-100">
                    {section.rows.map((row) => {
                      const i = index++
                      return (
                        <ReviewRow
                          key={`${row.key}@${page.revision}`}
                          ref={(h) => {
                            if (h) handles.current.set(i, h)
                            else handles.current.delete(i)
                          }}
                          row={row}
                          sent={invalid?.values[row.key]}
                          error={invalid?.errors[row.key]}
                          active={i === active}
                          enhanced={enhanced}
                          loadedRevision={page.revision}
                          onActivate={() => setActive(i)}
                          onSaved={onSaved}
                        />
                      )
                    })}
                  </div>
                </div>
              ))}
            </section>
          ))
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {page.q
              ? `No question matches "${page.q}".`
              : page.filter === 'all'
                ? 'This questionnaire has no questions.'
                : 'Nothing left here: every question in this list is answered or confirmed.'}
          </p>
        )}
        <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-2 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_12px_-8px_rgba(15,23,42,0.25)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <div className="flex min-w-0 gap-2">
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={Boolean(busy)}
              className={`${enhanced ? 'hidden' : ''} shrink-0 rounded-md bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-900`}
            >
              {busy === 'save' ? 'Saving…' : 'Save'}
            </button>
            <button
              type="submit"
              name="intent"
              value="accept-page"
              disabled={!unflaggedHere || Boolean(busy)}
              className="min-w-0 rounded-md border border-green-600 bg-white px-3 py-2 text-left text-sm font-medium leading-tight text-green-700 hover:bg-green-50 disabled:border-slate-200 disabled:text-slate-400 sm:px-4"
            >
              Accept all unflagged on this page{unflaggedHere ? ` (${unflaggedHere})` : ''}
            </button>
          </div>
          <Pager page={page} query={query} />
        </div>
      </Form>
    </div>
  )
}

function Pager({ page, query }: { page: ReviewPage; query: (p: Record<string, string | number | null>) => string }) {
  if (page.pages <= 1)
    return <span className="shrink-0 text-xs text-slate-500 sm:text-sm">{page.matching} questions</span>
  return (
    <nav aria-label="Pages" className="flex shrink-0 items-center gap-2 text-sm">
      {page.page > 1 ? (
        <Link
          to={query({ page: page.page - 1 })}
          className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          rel="prev"
        >
          Previous
        </Link>
      ) : null}
      <span className="whitespace-nowrap text-slate-600">
        {page.page} / {page.pages}
      </span>
      {page.page < page.pages ? (
        <Link
          to={query({ page: page.page + 1 })}
          className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          rel="next"
        >
          Next
        </Link>
      ) : null}
    </nav>
  )
}
