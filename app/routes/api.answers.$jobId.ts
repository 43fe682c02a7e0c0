import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, methodNotAllowed } from '../api/errors'
import { requireOwnJob, requireResults } from '../api/own-job.server'
import { apiJson, withApiErrors } from '../api/route.server'
import { MAX_EDITS_BODY_BYTES, readEdits } from '../api/body'
import { answersOf, loadReview, rebuild, ReviewError, saveChanges } from '../review/state.server'
import { changesFromEdits } from '../review/submit'
import { services } from '../infra/services.server'

async function completedJob(request: Request, jobId: string | undefined) {
  const { job } = await requireOwnJob(request, jobId)
  requireResults(job)
  return job
}

/** A review that could not go on (the job changed under us): its condition's code from the table. */
function reviewFailure(jobId: string, e: unknown): Response {
  if (!(e instanceof ReviewError)) throw e
  if (e.status === 404) return apiError('job_not_found', { jobId })
  if (e.status === 410) return apiError('files_deleted')
  if (e.code === 'not_rebuildable') return apiError('not_rebuildable', { problem: e.message })
  return apiError(/failed/.test(e.message) ? 'job_failed' : 'job_processing', { jobId })
}

/** GET /api/answers/{jobId}: answers.json, with review edits included and marked confirmed. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const job = await completedJob(request, params.jobId)
    try {
      return apiJson(answersOf(await loadReview(services(), job.id)))
    } catch (e) {
      return reviewFailure(job.id, e)
    }
  })
}

/** PATCH /api/answers/{jobId}: [{id, answer, comment}] checked against each cell's allowed values, then rebuilt. */
export function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['GET', 'PATCH'])
  return withApiErrors(async () => {
    const job = await completedJob(request, params.jobId)
    if (Number(request.headers.get('content-length') ?? 0) > MAX_EDITS_BODY_BYTES) return apiError('body_too_large')
    const read = readEdits(await request.text())
    if (read instanceof Response) return read
    const deps = services()
    try {
      const state = await loadReview(deps, job.id)
      const edits = changesFromEdits(state, read.edits)
      if (edits.refused) return apiError('invalid_answers', { refused: edits.refused }, { details: edits.refused })
      const { changes } = edits
      if (changes.length) {
        const label = `${changes.length} answer${changes.length === 1 ? '' : 's'} changed through the API`
        await saveChanges(deps, job.id, changes, label)
      }
      const { answers } = await rebuild(deps, job.id)
      return apiJson(answers)
    } catch (e) {
      return reviewFailure(job.id, e)
    }
  })
}
