import { API_ERRORS } from './codes'

export { API_ERRORS, FILES_DELETED_MESSAGE, TOKEN_REFUSAL_MESSAGES, waitText } from './codes'
export type { TokenRefusal, UploadProblemDetail } from './codes'

/** Building error answers from the table in ./codes.ts: the one way an /api/* endpoint says no. */

export type ApiErrorCode = keyof typeof API_ERRORS
export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]]

type MessageOf<C extends ApiErrorCode> = (typeof API_ERRORS)[C]['message']
export type ApiErrorParams<C extends ApiErrorCode> = MessageOf<C> extends (params: infer P) => string ? P : undefined

export interface ApiErrorInit {
  /** Machine-readable detail: per-field issues, per-file problems, per-edit refusals. */
  details?: unknown
  headers?: HeadersInit
  /** Top-level fields beside `error`, only where a documented client reads them (validate-token: valid, message). */
  extra?: (message: string) => Record<string, unknown>
}

export type ApiErrorArgs<C extends ApiErrorCode> =
  ApiErrorParams<C> extends undefined
    ? [params?: undefined, init?: ApiErrorInit]
    : [params: ApiErrorParams<C>, init?: ApiErrorInit]

/** The body of every /api/* failure. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; details?: unknown }
  [extra: string]: unknown
}

export function apiErrorStatus(code: ApiErrorCode): number {
  return API_ERRORS[code].status
}

/** The headers a code always answers with (WWW-Authenticate, Retry-After), for pages that answer it as HTML. */
export function apiErrorHeaders(code: ApiErrorCode): Record<string, string> {
  const spec: { headers?: Record<string, string> } = API_ERRORS[code]
  return { ...spec.headers }
}

export function apiErrorMessage<C extends ApiErrorCode>(code: C, ...[params]: ApiErrorArgs<C>): string {
  const message = API_ERRORS[code].message as string | ((p: unknown) => string)
  return typeof message === 'string' ? message : message(params)
}

export function apiErrorBody<C extends ApiErrorCode>(code: C, ...[params, init]: ApiErrorArgs<C>): ApiErrorBody {
  const message = apiErrorMessage(code, ...([params] as unknown as ApiErrorArgs<C>))
  const error = { code, message, ...(init?.details === undefined ? {} : { details: init.details }) }
  return { ...init?.extra?.(message), error }
}

/** The Response of an error: its table status, JSON body, no-store, and the table's headers (WWW-Authenticate). */
export function apiError<C extends ApiErrorCode>(code: C, ...args: ApiErrorArgs<C>): Response {
  return apiErrorResponse(apiErrorBody(code, ...args), args[1]?.headers)
}

/** The Response for an error body built earlier (apiErrorBody), with its code's status and headers. */
export function apiErrorResponse(body: ApiErrorBody, extraHeaders?: HeadersInit): Response {
  const spec: { status: number; headers?: Record<string, string> } = API_ERRORS[body.error.code]
  const headers = new Headers(extraHeaders)
  for (const [name, value] of Object.entries(spec.headers ?? {})) headers.set(name, value)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(body), { status: spec.status, headers })
}

/** The one 405: the methods the path answers, in the Allow header and the message. */
export function methodNotAllowed(allow: readonly string[]): Response {
  const methods = allow.map((m) => m.toUpperCase())
  return apiError('method_not_allowed', { allow: methods }, { headers: { Allow: methods.join(', ') } })
}

export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (!body || typeof body !== 'object' || !('error' in body)) return false
  const error = (body as { error: unknown }).error
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && code in API_ERRORS
}

interface Issues {
  issues: { path: (string | number)[]; message: string }[]
}

/** Zod's issues as one sentence, each prefixed with its field. */
export function zodMessage(error: Issues): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
}

/** 400 `invalid_request`: the issues as one sentence, and as `details` entries ({path, message}). */
export function invalidRequest(error: Issues, init: Pick<ApiErrorInit, 'extra'> = {}): Response {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  return apiError('invalid_request', { problem: zodMessage(error) }, { details, ...init })
}
