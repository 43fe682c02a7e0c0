import type { ZodError } from 'zod'

/** The JSON error body of every /api/* endpoint: { error: { code, message } }, plus any fields the spec reads. */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ ...extra, error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

export function apiJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

export function zodMessage(error: ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
}

export function methodNotAllowed(allow: string): Response {
  return apiError(405, 'method_not_allowed', `Use ${allow}.`, {}, { Allow: allow })
}

/** A JSON or form body as a plain object; null when it is neither or cannot be read. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get('content-type') ?? ''
  try {
    if (/^application\/json/i.test(type)) {
      const body = await request.json()
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
    }
    if (/^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(type))
      return Object.fromEntries(await request.formData())
  } catch {
    return null
  }
  return null
}

export function invalidBody(): Response {
  return apiError(400, 'invalid_body', 'Send a JSON object (Content-Type: application/json).')
}
