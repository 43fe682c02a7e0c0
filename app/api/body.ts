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
