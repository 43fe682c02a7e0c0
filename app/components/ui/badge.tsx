/**
 * A small pill for a state or count ('Active', '92% Average Confidence'). Tones: slate (neutral), brand,
 * green (good), amber (needs attention), red (failed). Text colours keep AA contrast on their backgrounds.
 */
import type { ReactNode } from 'react'

export type BadgeTone = 'slate' | 'green' | 'amber' | 'red' | 'brand'

const TONES: Record<BadgeTone, string> = {
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
}

export function Badge({
  children,
  tone = 'slate',
  className = '',
}: {
  children: ReactNode
  tone?: BadgeTone
  className?: string
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  )
}
