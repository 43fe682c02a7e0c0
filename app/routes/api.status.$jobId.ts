import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { jobStatusJson } from '../job-view.server'
import { getOwnJob } from '../jobs.server'
import { services } from '../services.server'

/** GET /api/status/{jobId}: progress, and links to the results once the job is completed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireApiToken(request)
  const job = await getOwnJob(services().sql, params.jobId!, token.id)
  if (!job) return json({ message: `No job ${params.jobId} for this token.` }, { status: 404 })
  return json(jobStatusJson(job), { headers: { 'Cache-Control': 'no-store' } })
}
