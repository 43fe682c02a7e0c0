import { CheckCircle2 } from 'lucide-react'
import type { ReviewRowView } from '../../review/view'
import { confidencePercent } from '../../answering/model'

/** What a row's status line says: one thing at a time (confirmed, kept, needs an answer, flagged). */
export type RowState = 'confirmed' | 'kept' | 'needs' | 'flagged' | 'plain'

export function rowState(row: Pick<ReviewRowView, 'needsAnswer' | 'flagged' | 'preexisting'>, confirmed: boolean) {
  if (confirmed) return 'confirmed'
  if (row.preexisting) return row.flagged ? 'flagged' : 'kept'
  if (row.needsAnswer) return 'needs'
  return row.flagged ? 'flagged' : 'plain'
}

export const ROW_TONE: Record<RowState, string> = {
  confirmed: 'border-l-green-600',
  kept: 'border-l-slate-300',
  needs: 'border-l-red-500',
  flagged: 'border-l-amber-500',
  plain: 'border-l-slate-200',
}

/** The status badges: colours chosen for at least 4.5:1 contrast on their backgrounds. */
export function RowBadges({ row, state }: { row: ReviewRowView; state: RowState }) {
  return (
    <>
      {state === 'confirmed' ? (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-900"
          data-testid="confirmed"
        >
          <CheckCircle2 aria-hidden className="h-3.5 w-3.5" /> Confirmed by you
        </span>
      ) : state === 'needs' ? (
        <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-800">Needs your answer</span>
      ) : state === 'flagged' ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Flagged</span>
      ) : null}
      {row.preexisting ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700" data-testid="kept">
          Kept from your file
        </span>
      ) : null}
    </>
  )
}

export function Citations({ row }: { row: ReviewRowView }) {
  if (!row.citations.length) {
    if (row.preexisting) return null
    return (
      <p className="mt-3 text-xs text-slate-600">No citations: nothing in the uploaded files supports an answer.</p>
    )
  }
  return (
    <ul className="mt-3 space-y-2" aria-label={`Citations for ${row.id}`}>
      {row.citations.map((c, i) => (
        <li key={i} className="border-l-2 border-slate-200 pl-3 text-sm">
          <q className="text-slate-800 italic">{c.quote}</q>
          <span className="mt-0.5 block text-xs wrap-anywhere text-slate-600">
            {c.file}, {c.location}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The machine's confidence; none for kept answers and profile details, "Confirmed" once the person decided. */
export function Confidence({ row, confirmed }: { row: ReviewRowView; confirmed: boolean }) {
  if (!confirmed && !row.showConfidence) return null
  const tone =
    confirmed || row.confidence >= 0.85 ? 'text-green-800' : row.confidence >= 0.6 ? 'text-amber-800' : 'text-red-800'
  return (
    <div className="shrink-0 pb-2 text-right text-xs" data-testid="confidence">
      <span className="block text-slate-600">Confidence</span>
      <span className={`font-semibold ${tone}`}>
        {confirmed ? 'Confirmed' : `${confidencePercent(row.confidence)}%`}
      </span>
    </div>
  )
}
