import { isIP } from 'node:net'
import type { NextFunction, Request, Response } from 'express'
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import type { Sql } from '../db.server'
import { escapeHtml, wantsJson } from './responses.server'

/**
 * Rate limits (issue 11, finding 5; ADR 012), counted in Postgres (rate-limiter-flexible's store on our own pool)
 * so every web machine of one database shares them.
 *
 * - overall: 100 requests per 15 minutes per client. Static files never reach this middleware (it is mounted
 *   after express.static). Page navigations count: each runs loaders and a server render, and a person reading
 *   the site makes far fewer than 100 page views in 15 minutes. Polling a job's status does not count (its own
 *   limit below), except when the poll fails (401/404): guessing job ids spends the overall budget.
 * - sensitive: 20 per minute per client on each of token validation, free trial and token status.
 * - job status: 20 per minute per client and job, plus JOB_STATUS_SPARE requests a minute to spare: a 3-second poll
 *   is exactly 20 a minute, and without the spare, network jitter would put a 21st poll inside a window now and
 *   then. Two tabs on two jobs fit; hammering one job (1,890 calls a minute in the report) gets 24.
 * /api/status and /healthz (health checks) are never limited.
 */

export const LIMITS = {
  overall: { points: 100, duration: 15 * 60 },
  sensitive: { points: 20, duration: 60 },
  jobStatus: { points: 20, duration: 60 },
} as const

/** Extra job-status requests a minute, so a 3-second poll never trips on a window's edge. */
export const JOB_STATUS_SPARE = 4

export type TrustProxy = 'none' | 'fly' | 'x-forwarded-for'

type Kind = 'exempt' | 'job-status' | `sensitive:${string}` | 'overall'

interface Classified {
  kind: Kind
  /** Extra part of the key (the job id for job status). */
  scope?: string
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Which limit a request falls under; exported for unit tests. */
export function classify(method: string, rawPath: string): Classified {
  // Remix data requests (/x.data, /_root.data) are the same route as the page.
  const path =
    rawPath
      .replace(/\.data$/, '')
      .replace(/^\/_root$/, '/')
      .replace(/\/+$/, '') || '/'
  if (path === '/api/status' || path === '/healthz') return { kind: 'exempt' }
  const safe = SAFE.has(method)
  let m = /^\/api\/(?:status|questionnaire)\/([^/]+)$/.exec(path)
  if (m && safe) return { kind: 'job-status', scope: m[1]!.slice(0, 64) }
  m = /^\/jobs\/([^/]+)$/.exec(path)
  if (m && safe) return { kind: 'job-status', scope: m[1]!.slice(0, 64) }
  if (path === '/api/validate-token' || ((path === '/upload' || path === '/token') && !safe))
    return { kind: 'sensitive:token' }
  if (path === '/api/create-free-trial' || path === '/free-trial' || (path === '/' && !safe))
    return { kind: 'sensitive:trial' }
  if (path === '/api/token-status' || path === '/token-status') return { kind: 'sensitive:status' }
  return { kind: 'overall' }
}

/**
 * The client a request counts against: the socket's address, or the address our trusted proxy reports (Fly's
 * Fly-Client-IP, or the last X-Forwarded-For entry, the one the proxy in front of us appended). Headers are
 * ignored without a trusted proxy, so a client cannot pick its own key. IPv6 clients count per /64, the block
 * one customer usually holds.
 */
export function clientKey(req: Pick<Request, 'headers' | 'socket'>, trust: TrustProxy): string {
  let ip = req.socket.remoteAddress ?? 'unknown'
  if (trust === 'fly') {
    const fly = req.headers['fly-client-ip']
    if (typeof fly === 'string' && isIP(fly.trim())) ip = fly.trim()
  } else if (trust === 'x-forwarded-for') {
    const xff = req.headers['x-forwarded-for']
    const last = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1)
    if (last && isIP(last)) ip = last
  }
  return normalizeIp(ip)
}

export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (isIP(ip) !== 6) return ip
  const groups = expandIpv6(ip)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip
}

function expandIpv6(ip: string): string[] | null {
  const [head, tail] = ip.split('%')[0]!.split('::') as [string, string | undefined]
  const a = head ? head.split(':') : []
  const b = tail ? tail.split(':') : []
  if (tail === undefined && a.length !== 8) return null
  const fill = Array(8 - a.length - b.length).fill('0')
  return [...a, ...fill, ...b].map((g) => parseInt(g || '0', 16).toString(16))
}

/** rate-limiter-flexible speaks node-postgres (`query({ name, text, values })` → `{ rows, rowCount }`); this adapts our pool. */
function pgAdapter(sql: Sql) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[], { prepare: true })
      return { rows: [...rows], rowCount: rows.count }
    },
  }
}

function limiter(sql: Sql, keyPrefix: string, opts: { points: number; duration: number }): RateLimiterAbstract {
  return new RateLimiterPostgres({
    storeClient: pgAdapter(sql),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true, // sql/00060_rate_limits.sql
    clearExpiredByTimeout: false, // the purge task clears old rows
    keyPrefix,
    points: opts.points,
    duration: opts.duration,
    // Once a client is over, answer from memory until its window ends: an attacker's flood costs no queries.
    inMemoryBlockOnConsumed: opts.points + 1,
    // If Postgres is unreachable, count in this process rather than failing every request.
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: `${keyPrefix}-mem`,
      points: opts.points,
      duration: opts.duration,
    }),
  })
}

export interface RateLimitOptions {
  sql: Sql
  enabled?: boolean
  trustProxy?: TrustProxy
  limits?: Partial<Record<keyof typeof LIMITS, { points: number; duration: number }>>
}

/** Express middleware. Mount after the static files and before Remix. */
export function rateLimit(options: RateLimitOptions) {
  if (options.enabled === false) return (_req: Request, _res: Response, next: NextFunction) => next()
  const limits = { ...LIMITS, ...options.limits }
  const trust = options.trustProxy ?? 'none'
  const overall = limiter(options.sql, 'overall', limits.overall)
  const jobStatus = new BurstyRateLimiter(
    limiter(options.sql, 'job', limits.jobStatus) as never,
    limiter(options.sql, 'job-spare', { points: JOB_STATUS_SPARE, duration: limits.jobStatus.duration }) as never,
  ) as unknown as RateLimiterAbstract
  const sensitive = limiter(options.sql, 'auth', limits.sensitive)

  return async function rateLimitMiddleware(req: Request, res: Response, next: NextFunction) {
    const { kind, scope } = classify(req.method, req.path)
    if (kind === 'exempt') return next()
    const client = clientKey(req, trust)
    const checks: [RateLimiterAbstract, string, { points: number; duration: number }][] = []
    if (kind === 'job-status') checks.push([jobStatus, `${client}|${scope}`, limits.jobStatus])
    else {
      if (kind.startsWith('sensitive:')) checks.push([sensitive, `${kind.slice(10)}|${client}`, limits.sensitive])
      checks.push([overall, client, limits.overall])
    }
    let current = limits.overall
    try {
      if (kind === 'job-status') {
        // Not counted overall, but a client already over its overall budget is not served either.
        const spent = await overall.get(client)
        if (spent && spent.consumedPoints > limits.overall.points) return tooMany(req, res, spent, limits.overall)
        res.on('finish', () => {
          if (res.statusCode >= 400 && res.statusCode !== 429) overall.consume(client).catch(() => {})
        })
      }
      let tightest: { res: RateLimiterRes; limit: { points: number; duration: number } } | null = null
      for (const [rl, key, limit] of checks) {
        current = limit
        const r = await rl.consume(key)
        if (!tightest || r.remainingPoints < tightest.res.remainingPoints) tightest = { res: r, limit }
      }
      if (tightest) setHeaders(res, tightest.res, tightest.limit)
      next()
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return tooMany(req, res, error, current)
      }
      // Neither the store nor the insurance limiter answered: serve rather than fail closed.
      console.warn('[rate-limit] not counted:', (error as Error).message)
      next()
    }
  }
}

function setHeaders(res: Response, r: RateLimiterRes, limit: { points: number; duration: number }) {
  res.setHeader('RateLimit-Limit', String(limit.points))
  res.setHeader('RateLimit-Remaining', String(Math.max(0, r.remainingPoints)))
  res.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil(r.msBeforeNext / 1000))))
  res.setHeader('RateLimit-Policy', `${limit.points};w=${limit.duration}`)
}

function tooMany(req: Request, res: Response, r: RateLimiterRes, limit: { points: number; duration: number }) {
  const seconds = Math.max(1, Math.ceil(r.msBeforeNext / 1000))
  setHeaders(res, new RateLimiterRes(0, r.msBeforeNext, r.consumedPoints), limit)
  res.setHeader('Retry-After', String(seconds))
  res.setHeader('Cache-Control', 'no-store')
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  const message = `Too many requests from your network. Please wait ${wait} and try again.`
  res.status(429)
  if (wantsJson(req)) return res.json({ error: { code: 'rate_limited', message } })
  res.type('html').send(page(res, 'Too Many Requests', message))
}

/** A self-contained page (the app's stylesheet name is hashed): inline style allowed by this request's CSP nonce. */
export function page(res: Response, title: string, message: string): string {
  const nonce = typeof res.locals.cspNonce === 'string' ? ` nonce="${res.locals.cspNonce}"` : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | QFill</title>
<style${nonce}>body{font-family:system-ui,sans-serif;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f8fafc}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.875rem;margin:0 0 1rem}p{color:#475569;line-height:1.5}
a{display:inline-block;margin-top:1.5rem;background:#2563eb;color:#fff;padding:.5rem 1rem;border-radius:.375rem;text-decoration:none}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a href="/">Back to home</a></main></body></html>`
}
