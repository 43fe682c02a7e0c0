import { Form, Link } from '@remix-run/react'
import { Search } from 'lucide-react'
import type { RefObject } from 'react'
import { FILTERS, type ReviewCounts, type ReviewPage } from '../../review/view'

/** The review's address for a filter, search and page: unchanged parts kept, defaults left out. */
export function reviewQuery(
  page: Pick<ReviewPage, 'filter' | 'q' | 'page'>,
  patch: Record<string, string | number | null>,
) {
  const params = new URLSearchParams()
  const merged = { filter: page.filter, q: page.q || null, page: page.page > 1 ? page.page : null, ...patch }
  for (const [k, v] of Object.entries(merged)) if (v !== null && v !== '') params.set(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : '?'
}

function filterCount(id: (typeof FILTERS)[number]['id'], counts: ReviewCounts) {
  return id === 'needs' ? counts.needs : id === 'flagged' ? counts.flagged : counts.all
}

/** Filters (Needs your answer, Flagged, All) with their counts, and the search form (a plain GET). */
export function ReviewToolbar({
  page,
  counts,
  search,
}: {
  page: ReviewPage
  counts: ReviewCounts
  search: RefObject<HTMLInputElement>
}) {
  return (
    <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <nav aria-label="Filter questions" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        {FILTERS.map((f) => {
          const current = page.filter === f.id
          return (
            <Link
              key={f.id}
              to={reviewQuery(page, { filter: f.id, page: null })}
              aria-current={current ? 'page' : undefined}
              className={`flex-1 rounded-md px-2 py-1.5 text-center text-[13px] font-medium whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm ${current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
            >
              {f.label} <span className="text-slate-600">({filterCount(f.id, counts)})</span>
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
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-500" />
          <input
            ref={search}
            id="review-search"
            type="search"
            name="q"
            defaultValue={page.q}
            placeholder="Search id, question, answer"
            className="block w-full rounded-md border border-slate-300 py-2 pr-3 pl-8 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
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
  )
}

const Key = ({ k }: { k: string }) => <kbd className="rounded border border-slate-300 px-1">{k}</kbd>

export function KeyHints() {
  return (
    <p className="mt-3 hidden text-xs text-slate-600 md:block">
      Keys: <Key k="j" />/<Key k="k" /> or arrows move · <Key k="1" />–<Key k="9" /> choose an answer ·{' '}
      <Key k="Enter" /> accept · <Key k="u" /> undo · <Key k="/" /> search · <Key k="Esc" /> leave a field. Changes save
      as you go.
    </p>
  )
}
