import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'

/**
 * Progress by revalidation polling: with JavaScript the loader re-runs every `ms` while `active` (and the tab is
 * visible, and no revalidation is already running); without it, <PollRefresh> reloads the page as often.
 */
export function usePolling(active: boolean, ms: number): void {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      if (state === 'idle' && document.visibilityState === 'visible') revalidate()
    }, ms)
    return () => clearInterval(timer)
  }, [active, ms, revalidate, state])
}

/** The no-JavaScript half of usePolling: a meta refresh inside <noscript>. */
export function PollRefresh({ active, ms }: { active: boolean; ms: number }) {
  return active ? (
    <noscript>
      <meta httpEquiv="refresh" content={String(ms / 1000)} />
    </noscript>
  ) : null
}
