import { ADDRESS_LIMITS, tokenBudget, type Limit } from './limits'

/**
 * Which budgets a request counts against (ADR 026; the figures are in ./limits.ts): plain functions with no server
 * import, shared by the rate limiter (rate-limit.server.ts) and the @qfill/msw mock, so both count alike.
 */

export type Kind = 'health' | 'trial' | 'token-form' | 'upload' | 'other'

/** Who is asking: the token a request carries (or the browser session it opened), or nobody. */
export type Requester = { kind: 'token'; tokenId: number; plan: string } | { kind: 'anonymous'; badToken: boolean }

/** The budgets the limiter keeps: one per token plan's figures, and per address. */
export type Budget = 'token' | 'anonymous' | 'authFailures' | 'trials' | 'health'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The route a request is for: case-insensitive (Remix routes `/API/STATUS/x` as `/api/status/x`), data requests as their page. */
export function routePath(rawPath: string): string {
  return (
    rawPath
      .toLowerCase()
      .replace(/\.data$/, '')
      .replace(/^\/_root$/, '/')
      .replace(/\/+$/, '') || '/'
  )
}

/** Which limits a request falls under besides its requester's budget. */
export function classify(method: string, rawPath: string, contentType = '', query = ''): Kind {
  const path = routePath(rawPath)
  const safe = SAFE.has(method.toUpperCase())
  if (path === '/healthz' || path === '/api/status') return 'health'
  if (path === '/api/create-free-trial' || path === '/free-trial' || (path === '/' && !safe)) return 'trial'
  if (path === '/upload' && !safe && /^multipart\/form-data/i.test(contentType)) return 'upload'
  if (path === '/api/validate-token') return 'token-form'
  if ((path === '/upload' || path === '/token' || path === '/token-status') && !safe) return 'token-form'
  // A ?token= link is checked read-only (app/routes/token-status.tsx): a token guess like any other.
  if (path === '/token-status' && /(?:^|&)token=[^&]/.test(query)) return 'token-form'
  return 'other'
}

/** Anonymous requests that could present a token: anything but reading pages (API, job pages, forms). */
export function mayAuthenticate(method: string, path: string, kind: Kind): boolean {
  if (kind === 'token-form' || kind === 'upload' || !SAFE.has(method.toUpperCase())) return true
  return /^\/(?:api|jobs|questionnaire)\//.test(routePath(path))
}

/**
 * The budgets a (non-health) request spends, each with the key it is counted under: a token's own budget, or the
 * address's, plus failed authentication and free trials where they apply.
 */
export function budgetsFor(
  who: Requester,
  kind: Kind,
  address: string,
): { budget: Budget; key: string; limit: Limit }[] {
  if (kind === 'health') return [{ budget: 'health', key: address, limit: ADDRESS_LIMITS.health }]
  const out: { budget: Budget; key: string; limit: Limit }[] = []
  if (who.kind === 'token') out.push({ budget: 'token', key: String(who.tokenId), limit: tokenBudget(who.plan) })
  else out.push({ budget: 'anonymous', key: address, limit: ADDRESS_LIMITS.anonymous })
  if ((who.kind === 'anonymous' && who.badToken) || kind === 'token-form')
    out.push({ budget: 'authFailures', key: address, limit: ADDRESS_LIMITS.authFailures })
  if (kind === 'trial') out.push({ budget: 'trials', key: address, limit: ADDRESS_LIMITS.trials })
  return out
}

/** Of several budgets just counted, the one closest to running out: its figures go in the RateLimit-* headers. */
export function tightest<T extends { remaining: number; limit: Limit }>(counted: T[]): T | undefined {
  let best: T | undefined
  for (const c of counted) if (!best || c.remaining / c.limit.points < best.remaining / best.limit.points) best = c
  return best
}
