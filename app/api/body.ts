import type { z } from 'zod'
import { apiError, invalidRequest, type TokenRefusal } from './errors'
import { validateTokenBody } from './schemas/access'
import { answersPatchSchema } from './schemas/answers'

/** Reading a request's body, with no server import: the routes and @qfill/msw read bodies alike. */

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

/** PATCH /api/answers's body limit, the same on the server and in @qfill/msw. */
export const MAX_EDITS_BODY_BYTES = 8 * 1024 * 1024
const EDIT_EXAMPLE = '[{"id": "IAM-01.1", "answer": "Yes", "comment": "..."}]'

/** PATCH /api/answers's edits from its body text, or the error that answers it (too large, not JSON, invalid). */
export function readEdits(text: string): { edits: z.infer<typeof answersPatchSchema> } | Response {
  if (text.length > MAX_EDITS_BODY_BYTES) return apiError('body_too_large')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return apiError('invalid_json', { send: `a JSON array of edits such as ${EDIT_EXAMPLE}` })
  }
  const parsed = answersPatchSchema.safeParse(body)
  return parsed.success ? { edits: parsed.data } : invalidRequest(parsed.error)
}

/** validate-token's failures also carry `valid: false` and the message at the top, where the spec's client reads them. */
const validateTokenExtra = (message: string) => ({ valid: false, message })

/**
 * POST /api/validate-token's body ({token, tosAccepted: true}; an HTML form's "on" or "true" accepts the terms): the
 * token, or the error that answers the request. The route and @qfill/msw read it alike.
 */
export async function readValidateToken(request: Request): Promise<{ token: string } | Response> {
  const extra = validateTokenExtra
  const body = await readObjectBody(request)
  if (!body)
    return apiError(
      'invalid_json',
      { send: 'a JSON object such as {"token": "qf_...", "tosAccepted": true} with Content-Type: application/json' },
      { extra },
    )
  if (body.tosAccepted === 'true' || body.tosAccepted === 'on') body.tosAccepted = true
  const parsed = validateTokenBody.safeParse(body)
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === 'tosAccepted'))
      return apiError('terms_required', undefined, { extra })
    return invalidRequest(parsed.error, { extra })
  }
  return { token: parsed.data.token }
}

/** validate-token's refusal of a token it cannot use, with `valid: false` like its other failures. */
export const tokenRefused = (reason: TokenRefusal) =>
  apiError('invalid_token', { reason }, { extra: validateTokenExtra })
