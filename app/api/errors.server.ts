import { normalizeToken } from '../access/token-string'
import type { ApiErrorBody } from './contract'

/**
 * The one way an /api/* endpoint says no: `{ "error": { "code", "message" } }` with the right status. `code` is
 * snake_case and stable (clients switch on it); `message` is a sentence the user can act on.
 */
export function apiError(
  status: number,
  code: string,
  message: string,
  init: { headers?: HeadersInit; details?: unknown } = {},
): Response {
  const body: ApiErrorBody = {
    error: { code, message, ...(init.details === undefined ? {} : { details: init.details }) },
  }
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(body), { status, headers })
}

/** 405 with the Allow header listing the methods the path does answer. */
export function methodNotAllowed(allow: readonly string[]): Response {
  const list = allow.map((m) => m.toUpperCase()).join(', ')
  return apiError(405, 'method_not_allowed', `This endpoint accepts ${list} only.`, { headers: { Allow: list } })
}

export function notFound(message = 'No such API endpoint: see /api-docs for the endpoints there are.'): Response {
  return apiError(404, 'not_found', message)
}

/** The credential a request presents: `Authorization: Bearer <token>` or `x-api-key: <token>` (same meaning). */
export function presentedCredential(request: Request): string | null {
  const auth = request.headers.get('authorization')
  const bearer = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1] : undefined
  const raw = bearer || request.headers.get('x-api-key') || null
  return raw ? normalizeToken(raw) || null : null
}

/**
 * Runs an API handler and turns anything that escapes it into the JSON error shape: thrown Responses with an old
 * `{ message }` body keep their status, anything else becomes a 500 that reveals nothing internal.
 */
export async function withApiErrors(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler()
  } catch (thrown) {
    if (thrown instanceof Response) return asApiError(thrown)
    console.error('[qfill] API error:', thrown)
    return apiError(500, 'internal_error', 'Something went wrong on our side. Please try again in a minute.')
  }
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
}

export function codeForStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'internal_error' : 'error')
}

/** A Response some helper threw (redirects and bodies already in the error shape pass through unchanged). */
export async function asApiError(response: Response): Promise<Response> {
  if (response.status < 400) return response
  const text = await response.clone().text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  if (body && typeof body === 'object' && 'error' in body && typeof (body as ApiErrorBody).error?.code === 'string') {
    return response
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : text || response.statusText || 'Request failed.'
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return apiError(response.status, codeForStatus(response.status), message, { headers })
}
