import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { apiError, methodNotAllowed, withApiErrors } from '../api/errors.server'
import { deleteResult, jobIdParams } from '../api/schemas/jobs'
import { deleteJobFiles } from '../job/actions.server'
import { getOwnJob } from '../job/read.server'
import { services } from '../services.server'

/** DELETE /api/delete-files/{jobId}: removes the job's files now instead of at expiry (POST kept for old clients). */
export function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE' && request.method !== 'POST') return methodNotAllowed(['DELETE'])
  return withApiErrors(async () => {
    const token = await requireApiToken(request)
    const { sql, store } = services()
    const parsed = jobIdParams.safeParse(params)
    const job = parsed.success ? await getOwnJob(sql, parsed.data.jobId, token.id) : null
    if (!job) return apiError(404, 'job_not_found', `No job ${params.jobId} for this token.`)
    await deleteJobFiles(sql, store, job.id)
    return Response.json(
      deleteResult.parse({ success: true, message: `All files for job ${job.id} have been removed from our servers.` }),
    )
  })
}

export const loader = () => methodNotAllowed(['DELETE'])
