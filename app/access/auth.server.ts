import { json } from '@remix-run/node'
import type { Queryable } from '../db.server'
import { services } from '../services.server'
import { getSession } from './session.server'
import { checkToken, TOKEN_MESSAGES, type TokenRow } from './tokens.server'

/** The token a browser session was opened with, if it is still valid. */
export async function sessionToken(request: Request): Promise<TokenRow | null> {
  const session = await getSession(request)
  const tokenId = session.get('tokenId')
  if (typeof tokenId !== 'number') return null
  return tokenById(services().sql, tokenId)
}

export async function tokenById(sql: Queryable, id: number, now = new Date()): Promise<TokenRow | null> {
  const [row] = await sql<TokenRow[]>`
    select id, plan, email, quota, used, expires_at as "expiresAt", revoked_at as "revokedAt", created_at as "createdAt"
    from tokens where id = ${id}`
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null
  return { ...row, id: Number(row.id) }
}

/** The token presented in an Authorization: Bearer header, an x-api-key header or (for forms) a `token` field. */
export function presentedToken(request: Request, formToken?: string | null): string | null {
  const auth = request.headers.get('authorization')
  const bearer = auth && /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1]
  const raw = bearer || request.headers.get('x-api-key') || formToken || null
  return raw ? raw.replace(/[\s\u0000]/g, '') : null
}

/**
 * API authentication: a presented token, else the browser session. Missing or bad credentials end the request
 * with 401 and a message saying what to send.
 */
export async function requireApiToken(request: Request, formToken?: string | null): Promise<TokenRow> {
  const presented = presentedToken(request, formToken)
  if (presented) {
    const check = await checkToken(services().sql, presented)
    if (check.ok) return check.row
    throw json({ message: TOKEN_MESSAGES[check.reason] }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } })
  }
  const row = await sessionToken(request)
  if (row) return row
  throw json(
    { message: 'An access token is required: send it as "Authorization: Bearer <token>", an x-api-key header or a "token" form field.' },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } },
  )
}
