import type { NextFunction, Request, Response } from 'express'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Sql } from '../infra/db.server'
import { clientKey, type TrustProxy } from './client-address.server'
import { apiErrorBody } from '../api/errors'
import { ADDRESS_LIMITS, type Limit } from './limits'
import { budgetsFor, classify, mayAuthenticate, tightest, type Budget, type Requester } from './rate-classes'
import { requesterLookup } from './requester.server'
import { page, wantsJson } from './responses.server'

export { clientKey, normalizeIp, type TrustProxy } from './client-address.server'

/**
 * Rate limits by who is asking (issue 15; issue 16, findings 7 and 8; ADR 026; the figures are in ./limits.ts).
 * Counted in Postgres (rate-limiter-flexible's store on our own pool), so every web machine of one database
 * shares them; health checks are counted in memory by each process.
 *
 * - A request carrying a valid token counts against the token's budget, and nothing else: never against the
 *   address, so colleagues behind one office address do not share, and a paying user is never locked out by
 *   someone else's traffic.
 * - Anything else counts against the client's address (the spec's 100 per 15 minutes).
 * - Failed authentication counts against the address, 20 a minute: a wrong header token at once; a token form
 *   (which may hold a wrong token in its body) up front, its point given back when it opens a session; an
 *   anonymous API or job request answered 401, after the response. Once that budget is spent, anonymous requests
 *   that could carry a token (anything but a page view) are refused until the minute ends.
 * - Free-trial requests: 20 a minute per address, besides the above.
 * - /healthz and /api/status: their own generous per-address limit, in memory.
 * Static files never reach this middleware (it is mounted after express.static).
 */

export { classify, routePath, type Kind } from './rate-classes'

/** rate-limiter-flexible speaks node-postgres (`query({ name, text, values })` → `{ rows, rowCount }`); this adapts our pool. */
function pgAdapter(sql: Sql) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[], { prepare: true })
      return { rows: [...rows], rowCount: rows.count }
    },
  }
}

function limiter(sql: Sql, keyPrefix: string, limit: Limit): RateLimiterAbstract {
  return new RateLimiterPostgres({
    storeClient: pgAdapter(sql),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true, // sql/00060_rate_limits.sql
    clearExpiredByTimeout: false, // the purge task clears old rows
    keyPrefix,
    points: limit.points,
    duration: limit.duration,
    // Once a key is over, answer from memory until its window ends: a flood costs no queries.
    inMemoryBlockOnConsumed: limit.points + 1,
    // If Postgres is unreachable, count in this process rather than failing every request.
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: `${keyPrefix}-mem`,
      points: limit.points,
      duration: limit.duration,
    }),
  })
}

export interface RateLimitOptions {
  sql: Sql
  /** Signs the session cookie: the limiter reads which token a browser session belongs to. */
  sessionSecret: string
  enabled?: boolean
  trustProxy?: TrustProxy
}

/** Express middleware. Mount after the static files and before Remix. */
export function rateLimit(options: RateLimitOptions) {
  if (options.enabled === false) return (_req: Request, _res: Response, next: NextFunction) => next()
  const trust = options.trustProxy ?? 'none'
  const identify = requesterLookup({ sql: options.sql, sessionSecret: options.sessionSecret })
  const budgets = new Map<string, RateLimiterAbstract>()
  // One store per distinct token budget (plans with the same figures share it; keys are token ids).
  const tokenLimiter = (limit: Limit) => {
    const key = `${limit.points}/${limit.duration}`
    if (!budgets.has(key)) budgets.set(key, limiter(options.sql, `token-${key}`, limit))
    return budgets.get(key)!
  }
  const anonymous = limiter(options.sql, 'address', ADDRESS_LIMITS.anonymous)
  const failures = limiter(options.sql, 'auth-failures', ADDRESS_LIMITS.authFailures)
  const trials = limiter(options.sql, 'trials', ADDRESS_LIMITS.trials)
  const health = new RateLimiterMemory({ keyPrefix: 'health', ...ADDRESS_LIMITS.health })
  const limiterOf = (budget: Budget, limit: Limit): RateLimiterAbstract =>
    budget === 'token'
      ? tokenLimiter(limit)
      : budget === 'anonymous'
        ? anonymous
        : budget === 'authFailures'
          ? failures
          : budget === 'trials'
            ? trials
            : health

  return async function rateLimitMiddleware(req: Request, res: Response, next: NextFunction) {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : ''
    const kind = classify(req.method, req.path, String(req.headers['content-type'] ?? ''), query)
    const address = clientKey(req, trust)
    let current: Limit = ADDRESS_LIMITS.health
    let who: Requester | null = null
    try {
      if (kind === 'health') {
        const r = await health.consume(address)
        setHeaders(res, r, ADDRESS_LIMITS.health)
        return next()
      }
      const asking = (who = await identify(req))
      if (asking.kind === 'anonymous' && mayAuthenticate(req.method, req.path, kind)) {
        // A client that spent its failed-authentication budget tries no more tokens until the minute ends.
        const spent = await failures.get(address)
        if (spent && spent.consumedPoints >= ADDRESS_LIMITS.authFailures.points && !asking.badToken)
          return tooMany(req, res, spent, ADDRESS_LIMITS.authFailures, asking)
      }
      const failedAuth = asking.kind === 'anonymous' && asking.badToken
      const counted: { res: RateLimiterRes; remaining: number; limit: Limit }[] = []
      for (const { budget, key, limit } of budgetsFor(asking, kind, address)) {
        current = limit
        const r = await limiterOf(budget, limit).consume(key)
        counted.push({ res: r, remaining: r.remainingPoints, limit })
      }
      const tight = tightest(counted)
      if (tight) setHeaders(res, tight.res, tight.limit)
      res.on('finish', () => {
        // A token form that worked (a session, or a real token with nothing left: 402) was no failed attempt.
        if (kind === 'token-form' && !failedAuth && (res.statusCode < 400 || res.statusCode === 402))
          failures.reward(address, 1).catch(() => {})
        // An anonymous request the app refused for want of a valid token.
        else if (asking.kind === 'anonymous' && !failedAuth && kind !== 'token-form' && res.statusCode === 401)
          failures.consume(address).catch(() => {})
      })
      next()
    } catch (error) {
      if (error instanceof RateLimiterRes) return tooMany(req, res, error, current, who)
      // Neither the store nor the insurance limiter answered: serve rather than fail closed.
      console.warn('[rate-limit] not counted:', (error as Error).message)
      next()
    }
  }
}

function setHeaders(res: Response, r: RateLimiterRes, limit: Limit) {
  res.setHeader('RateLimit-Limit', String(limit.points))
  res.setHeader('RateLimit-Remaining', String(Math.max(0, r.remainingPoints)))
  res.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil(r.msBeforeNext / 1000))))
  res.setHeader('RateLimit-Policy', `${limit.points};w=${limit.duration}`)
}

function tooMany(req: Request, res: Response, r: RateLimiterRes, limit: Limit, who: Requester | null) {
  const seconds = Math.max(1, Math.ceil(r.msBeforeNext / 1000))
  setHeaders(res, new RateLimiterRes(0, r.msBeforeNext, r.consumedPoints), limit)
  res.setHeader('Retry-After', String(seconds))
  res.setHeader('Cache-Control', 'no-store')
  const body = apiErrorBody('rate_limited', { seconds, token: who?.kind === 'token' })
  const message = body.error.message
  res.status(429)
  if (wantsJson(req)) return res.json(body)
  res.type('html').send(page(res, 'Too Many Requests', message))
}
