import type { ZodError } from 'zod'
import { log } from '../log.server'
import { apiError, isApiErrorBody, type ApiErrorInit } from './errors'

/**
 * How an /api/* route answers: JSON bodies with no-store, its failures from the error table (./errors.ts), and
 * anything unexpected as a 500 that reveals nothing internal.
 */

export function apiJson(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers })
}

/** Runs an API handler: thrown error Responses pass through, anything else becomes `internal_error`. */
export async function withApiErrors(handler: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await handler()
  } catch (thrown) {
    if (
      thrown instanceof Response &&
      (thrown.status < 400 ||
        isApiErrorBody(
          await thrown
            .clone()
            .json()
            .catch(() => null),
        ))
    )
      return thrown
    log(
      'error',
      `API error: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : `a ${String((thrown as Response)?.status)} response`}`,
    )
    return apiError('internal_error')
  }
}

/** Zod's issues as one sentence, each prefixed with its field. */
export function zodMessage(error: Pick<ZodError, 'issues'>): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
}

/** 400 `invalid_request`: the issues as one sentence, and as `details` entries ({path, message}). */
export function invalidRequest(error: Pick<ZodError, 'issues'>, init: Pick<ApiErrorInit, 'extra'> = {}): Response {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  return apiError('invalid_request', { problem: zodMessage(error) }, { details, ...init })
}

/** A JSON object body (or an HTML form's fields); null when it is neither or cannot be read. */
export async function readObjectBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get('content-type') ?? ''
  try {
    if (/^application\/json/i.test(type)) {
      const body: unknown = await request.json()
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
    }
    if (/^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(type))
      return Object.fromEntries(await request.formData())
  } catch {
    return null
  }
  return null
}

/** The answer to a body readObjectBody could not read, showing what to send. */
export function notAJsonObject(example: string): Response {
  return apiError('invalid_json', { send: `a JSON object such as ${example} with Content-Type: application/json` })
}
