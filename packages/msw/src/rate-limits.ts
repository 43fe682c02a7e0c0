import { apiError } from '../../../app/api/errors'
import { budgetsFor, classify, tightest, type Requester } from '../../../app/http/rate-classes'
import { ADDRESS_LIMITS, type Limit } from '../../../app/http/limits'

/**
 * The rate limits as the server applies them: the budgets a request counts against come from the server's own
 * rules (app/http/rate-classes.ts, figures in app/http/limits.ts, ADR 026), so the RateLimit-* headers agree. The
 * mock counts per budget and never refuses on its own; the 'rate-limited' scenario answers 429 as the server does
 * once a budget is spent. Clients are told apart by X-Forwarded-For where a test sends it.
 */
const ONE_CLIENT = 'mock-client'

/** The client's address: X-Forwarded-For's last entry when a test sends one (as behind one proxy), else one client. */
function addressOf(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || ONE_CLIENT
}

export class RateLimits {
  private readonly used = new Map<string, number>()

  reset() {
    this.used.clear()
  }

  /** The budgets this request spends, for a requester the mock identified (health checks included). */
  private budgets(request: Request, who: Requester) {
    const url = new URL(request.url)
    const kind = classify(request.method, url.pathname, request.headers.get('content-type') ?? '', url.search.slice(1))
    return budgetsFor(who, kind, addressOf(request))
  }

  /** Adds the tightest budget's headers to a response, counting the request against each of its budgets. */
  count(request: Request, who: Requester, response: Response): Response {
    const url = new URL(request.url)
    const kind = classify(request.method, url.pathname, request.headers.get('content-type') ?? '', url.search.slice(1))
    const counted = budgetsFor(who, kind, addressOf(request)).map(({ budget, key, limit }) => {
      const id = `${budget}|${limit.points}/${limit.duration}|${key}`
      const used = (this.used.get(id) ?? 0) + 1
      this.used.set(id, used)
      return { remaining: Math.max(0, limit.points - used), limit }
    })
    const tight = tightest(counted)
    if (tight) setHeaders(response.headers, tight.limit, tight.remaining, tight.limit.duration)
    // As the server settles after answering: a token form that worked gives its failed-authentication point back;
    // an anonymous request refused for want of a token spends one.
    const failures = `authFailures|${ADDRESS_LIMITS.authFailures.points}/${ADDRESS_LIMITS.authFailures.duration}|${addressOf(request)}`
    const failedAuth = who.kind === 'anonymous' && who.badToken
    const status = response.status
    if (kind === 'token-form' && !failedAuth && (status < 400 || status === 402))
      this.used.set(failures, Math.max(0, (this.used.get(failures) ?? 0) - 1))
    else if (who.kind === 'anonymous' && !failedAuth && kind !== 'token-form' && status === 401)
      this.used.set(failures, (this.used.get(failures) ?? 0) + 1)
    return response
  }

  /** The server's 429 for this request: Retry-After, the budget's RateLimit-* headers, the rate_limited body. */
  tooMany(request: Request, who: Requester, retryAfter: number): Response {
    // The budget that runs out first: the smallest of those the request spends.
    const limit = this.budgets(request, who)
      .map((b) => b.limit)
      .sort((a, b) => a.points - b.points)[0]!
    const response = apiError('rate_limited', { seconds: retryAfter, token: who.kind === 'token' })
    setHeaders(response.headers, limit, 0, retryAfter)
    response.headers.set('Retry-After', String(retryAfter))
    return response
  }
}

function setHeaders(headers: Headers, limit: Limit, remaining: number, reset: number) {
  headers.set('RateLimit-Limit', String(limit.points))
  headers.set('RateLimit-Remaining', String(remaining))
  headers.set('RateLimit-Reset', String(reset))
  headers.set('RateLimit-Policy', `${limit.points};w=${limit.duration}`)
}
