import type { LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '../api/errors'
import { requireOwnJob } from '../api/own-job.server'
import { apiJson, withApiErrors } from '../api/route.server'
import { jobStatus } from '../api/schemas/jobs'
import { jobStatusJson } from '../job/view.server'

/** GET /api/status/{jobId}: progress, and links to the results once the job is completed. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const { job } = await requireOwnJob(request, params.jobId)
    return apiJson(jobStatus.parse(jobStatusJson(job)))
  })
}

export const action = () => methodNotAllowed(['GET'])
