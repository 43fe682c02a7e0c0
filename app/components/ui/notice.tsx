/**
 * An inline message in the page flow. Tones: info, success, warning, error (error is announced as an alert,
 * the others politely). `ProblemList` is the error notice for a list of problems the user must fix.
 */
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react'
import type { ReactNode } from 'react'

export type NoticeTone = 'info' | 'success' | 'warning' | 'error'

const TONES: Record<NoticeTone, { box: string; icon: typeof Info }> = {
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: Info },
  success: { box: 'border-green-200 bg-green-50 text-green-900', icon: CheckCircle2 },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: AlertTriangle },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: XCircle },
}

export function Notice({
  tone = 'info',
  title,
  children,
  className = '',
  id,
  live = true,
}: {
  tone?: NoticeTone
  title?: ReactNode
  children?: ReactNode
  className?: string
  id?: string
  /** Announce to screen readers (role alert/status). Turn off for notices present on first load. */
  live?: boolean
}) {
  const { box, icon: Icon } = TONES[tone]
  const role = !live ? undefined : tone === 'error' ? 'alert' : 'status'
  return (
    <div id={id} role={role} className={`flex gap-3 rounded-xl border p-4 text-sm ${box} ${className}`}>
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-6">{children}</div> : null}
      </div>
    </div>
  )
}

export interface Problem {
  title: string
  message: string
}

/** A list of problems the user must fix, announced to screen readers. */
export function ProblemList({ problems, id }: { problems: Problem[]; id?: string }) {
  if (!problems.length) return null
  return (
    <Notice tone="error" id={id}>
      <ul className="space-y-1">
        {problems.map((p, i) => (
          <li key={i}>
            <strong>{p.title}:</strong> {p.message}
          </li>
        ))}
      </ul>
    </Notice>
  )
}
