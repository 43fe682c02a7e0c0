import { apiError, presentedCredential } from '../api/errors.server'
import { services } from '../services.server'
import { sessionTokenId } from './session.server'
import { normalizeToken } from './token-string'
import { checkToken, checkTokenById, TOKEN_MESSAGES, type TokenPurpose, type TokenRow } from './tokens.server'

/**
 * The token a browser session was opened with, if the session still exists and the token may be used for the
 * purpose ('read' by default: status and downloads; 'upload' for a new questionnaire).
 */
export async function sessionToken(request: Request, purpose: TokenPurpose = 'read'): Promise<TokenRow | null> {
  const tokenId = await sessionTokenId(request)
  if (tokenId === null) return null
  const check = await checkTokenById(services().sql, tokenId, { purpose })
  return check.ok ? check.row : null
}

/** The token presented in an Authorization: Bearer header, an x-api-key header or (for forms) a `token` field. */
export function presentedToken(request: Request, formToken?: string | null): string | null {
  const raw = presentedCredential(request) || formToken || null
  return raw ? normalizeToken(raw) || null : null
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
    throw apiError(401, `token_${check.reason}`, TOKEN_MESSAGES[check.reason], {
      headers: { 'WWW-Authenticate': 'Bearer' },
    })
  }
  const row = await sessionToken(request)
  if (row) return row
  throw apiError(
    401,
    'token_required',
    'An access token is required: send it as "Authorization: Bearer <token>", an x-api-key header or a "token" form field.',
    { headers: { 'WWW-Authenticate': 'Bearer' } },
  )
}

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token. Please check your token and try again.'

/**
 * Authentication for the access APIs: a bearer token or x-api-key (else the browser session). On failure the
 * 401 response, in the /api JSON error shape, is returned for the route to send.
 */
export async function authenticateApi(request: Request): Promise<TokenRow | Response> {
  const presented = presentedToken(request)
  const row = presented
    ? await checkToken(services().sql, presented, { purpose: 'read' }).then((c) => (c.ok ? c.row : null))
    : await sessionToken(request)
  if (row) return row
  return apiError(401, 'invalid_token', INVALID_TOKEN_MESSAGE, { headers: { 'WWW-Authenticate': 'Bearer' } })
}
