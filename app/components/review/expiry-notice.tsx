import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { timeLeft } from '../progress'

/** Warn this long before the purge. */
export const WARN_MS = 10 * 60 * 1000

/**
 * Time left before the files are purged, counted from completion (saving does not extend it), with a warning in
 * the last 10 minutes. Rendered by the server; with JavaScript it ticks.
 */
export function ExpiryNotice({ expiresAt, now }: { expiresAt: string; now: string }) {
  const [clock, setClock] = useState(() => new Date(now))
  useEffect(() => {
    setClock(new Date())
    const timer = setInterval(() => setClock(new Date()), 15_000)
    return () => clearInterval(timer)
  }, [])
  const ms = new Date(expiresAt).getTime() - clock.getTime()
  const warn = ms <= WARN_MS
  const minutes = Math.max(0, Math.ceil(ms / 60000))
  return (
    <div className="text-sm sm:text-right">
      <p className="inline-flex items-center gap-1.5 text-slate-600" data-testid="files-available">
        <Clock aria-hidden className="h-4 w-4" /> Files available for: {timeLeft(expiresAt, clock)}
      </p>
      {warn ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
          data-testid="expiry-warning"
        >
          {ms > 0
            ? `Your files will be deleted in ${minutes} minute${minutes === 1 ? '' : 's'}: save, rebuild and download now. Saving does not extend the 1-hour limit.`
            : 'Your files have been deleted under the 1-hour security policy.'}
        </p>
      ) : null}
    </div>
  )
}
