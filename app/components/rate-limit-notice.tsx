import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { countdownText, RATE_LIMIT_EVENT, type RateLimitDetail } from './rate-limit'

/**
 * "Too many requests, retrying in N s", counting down, while a page request or the review's autosave waits
 * out a 429 (rate-limit.ts). Nothing is lost meanwhile: the request is sent again when the time is up.
 */
export function RateLimitNotice() {
  const [waits, setWaits] = useState<Partial<Record<RateLimitDetail['source'], number>>>({})
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const onEvent = (e: Event) => {
      const { source, until } = (e as CustomEvent<RateLimitDetail>).detail
      setNow(Date.now())
      setWaits((w) => {
        const next = { ...w }
        if (until === null) delete next[source]
        else next[source] = until
        return next
      })
    }
    window.addEventListener(RATE_LIMIT_EVENT, onEvent)
    return () => window.removeEventListener(RATE_LIMIT_EVENT, onEvent)
  }, [])
  const until = Math.max(0, ...Object.values(waits))
  useEffect(() => {
    if (!until) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  if (!until) return null
  return (
    <div
      role="status"
      data-testid="rate-limited"
      className="fixed inset-x-0 top-2 z-[65] mx-auto flex w-fit max-w-[calc(100%-1rem)] items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 shadow-lg"
    >
      <Clock aria-hidden className="h-4 w-4 shrink-0" />
      {countdownText(until, now)}
    </div>
  )
}
