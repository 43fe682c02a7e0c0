import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '../api/errors'
import { requireOwnJob } from '../api/own-job.server'
import { apiJson, withApiErrors } from '../api/route.server'
import { deleteResult } from '../api/schemas/jobs'
import { deleteJobFiles } from '../job/actions.server'
import { services } from '../infra/services.server'

/** DELETE /api/delete-files/{jobId}: removes the job's files now instead of at expiry (POST kept for old clients). */
export function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE' && request.method !== 'POST') return methodNotAllowed(['DELETE'])
  return withApiErrors(async () => {
    const { job } = await requireOwnJob(request, params.jobId)
    const { sql, store } = services()
    await deleteJobFiles(sql, store, job.id)
    return apiJson(
      deleteResult.parse({ success: true, message: `All files for job ${job.id} have been removed from our servers.` }),
    )
  })
}

export const loader = () => methodNotAllowed(['DELETE'])
