import type { Queryable } from '../../infra/db.server'
import { enqueue } from '../../job/queue.server'
import { decrypt, encrypt } from '../../storage/crypto.server'
import { callbackSecret } from './signature'

/** The graphile-worker task that sends a job's callback (jobs/send-job-callback.ts). */
export const CALLBACK_TASK = 'send_job_callback'
/** Attempts before giving up: graphile-worker waits about e^n seconds before attempt n+1 (about 1.2 h in all). */
export const CALLBACK_MAX_ATTEMPTS = 8

const context = (jobId: string) => `callback:${jobId}`

/**
 * Remembers where to call when the job ends, with the signing secret derived from the token (which the database
 * holds only as a hash) encrypted with the file key. Runs in the transaction that creates the job.
 */
export async function registerCallback(
  tx: Queryable,
  input: { jobId: string; url: string; token: string; fileKey: Buffer },
): Promise<void> {
  const secret = encrypt(
    input.fileKey,
    new TextEncoder().encode(await callbackSecret(input.token)),
    context(input.jobId),
  )
  await tx`insert into job_callbacks (job_id, url, secret) values (${input.jobId}, ${input.url}, ${secret})`
}

/**
 * Queues the job's callback, if it asked for one. Called once where a job ends (completed or failed), in the
 * transaction that ends it, so a job never ends without its callback queued; the job key makes a second call
 * for the same job a no-op.
 */
export async function queueJobCallback(tx: Queryable, jobId: string): Promise<void> {
  const [wanted] = await tx`select 1 from job_callbacks where job_id = ${jobId} and delivered_at is null`
  if (!wanted) return
  await enqueue(tx, CALLBACK_TASK, { jobId }, { jobKey: `callback:${jobId}`, maxAttempts: CALLBACK_MAX_ATTEMPTS })
}

export interface StoredCallback {
  url: string
  secret: string
  attempts: number
  deliveredAt: Date | null
}

export async function loadCallback(sql: Queryable, jobId: string, fileKey: Buffer): Promise<StoredCallback | null> {
  const [row] = await sql<{ url: string; secret: Uint8Array; attempts: number; deliveredAt: Date | null }[]>`
    select url, secret, attempts, delivered_at as "deliveredAt" from job_callbacks where job_id = ${jobId}`
  if (!row) return null
  return { ...row, secret: new TextDecoder().decode(decrypt(fileKey, row.secret, context(jobId))) }
}

/** One attempt's outcome: the receiver's status (null when none answered) and what went wrong, if anything. */
export async function recordAttempt(
  sql: Queryable,
  jobId: string,
  outcome: { status: number | null; error: string | null; delivered: boolean },
): Promise<void> {
  await sql`
    update job_callbacks set attempts = attempts + 1, last_status = ${outcome.status}, last_error = ${outcome.error},
      delivered_at = case when ${outcome.delivered} then now() else delivered_at end
    where job_id = ${jobId}`
}
