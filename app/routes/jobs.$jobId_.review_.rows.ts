import type { ActionFunctionArgs } from '@remix-run/node'
import { ownJobOr404 } from '../access/token-page.server'
import { batchSchema, saveBatch } from '../review/batch.server'
import { ReviewError } from '../review/state.server'
import { services } from '../infra/services.server'

/**
 * POST /jobs/{jobId}/review/rows: the review screen's autosave, several rows in one JSON request (ADR 024).
 * Answers JSON so the screen can act on every outcome itself, a 429 from the rate limiter included.
 */
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
const problem = (status: number, code: string, message: string) => json({ error: { code, message } }, status)

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return new Response(null, { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } })
  let job
  try {
    job = await ownJobOr404(request, params.jobId!)
  } catch {
    return problem(404, 'not_found', 'This job is not open in this browser: open it from your token status page.')
  }
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return problem(400, 'invalid_json', 'The body is not JSON: send {"edits": [{"key": "Sheet!12", "answer": "Yes"}]}.')
  }
  const parsed = batchSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return problem(400, 'invalid_body', `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
  }
  try {
    return json(await saveBatch(services(), job.id, parsed.data.edits))
  } catch (e) {
    if (e instanceof ReviewError) return problem(e.status, e.code, e.message)
    throw e
  }
}

export const loader = () => new Response(null, { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } })
