import { normalizeToken } from './token-string'
/**
 * The credential a request presents: `Authorization: Bearer <token>` or `x-api-key: <token>` (same meaning), or
 * for HTML forms a `token` field. Whitespace and NULs a paste may carry are dropped.
 */
export function presentedCredential(request: Request, formToken?: string | null): string | null {
  const auth = request.headers.get('authorization')
  const bearer = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1] : undefined
  const raw = bearer || request.headers.get('x-api-key') || formToken || null
  return raw ? normalizeToken(raw) || null : null
}
