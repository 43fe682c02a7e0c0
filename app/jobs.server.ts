import { jobPriority, TOKEN_MESSAGES, type Plan } from './access/tokens.server'
import type { Queryable, Sql } from './db.server'
import { JOB_ID_PATTERN, newJobId } from './job/id'
import type { FileStore } from './storage/files.server'

export const ANSWER_TASK = 'answer_questionnaire'
export const PURGE_TASK = 'purge_expired_files'
export const ANSWER_MAX_ATTEMPTS = 3

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed'

export interface JobRow {
  id: string
  tokenId: number
  status: JobStatus
  stage: string | null
  processed: number
  total: number
  error: string | null
  questionnaireName: string
  evidenceCount: number
  engine: string | null
  questionCount: number | null
  averageConfidence: number | null
  flaggedCount: number | null
  summary: unknown
  createdAt: Date
  startedAt: Date | null
  completedAt: Date | null
  expiresAt: Date | null
  deletedAt: Date | null
}

export class QuotaExhaustedError extends Error {
  name = 'QuotaExhaustedError'
}

/** What the answering does with a question its evidence says nothing about: leave it blank, or answer No. */
export const UNANSWERED_MODES = ['blank', 'no'] as const
export type UnansweredMode = (typeof UNANSWERED_MODES)[number]

/** The message a job cancelled by 'Delete Files Now' shows. */
export const CANCELLED_MESSAGE = 'Cancelled: the files were deleted at your request before processing finished.'

export interface NewJobFile {
  name: string
  bytes: Uint8Array
}

/**
 * Creates the job row, stores its files, spends one questionnaire of the token's quota and queues the answering
 * task, all in one transaction: none of them exists without the others.
 */
export async function createAnswerJob(
  sql: Sql,
  store: FileStore,
  input: {
    tokenId: number
    questionnaire: NewJobFile
    evidence: NewJobFile[]
    questionCount?: number
    now?: Date
    unanswered?: UnansweredMode
  },
): Promise<{ jobId: string; evidenceCount: number }> {
  const jobId = newJobId()
  await sql.begin(async (tx) => {
    const [token] = await tx<{ quota: number | null; used: number; plan: Plan; usable: boolean }[]>`
      select quota, used, plan, revoked_at is null and (expires_at is null or expires_at > ${input.now ?? new Date()}) as usable
      from tokens where id = ${input.tokenId} for update`
    if (!token || !token.usable) throw new QuotaExhaustedError(token ? TOKEN_MESSAGES.expired : TOKEN_MESSAGES.unknown)
    if (token.quota !== null && token.used >= token.quota) {
      throw new QuotaExhaustedError('Token quota exhausted. Purchase a plan to continue.')
    }
    await tx`update tokens set used = used + 1 where id = ${input.tokenId}`
    await tx`
      insert into jobs (id, token_id, questionnaire_name, evidence_count, total, unanswered)
      values (${jobId}, ${input.tokenId}, ${input.questionnaire.name}, ${input.evidence.length}, 0, ${input.unanswered ?? 'blank'})`
    await store.put(
      jobId,
      { role: 'questionnaire', name: input.questionnaire.name, bytes: input.questionnaire.bytes },
      tx,
    )
    for (const [position, file] of input.evidence.entries()) {
      await store.put(jobId, { role: 'evidence', name: file.name, bytes: file.bytes, position }, tx)
    }
    await queue(
      tx,
      ANSWER_TASK,
      { jobId },
      { jobKey: `answer:${jobId}`, maxAttempts: ANSWER_MAX_ATTEMPTS, priority: jobPriority(token.plan) },
    )
  })
  return { jobId, evidenceCount: input.evidence.length }
}

/** The only place that adds graphile-worker jobs: through SQL, so the caller's transaction covers it. */
export async function queue(
  tx: Queryable,
  task: string,
  payload: Record<string, unknown>,
  options: { jobKey?: string; maxAttempts?: number; runAt?: Date; priority?: number } = {},
) {
  await tx`
    select graphile_worker.add_job(
      ${task}::text,
      ${tx.json(payload as never)}::json,
      job_key => ${options.jobKey ?? null}::text,
      max_attempts => ${options.maxAttempts ?? 25}::int,
      run_at => ${options.runAt ?? null}::timestamptz,
      priority => ${options.priority ?? 0}::int
    )`
}

const JOB_COLUMNS = `id, token_id as "tokenId", status, stage, processed, total, error, questionnaire_name as "questionnaireName",
  evidence_count as "evidenceCount", engine, question_count as "questionCount",
  average_confidence::float8 as "averageConfidence", flagged_count as "flaggedCount", summary,
  created_at as "createdAt", started_at as "startedAt", completed_at as "completedAt", expires_at as "expiresAt",
  deleted_at as "deletedAt"`

export async function getJob(sql: Queryable, jobId: string): Promise<JobRow | null> {
  if (!JOB_ID_PATTERN.test(jobId)) return null
  const [row] = await sql.unsafe<JobRow[]>(`select ${JOB_COLUMNS} from jobs where id = $1`, [jobId])
  return row ? { ...row, tokenId: Number(row.tokenId) } : null
}

/** A job as its owner sees it: other tokens get null, exactly as for an id that does not exist. */
export async function getOwnJob(sql: Queryable, jobId: string, tokenId: number): Promise<JobRow | null> {
  const job = await getJob(sql, jobId)
  return job && job.tokenId === tokenId ? job : null
}

/**
 * Deletes a job's files at once (the user asked); the row stays so its history and expiry show. A job still
 * queued or processing is cancelled: its queue entry is removed when no worker holds it, and a worker that does
 * sees deleted_at at its next stage (or when it would store results) and stores nothing. The row lock orders
 * this against the worker's final transaction: either the results are stored and then deleted here, or the
 * worker finds the job deleted.
 */
export async function deleteJobFiles(sql: Sql, store: FileStore, jobId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select id from jobs where id = ${jobId} for update`
    await store.removeAll(jobId, tx)
    await tx`
      update jobs set deleted_at = coalesce(deleted_at, now()),
        status = case when status in ('queued', 'processing') then 'failed' else status end,
        error = case when status in ('queued', 'processing') then ${CANCELLED_MESSAGE} else error end,
        completed_at = case when status in ('queued', 'processing') then now() else completed_at end
      where id = ${jobId}`
    // A queued entry no worker holds is removed; a locked one is left to the worker, which sees the flag.
    await tx`select graphile_worker.remove_job(${`answer:${jobId}`}::text)`
  })
}
