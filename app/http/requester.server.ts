import { hashToken } from '../access/tokens.server'
import { sessionHash, sessionIdFromCookie } from '../access/session.server'
import { presentedCredential } from '../access/credentials.server'
import type { Sql } from '../infra/db.server'

/**
 * Who is asking, for the rate limiter (ADR 026): the token a request carries (Authorization: Bearer, x-api-key,
 * or the browser session it opened), or nobody. Authentication proper stays with the routes; this only decides
 * which budget a request counts against, so a token revoked a few seconds ago may still be counted as its own.
 *
 * A header token that matches no live token is a failed authentication (`badToken`), counted against the
 * client's address. A token sent as a form field is not visible here (the body is not read): the token forms
 * count as failed authentication until they succeed, and the API's 401s are counted after the response.
 */
export type Requester = { kind: 'token'; tokenId: number; plan: string } | { kind: 'anonymous'; badToken: boolean }

interface RequestLike {
  headers: Record<string, string | string[] | undefined>
}

const TTL_MS = 10_000
const MAX_ENTRIES = 5_000

export function requesterLookup(options: { sql: Sql; sessionSecret: string; now?: () => number }) {
  const now = options.now ?? Date.now
  const cache = new Map<string, { value: Requester; until: number }>()
  const remember = async (key: string, find: () => Promise<Requester>): Promise<Requester> => {
    const hit = cache.get(key)
    if (hit && hit.until > now()) return hit.value
    const value = await find()
    if (cache.size >= MAX_ENTRIES) cache.clear() // a flood of distinct keys costs lookups, never memory
    cache.set(key, { value, until: now() + TTL_MS })
    return value
  }

  return async function identify(req: RequestLike): Promise<Requester> {
    const header = (name: string) => {
      const v = req.headers[name]
      return Array.isArray(v) ? v.join(', ') : (v ?? null)
    }
    const presented = presentedCredential({ headers: { get: header } } as unknown as Request)
    if (presented) {
      const hash = hashToken(presented)
      return remember(`t:${hash.toString('base64')}`, async () => {
        const [row] = await options.sql<{ id: string; plan: string }[]>`
          select id, plan from tokens where token_hash = ${hash} and revoked_at is null`
        return row ? { kind: 'token', tokenId: Number(row.id), plan: row.plan } : { kind: 'anonymous', badToken: true }
      })
    }
    const sid = await sessionIdFromCookie(header('cookie') ?? undefined, options.sessionSecret).catch(() => null)
    if (!sid) return { kind: 'anonymous', badToken: false }
    const hash = sessionHash(sid)
    return remember(`s:${hash.toString('base64')}`, async () => {
      const [row] = await options.sql<{ id: string; plan: string }[]>`
        select t.id, t.plan from sessions s join tokens t on t.id = s.token_id
        where s.id_hash = ${hash} and s.expires_at > now() and t.revoked_at is null`
      return row ? { kind: 'token', tokenId: Number(row.id), plan: row.plan } : { kind: 'anonymous', badToken: false }
    })
  }
}
