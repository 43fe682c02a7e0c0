/**
 * 429 handling in the browser (ADR 024). The server's rate limiter answers 429 with Retry-After; the page must
 * never turn into an error page for it. Every Remix data request (navigations, revalidations, form posts) goes
 * through `retryOn429`, installed once in entry.client.tsx: it waits the time the server named, telling the
 * page through a window event (shown by <RateLimitNotice>), and sends the same request again. A 429 is sent
 * before the request reaches the app, so sending it again never does anything twice.
 */

export const RATE_LIMIT_EVENT = 'qfill:rate-limited'
/** The longest single wait we believe (a misconfigured header must not freeze the page for a day). */
export const MAX_WAIT_S = 3600
const DEFAULT_WAIT_S = 5

export interface RateLimitDetail {
  /** Who waits: page requests and autosave report apart, so one's success does not hide the other's wait. */
  source: 'page' | 'autosave'
  /** When the next attempt is due (epoch ms); null once the request went through. */
  until: number | null
}

/** Seconds to wait from a Retry-After header: delta seconds or an HTTP date; a missing or odd header waits 5 s. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (!value) return DEFAULT_WAIT_S
  const trimmed = value.trim()
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : Math.ceil((Date.parse(trimmed) - now) / 1000)
  if (!Number.isFinite(seconds)) return DEFAULT_WAIT_S
  return Math.min(MAX_WAIT_S, Math.max(1, seconds))
}

/** "Too many requests, retrying in N s": whole seconds left, never below 1 while waiting. */
export function countdownText(until: number, now: number): string {
  return `Too many requests, retrying in ${Math.max(1, Math.ceil((until - now) / 1000))} s`
}

export function announceRateLimit(source: RateLimitDetail['source'], until: number | null) {
  window.dispatchEvent(new CustomEvent<RateLimitDetail>(RATE_LIMIT_EVENT, { detail: { source, until } }))
}

/** Remix's own requests: single-fetch `.data` URLs (and `_data` for the older protocol), on this origin. */
export function isRemixDataRequest(url: URL, origin: string): boolean {
  return url.origin === origin && (url.pathname.endsWith('.data') || url.searchParams.has('_data'))
}

interface Waiter {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
  now(): number
}

function wait(ms: number, signal: AbortSignal | null | undefined, clock: Waiter): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const id = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clock.clearTimeout(id)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * A fetch that, for Remix data requests, answers a 429 by waiting Retry-After and trying again (until the
 * request goes through or is aborted by a newer navigation). Other requests pass through untouched.
 */
export function retryOn429(
  fetchImpl: typeof fetch,
  options: { origin: string; clock?: Waiter; announce?: (until: number | null) => void },
): typeof fetch {
  const clock: Waiter = options.clock ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  }
  const announce = options.announce ?? ((until: number | null) => announceRateLimit('page', until))
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), options.origin)
    if (!isRemixDataRequest(url, options.origin)) return fetchImpl(input, init)
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null)
    for (;;) {
      const response = await fetchImpl(input instanceof Request ? input.clone() : input, init)
      if (response.status !== 429) {
        announce(null)
        return response
      }
      const seconds = retryAfterSeconds(response.headers.get('Retry-After'), clock.now())
      announce(clock.now() + seconds * 1000)
      await wait(seconds * 1000, signal, clock)
    }
  }
}
