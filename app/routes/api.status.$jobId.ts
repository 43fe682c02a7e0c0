import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { apiError, methodNotAllowed, withApiErrors } from '../api/errors.server'
import { jobIdParams, jobStatus } from '../api/schemas/jobs'
import { jobStatusJson } from '../job-view.server'
import { getOwnJob } from '../job/read.server'
import { services } from '../services.server'

/** GET /api/status/{jobId}: progress, and links to the results once the job is completed. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const token = await requireApiToken(request)
    const parsed = jobIdParams.safeParse(params)
    const job = parsed.success ? await getOwnJob(services().sql, parsed.data.jobId, token.id) : null
    if (!job) return apiError(404, 'job_not_found', `No job ${params.jobId} for this token.`)
    return Response.json(jobStatus.parse(jobStatusJson(job)), { headers: { 'Cache-Control': 'no-store' } })
  })
}

export const action = () => methodNotAllowed(['GET'])
