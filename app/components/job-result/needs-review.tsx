import { Flag } from 'lucide-react'
import type { ResultView } from './model'
import { Card } from '../ui'
import { confidencePercent } from '../../answering/model'

/** The run's flagged questions, lowest confidence first (the real ones, not the spec's three samples). */
export function NeedsReview({ items }: { items: ResultView['review'] }) {
  if (!items.length) return null
  return (
    <Card>
      <h2 className="flex items-center gap-2 font-semibold">
        <Flag aria-hidden className="h-5 w-5 text-amber-700" />
        Needs Review
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Answers under 85% confidence or otherwise flagged, lowest confidence first.
      </p>
      <ul className="mt-4 divide-y divide-slate-100 text-sm">
        {items.map((item) => (
          <li key={`${item.sheet}-${item.row}`} className="py-3">
            <p className="font-medium">
              <span className="font-mono text-xs text-slate-600">{item.id}</span> {item.question}
            </p>
            <p className="mt-1 text-slate-600">
              {item.answer ?? 'Needs your answer'} · {confidencePercent(item.confidence)}% · {item.reason}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  )
}
