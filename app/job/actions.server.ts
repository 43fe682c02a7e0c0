import { refund, spend, SPEND_REFUSALS, type SpendRefusal } from '../access/quota.server'
import { jobPriority } from '../access/tokens.server'
import { queueJobCallback } from '../api/callbacks/store.server'
import type { Queryable, Sql } from '../infra/db.server'
import type { FileStore } from '../storage/files.server'
import type { JobError } from './errors'
import { newJobId } from './id'
import { acceptJob, cancelJob, deleteJob, discardJob, failJob, reserveJob, type Unanswered } from './lifecycle.server'
import { dequeueAnswer, enqueueAnswer } from './queue.server'

/**
 * What routes, the upload path, the worker and the purge do to a job: each a transaction of lifecycle transitions
 * with what must happen with them (quota spent or given back, files stored or deleted, the queue entry added or
 * removed), so none of them happens without the others.
 */

/** What the answering does with a question its evidence says nothing about: leave it blank, or answer No. */
export const UNANSWERED_MODES = ['blank', 'no'] as const satisfies readonly Unanswered[]
export type UnansweredMode = Unanswered

export class SpendRefusedError extends Error {
  name = 'SpendRefusedError'
  constructor(readonly reason: SpendRefusal) {
    super(SPEND_REFUSALS[reason].message)
  }
}

export type Reserved = { ok: true; jobId: string; priority: number } | { ok: false; reason: SpendRefusal }

/**
 * An upload authenticated for spending, before its first file byte is read: one questionnaire of the token is
 * spent and a job reserved for the files about to arrive. Refused (nothing spent, nothing created) when access/
 * says the token may not spend now.
 */
export async function reserveUpload(
  sql: Sql,
  tokenId: number,
  options: {
    now?: Date
    /** Runs in the reserving transaction once the job row exists (the API claims its Idempotency-Key there). */
    onReserved?: (tx: Queryable, jobId: string) => Promise<void>
  } = {},
): Promise<Reserved> {
  return sql.begin(async (tx) => {
    const spent = await spend(tx, tokenId, options.now)
    if (!spent.ok) return spent
    const jobId = newJobId()
    await reserveJob(tx, { id: jobId, tokenId, unanswered: 'blank' })
    await options.onReserved?.(tx, jobId)
    return { ok: true as const, jobId, priority: jobPriority(spent.plan) }
  })
}

/** Every file of the upload is stored and checked: the job is queued for a worker. */
export async function acceptUpload(
  sql: Sql,
  jobId: string,
  files: {
    questionnaireName: string
    evidenceCount: number
    unanswered: UnansweredMode
    product?: string | null
    priority: number
  },
  /** Runs in the accepting transaction once the job is queued (the API's idempotency key and callback). */
  onAccepted?: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return sql.begin(async (tx) => {
    if (!(await acceptJob(tx, jobId, files))) return false
    await enqueueAnswer(tx, jobId, { priority: files.priority })
    await onAccepted?.(tx)
    return true
  })
}

/** The upload was refused or broke off: the job and the files stored so far go, and the questionnaire comes back. */
export async function discardUpload(sql: Sql, jobId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const discarded = await discardJob(tx, jobId)
    if (discarded) await refund(tx, discarded.tokenId)
  })
}

export interface NewJobFile {
  name: string
  bytes: Uint8Array
}

/**
 * A job from files already in memory, in one transaction: spend, reserve, store the files, accept and queue. The
 * upload path streams instead (reserveUpload, then the files, then acceptUpload); this is for callers that hold
 * small files (tests, tools). Throws SpendRefusedError when the token may not spend.
 */
export async function createAnswerJob(
  sql: Sql,
  store: FileStore,
  input: {
    tokenId: number
    questionnaire: NewJobFile
    evidence: NewJobFile[]
    now?: Date
    unanswered?: UnansweredMode
  },
): Promise<{ jobId: string; evidenceCount: number }> {
  return sql.begin(async (tx) => {
    const spent = await spend(tx, input.tokenId, input.now)
    if (!spent.ok) throw new SpendRefusedError(spent.reason)
    const jobId = newJobId()
    await reserveJob(tx, { id: jobId, tokenId: input.tokenId, unanswered: input.unanswered ?? 'blank' })
    await store.put(
      jobId,
      { role: 'questionnaire', name: input.questionnaire.name, bytes: input.questionnaire.bytes },
      tx,
    )
    for (const [position, file] of input.evidence.entries())
      await store.put(jobId, { role: 'evidence', name: file.name, bytes: file.bytes, position }, tx)
    const files = {
      questionnaireName: input.questionnaire.name,
      evidenceCount: input.evidence.length,
      unanswered: input.unanswered ?? 'blank',
    }
    await acceptJob(tx, jobId, files)
    await enqueueAnswer(tx, jobId, { priority: jobPriority(spent.plan) })
    return { jobId, evidenceCount: input.evidence.length }
  })
}

/**
 * Deletes a job's files at once (the owner asked); the row stays so its history shows. A job still queued or
 * processing is cancelled: its queue entry is removed (or, held by a worker, retired; that worker's next step
 * finds the job cancelled and stores nothing). The row lock the transition takes orders this against the worker's
 * completion: either the results are stored and then deleted here, or the worker finds the job cancelled.
 */
export async function deleteJobFiles(sql: Sql, store: FileStore, jobId: string): Promise<void> {
  await sql.begin(async (tx) => {
    if (await cancelJob(tx, jobId)) await dequeueAnswer(tx, jobId)
    else await deleteJob(tx, jobId)
    await store.removeAll(jobId, tx)
  })
}

/**
 * A job that failed for good: marked failed and, unless the failure is the file's own, its questionnaire given
 * back, in one transaction. Its queue entry is removed when no worker holds it (a worker calling this finishes
 * its own). False when the job had already ended.
 */
export async function failForGood(
  sql: Sql,
  jobId: string,
  failure: { error: JobError; refund: boolean; retentionMinutes: number },
): Promise<boolean> {
  return sql.begin(async (tx) => {
    const failed = await failJob(tx, jobId, failure)
    if (!failed) return false
    if (failed.refunded) await refund(tx, failed.tokenId)
    await dequeueAnswer(tx, jobId)
    await queueJobCallback(tx, jobId)
    return true
  })
}
