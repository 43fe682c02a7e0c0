import { apiError } from '../../../app/api/errors'

/**
 * The rate limits as the server applies them (app/http/rate-limit.server.ts, ADR 012): which budget a request
 * counts against, and the RateLimit-* headers it answers with. The mock counts per budget and never refuses on
 * its own; the 'rate-limited' scenario answers 429 as the server does once a budget is spent.
 */
export const MOCK_LIMITS = {
  overall: { points: 100, duration: 15 * 60 },
  sensitive: { points: 20, duration: 60 },
  jobStatus: { points: 20, duration: 60 },
} as const

export type Budget = keyof typeof MOCK_LIMITS

/** The budget a request counts against; null for the health checks, which are never limited. */
export function budgetOf(method: string, path: string): { budget: Budget; scope: string } | null {
  const p = path.replace(/\/+$/, '') || '/'
  if (p === '/api/status' || p === '/healthz') return null
  const job = /^\/api\/(?:status|questionnaire)\/([^/]+)$/.exec(p)
  if (job && (method === 'GET' || method === 'HEAD')) return { budget: 'jobStatus', scope: job[1]!.slice(0, 64) }
  if (p === '/api/validate-token' || p === '/api/create-free-trial' || p === '/api/token-status')
    return { budget: 'sensitive', scope: p }
  return { budget: 'overall', scope: '' }
}

export class RateLimits {
  private readonly used = new Map<string, number>()

  reset() {
    this.used.clear()
  }

  /** Adds the budget's headers to a response, counting the request. */
  count(response: Response, budget: Budget, scope: string): Response {
    const key = `${budget}|${scope}`
    const used = (this.used.get(key) ?? 0) + 1
    this.used.set(key, used)
    const { points, duration } = MOCK_LIMITS[budget]
    setHeaders(response.headers, budget, Math.max(0, points - used), duration)
    return response
  }
}

function setHeaders(headers: Headers, budget: Budget, remaining: number, reset: number) {
  const { points, duration } = MOCK_LIMITS[budget]
  headers.set('RateLimit-Limit', String(points))
  headers.set('RateLimit-Remaining', String(remaining))
  headers.set('RateLimit-Reset', String(reset))
  headers.set('RateLimit-Policy', `${points};w=${duration}`)
}

/** The server's 429: Retry-After, the spent budget's RateLimit-* headers, and the rate_limited body. */
export function tooManyRequests(budget: Budget, retryAfter: number): Response {
  const response = apiError('rate_limited', { seconds: retryAfter })
  setHeaders(response.headers, budget, 0, retryAfter)
  response.headers.set('Retry-After', String(retryAfter))
  return response
}
