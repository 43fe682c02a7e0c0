import { methodNotAllowed } from '../api/errors.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { answersPatchSchema } from '../api/schemas/answers'
import { getOwnJob } from '../job/read.server'
import { currentEntries } from '../review/edits'
import { answersOf, loadReview, rebuild, ReviewError, saveChanges } from '../review/state.server'
import { changesFrom, keyForId, type RowInput } from '../review/submit'
import { EXPIRED_MESSAGE } from '../review/view'
import { services } from '../services.server'

const MAX_BODY_BYTES = 8 * 1024 * 1024

function error(status: number, code: string, message: string, details?: unknown) {
  return json(
    { error: { code, message, ...(details === undefined ? {} : { details }) } },
    { status, headers: { 'Cache-Control': 'no-store' } },
  )
}

async function ownJob(request: Request, jobId: string) {
  const token = await requireApiToken(request)
  const job = await getOwnJob(services().sql, jobId, token.id)
  // Another token's job answers exactly as a job that does not exist.
  if (!job) throw error(404, 'not_found', `No job ${jobId} for this token.`)
  if (job.status !== 'completed')
    throw error(
      409,
      'not_completed',
      `Job ${job.id} is ${job.status === 'failed' ? 'failed' : 'still processing'}: there are no answers yet.`,
    )
  if (job.deletedAt || (job.expiresAt && job.expiresAt <= new Date())) throw error(410, 'expired', EXPIRED_MESSAGE)
  return job
}

function reviewFailure(e: unknown) {
  if (e instanceof ReviewError) return error(e.status, e.code, e.message)
  throw e
}

/** GET /api/answers/{jobId}: answers.json, with review edits included and marked confirmed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const job = await ownJob(request, params.jobId!)
  try {
    const state = await loadReview(services(), job.id)
    return json(answersOf(state), { headers: { 'Cache-Control': 'no-store' } })
  } catch (e) {
    return reviewFailure(e)
  }
}

/** PATCH /api/answers/{jobId}: [{id, answer, comment}] checked against each cell's allowed values, then rebuilt. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['GET', 'PATCH'])
  const job = await ownJob(request, params.jobId!)
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES)
    return error(413, 'body_too_large', 'The body is over 8 MB: send the edits in smaller batches.')
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES)
    return error(413, 'body_too_large', 'The body is over 8 MB: send the edits in smaller batches.')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return error(
      400,
      'invalid_json',
      'The body is not JSON: send an array of edits such as [{"id": "IAM-01.1", "answer": "Yes", "comment": "..."}].',
    )
  }
  const parsed = answersPatchSchema.safeParse(body)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
    return error(
      400,
      'invalid_body',
      `The edits are not valid: ${details[0]!.path ? `${details[0]!.path}: ` : ''}${details[0]!.message}`,
      details,
    )
  }
  const deps = services()
  try {
    const state = await loadReview(deps, job.id)
    const entries = currentEntries(state)
    const inputs: (RowInput & { index: number })[] = []
    const refused: { index: number; id: string; message: string }[] = []
    parsed.data.forEach((edit, index) => {
      const found = keyForId(entries, edit)
      if ('error' in found) refused.push({ index, id: edit.id, message: found.error })
      else inputs.push({ index, key: found.key, answer: edit.answer, comment: edit.comment })
    })
    const { changes, errors } = changesFrom(state, inputs, { confirm: true })
    for (const e of errors) {
      const index = inputs.find((i) => i.key === e.key)!.index
      refused.push({ index, id: e.id, message: e.message })
    }
    if (refused.length) {
      refused.sort((a, b) => a.index - b.index)
      const message =
        refused.length === 1
          ? refused[0]!.message
          : `${refused.length} edits were refused; nothing was changed. First: ${refused[0]!.message}`
      return error(400, 'invalid_answers', message, refused)
    }
    if (changes.length)
      await saveChanges(
        deps,
        job.id,
        changes,
        `${changes.length} answer${changes.length === 1 ? '' : 's'} changed through the API`,
      )
    const { answers } = await rebuild(deps, job.id)
    return json(answers, { headers: { 'Cache-Control': 'no-store' } })
  } catch (e) {
    return reviewFailure(e)
  }
}
