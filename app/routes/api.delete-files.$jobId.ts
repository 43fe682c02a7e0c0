import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { deleteJobFiles, getOwnJob } from '../jobs.server'
import { services } from '../services.server'

/** DELETE /api/delete-files/{jobId}: removes the job's files now instead of at expiry. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE' && request.method !== 'POST') {
    return json({ success: false, message: 'Use DELETE.' }, { status: 405, headers: { Allow: 'DELETE' } })
  }
  const token = await requireApiToken(request)
  const { sql, store } = services()
  const job = await getOwnJob(sql, params.jobId!, token.id)
  if (!job) return json({ success: false, message: `No job ${params.jobId} for this token.` }, { status: 404 })
  await deleteJobFiles(sql, store, job.id)
  return json({ success: true, message: `All files for job ${job.id} have been removed from our servers.` })
}
