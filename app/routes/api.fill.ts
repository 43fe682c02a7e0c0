import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { createAnswerJob, QuotaExhaustedError } from '../jobs.server'
import { services } from '../services.server'
import { readFillRequest } from '../uploads/fill-request.server'
import { MalformedUploadError, RequestTooLargeError } from '../uploads/multipart.server'

/** POST /api/fill: multipart `questionnaire` + repeated `evidence`; bearer token, x-api-key or a `token` field. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } })
  // Header credentials are checked before the body is read, so a bad token does not cost an upload.
  const headerToken = request.headers.get('authorization') || request.headers.get('x-api-key')
  const early = headerToken ? await requireApiToken(request) : null
  let fill
  try {
    fill = await readFillRequest(request)
  } catch (error) {
    if (error instanceof RequestTooLargeError) {
      return json({ message: 'The upload is too large: at most one 10 MB questionnaire and 10 evidence files of 25 MB.' }, { status: 413 })
    }
    if (error instanceof MalformedUploadError) return json({ message: error.message }, { status: 400 })
    throw error
  }
  const token = early ?? (await requireApiToken(request, fill.fields.get('token')?.[0]))
  if (!fill.ok) {
    return json(
      { message: fill.problems.map((p) => p.message).join(' '), errors: fill.problems },
      { status: fill.status },
    )
  }
  const { sql, store } = services()
  try {
    const job = await createAnswerJob(sql, store, { tokenId: token.id, questionnaire: fill.files.questionnaire, evidence: fill.files.evidence, questionCount: fill.files.questionCount })
    return json({ ...job, totalQuestions: fill.files.questionCount, status: `/api/status/${job.jobId}` }, { status: 202 })
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return json({ message: error.message }, { status: 402 })
    throw error
  }
}

export function loader() {
  return json({ message: 'POST a multipart form with a questionnaire file and up to 10 evidence files.' }, { status: 405, headers: { Allow: 'POST' } })
}
