import { requireApiToken } from '../access/auth.server'
import type { TokenRow } from '../access/tokens.server'
import { filesGone, getOwnJob, type JobRow } from '../job/read.server'
import { services } from '../infra/services.server'
import { apiError } from './errors'
import { jobIdSchema } from './schemas/jobs'

/**
 * The job an API request names, for the token it presents: 401 without a usable token, 404 `job_not_found` for
 * an id that is malformed, unknown or another token's (the three answer alike).
 */
export async function requireOwnJob(
  request: Request,
  rawId: string | undefined,
): Promise<{ token: TokenRow; job: JobRow }> {
  const token = await requireApiToken(request)
  const jobId = rawId ?? ''
  const job = jobIdSchema.safeParse(jobId).success ? await getOwnJob(services().sql, jobId, token.id) : null
  if (!job) throw apiError('job_not_found', { jobId })
  return { token, job }
}

/** A job whose results can be read: completed, files not deleted (409 or 410 otherwise). */
export function requireResults(job: JobRow, now = new Date()): void {
  if (job.status === 'failed') throw apiError('job_failed', { jobId: job.id })
  if (job.status !== 'completed') throw apiError('job_processing', { jobId: job.id })
  if (filesGone(job, now)) throw apiError('files_deleted')
}
