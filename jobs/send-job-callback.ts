import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { deliverCallback } from '../app/api/callbacks/deliver.server'
import { deleteExpiredKeys } from '../app/api/idempotency.server'
import { secrets } from '../app/infra/env.server'
import { JOB_ID_PATTERN } from '../app/job/id'
import { services } from '../app/infra/services.server'

export { CALLBACK_TASK } from '../app/api/callbacks/store.server'
export const IDEMPOTENCY_SWEEP_TASK = 'delete_expired_idempotency_keys'

const payloadSchema = z.object({ jobId: z.string().regex(JOB_ID_PATTERN) })

/**
 * Sends a finished job's callback (ADR 030). A failed attempt throws, and graphile-worker tries again with
 * exponential backoff up to CALLBACK_MAX_ATTEMPTS; a refused address or a 4xx answer is final and recorded.
 */
export const sendJobCallback: Task = async (rawPayload, helpers) => {
  const { jobId } = payloadSchema.parse(rawPayload)
  const { sql, env } = services()
  const outcome = await deliverCallback(sql, jobId, { fileKey: secrets(env).fileKey })
  if (outcome === 'refused') helpers.logger.warn(`job ${jobId}: callback refused (the host is not public)`)
  else if (outcome === 'rejected') helpers.logger.warn(`job ${jobId}: the callback receiver refused the delivery`)
}

/** Idempotency keys past their 24 hours (daily). */
export const deleteExpiredIdempotencyKeys: Task = async (_payload, helpers) => {
  const deleted = await deleteExpiredKeys(services().sql)
  if (deleted) helpers.logger.info(`deleted ${deleted} expired idempotency keys`)
}
