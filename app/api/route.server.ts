import { log } from '../infra/log.server'
import { apiError, isApiErrorBody } from './errors'

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

export { readObjectBody } from './body'

/** The answer to a body readObjectBody could not read, showing what to send. */
export function notAJsonObject(example: string): Response {
  return apiError('invalid_json', { send: `a JSON object such as ${example} with Content-Type: application/json` })
}
