import type { NextFunction, Request, Response } from 'express'
import { page } from './responses.server'
import { wantsJson } from './responses.server'

/**
 * Cross-site request forgery (issue 11, finding 6; ADR 012). Every state-changing request a browser could send
 * with our cookies (or to plant its own session cookie: "login CSRF" via POST /upload) must come from one of our
 * own pages: its Origin (or, failing that, Referer) names this host. This covers page forms, Remix ?_data=
 * requests and single-fetch .data requests alike, since they all go through here before Remix.
 *
 * Exempt: requests authenticated by an Authorization or x-api-key header (a browser cannot add those to a
 * cross-site request without a CORS preflight we never grant), and API requests that carry neither a session
 * cookie nor an Origin/Referer (command-line clients, Stripe's webhook).
 *
 * Failures answer 403: JSON under /api and for data requests, a short page otherwise; never Remix's 500.
 */

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE'])
const SESSION_COOKIE = /(?:^|;\s*)qfill_session=/

export interface CsrfOptions {
  /** Extra origins allowed besides the request's own host (PUBLIC_URL). */
  allowedOrigins?: string[]
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: string }

export function checkCsrf(req: Pick<Request, 'method' | 'path' | 'headers'>, options: CsrfOptions = {}): CsrfVerdict {
  if (SAFE.has(req.method)) return { ok: true }
  const h = req.headers
  if (h.authorization || h['x-api-key']) return { ok: true }
  // Fetch metadata, where the browser sends it, settles the question whatever Origin or Referer say.
  const site = fetchSite(h)
  if (site === 'cross-site' || site === 'same-site') return { ok: false, reason: `Sec-Fetch-Site: ${site}` }
  const origin = typeof h.origin === 'string' ? h.origin : null
  const referer = typeof h.referer === 'string' ? h.referer : null
  const claimed = origin ?? referer
  if (!claimed) {
    const hasSession = SESSION_COOKIE.test(String(h.cookie ?? ''))
    if (req.path.startsWith('/api/') && !hasSession) return { ok: true }
    return { ok: false, reason: 'missing Origin and Referer' }
  }
  let from: URL
  try {
    from = new URL(claimed)
  } catch {
    return { ok: false, reason: `unreadable ${origin ? 'Origin' : 'Referer'}` } // includes Origin: null
  }
  if (from.protocol !== 'https:' && from.protocol !== 'http:') return { ok: false, reason: 'opaque origin' }
  const host = String(h.host ?? '').toLowerCase()
  if (host && from.host.toLowerCase() === host) {
    // Behind TLS, a plain-http page on the same name is another origin (e.g. one injected on a hostile network).
    const proto = String(h['x-forwarded-proto'] ?? '')
      .split(',')[0]!
      .trim()
    if (proto === 'https' && from.protocol !== 'https:') return { ok: false, reason: 'http origin for an https site' }
    return { ok: true }
  }
  for (const allowed of options.allowedOrigins ?? []) {
    try {
      if (new URL(allowed).origin === from.origin) return { ok: true }
    } catch {
      // ignore a malformed extra origin
    }
  }
  return { ok: false, reason: `cross-site request from ${from.origin}` }
}

function fetchSite(h: Request['headers']): string | null {
  const value = h['sec-fetch-site']
  return typeof value === 'string' ? value.trim().toLowerCase() : null
}

/**
 * Opening a session (login) is stricter than other unsafe requests (issue 16, finding 1): only a POST, from one of
 * our own pages by Origin (or Referer), and not cross-site by Fetch metadata; no header-token or cookie-less API
 * exemption. Takes plain headers so the session module can check a Fetch Request under any server.
 */
export function checkSessionOpening(
  req: { method: string; headers: Record<string, string | undefined> },
  options: CsrfOptions = {},
): CsrfVerdict {
  if (req.method.toUpperCase() !== 'POST')
    return { ok: false, reason: `a session is opened by POST only, not ${req.method}` }
  const site = fetchSite(req.headers as Request['headers'])
  if (site && site !== 'same-origin') return { ok: false, reason: `Sec-Fetch-Site: ${site}` }
  const claimed = req.headers.origin ?? req.headers.referer
  if (!claimed) return { ok: false, reason: 'missing Origin and Referer' }
  const { authorization: _a, 'x-api-key': _k, ...headers } = req.headers
  return checkCsrf({ method: 'POST', path: '/', headers } as Pick<Request, 'method' | 'path' | 'headers'>, options)
}

export const CSRF_MESSAGE =
  'This request came from another website, so it was refused. Open QFill directly and try again.'

/** Express middleware. Mount before Remix. */
export function csrf(options: CsrfOptions = {}) {
  return function csrfMiddleware(req: Request, res: Response, next: NextFunction) {
    const verdict = checkCsrf(req, options)
    if (verdict.ok) return next()
    res.status(403)
    res.setHeader('Cache-Control', 'no-store')
    if (wantsJson(req)) return res.json({ error: { code: 'cross_site_request', message: CSRF_MESSAGE } })
    res.type('html').send(page(res, 'Request Refused', CSRF_MESSAGE))
  }
}
