import { apiError } from '../api/errors'
import { services } from '../infra/services.server'
import { presentedCredential } from './credentials.server'
import { sessionTokenId } from './session.server'
import { checkToken, checkTokenById, type TokenPurpose, type TokenRow } from './tokens.server'

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
export const presentedToken = presentedCredential

/**
 * API authentication: a presented token, else the browser session. Without either the request ends with 401
 * `token_required`; a presented token we refuse ends it with 401 `invalid_token` saying why.
 */
export async function requireApiToken(request: Request, formToken?: string | null): Promise<TokenRow> {
  const presented = presentedToken(request, formToken)
  if (presented) {
    const check = await checkToken(services().sql, presented)
    if (check.ok) return check.row
    throw apiError('invalid_token', { reason: check.reason })
  }
  const row = await sessionToken(request)
  if (row) return row
  throw apiError('token_required')
}

/** The token status page's text for a 401 (the spec's). */
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token. Please check your token and try again.'
