import { randomBytes } from 'node:crypto'
import type { Queryable, Sql } from './db.server'
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

/** Unguessable: 24 characters of [a-z0-9], about 124 bits. */
export function newJobId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(24)
  let id = ''
  for (const b of bytes) id += alphabet[b % 36]
  return id
}

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
  input: { tokenId: number; questionnaire: NewJobFile; evidence: NewJobFile[]; questionCount?: number },
): Promise<{ jobId: string; evidenceCount: number }> {
  const jobId = newJobId()
  await sql.begin(async (tx) => {
    const [token] = await tx<{ quota: number | null; used: number }[]>`
      select quota, used from tokens where id = ${input.tokenId} for update`
    if (!token) throw new QuotaExhaustedError('Token not found or expired')
    if (token.quota !== null && token.used >= token.quota) {
      throw new QuotaExhaustedError('Token quota exhausted. Purchase a plan to continue.')
    }
    await tx`update tokens set used = used + 1 where id = ${input.tokenId}`
    await tx`
      insert into jobs (id, token_id, questionnaire_name, evidence_count, total)
      values (${jobId}, ${input.tokenId}, ${input.questionnaire.name}, ${input.evidence.length}, ${input.questionCount ?? 0})`
    await store.put(jobId, { role: 'questionnaire', name: input.questionnaire.name, bytes: input.questionnaire.bytes }, tx)
    for (const [position, file] of input.evidence.entries()) {
      await store.put(jobId, { role: 'evidence', name: file.name, bytes: file.bytes, position }, tx)
    }
    await queue(tx, ANSWER_TASK, { jobId }, { jobKey: `answer:${jobId}`, maxAttempts: ANSWER_MAX_ATTEMPTS })
  })
  return { jobId, evidenceCount: input.evidence.length }
}

/** The only place that adds graphile-worker jobs: through SQL, so the caller's transaction covers it. */
export async function queue(
  tx: Queryable,
  task: string,
  payload: Record<string, unknown>,
  options: { jobKey?: string; maxAttempts?: number; runAt?: Date } = {},
) {
  await tx`
    select graphile_worker.add_job(
      ${task}::text,
      ${tx.json(payload as never)}::json,
      job_key => ${options.jobKey ?? null}::text,
      max_attempts => ${options.maxAttempts ?? 25}::int,
      run_at => ${options.runAt ?? null}::timestamptz
    )`
}

const JOB_COLUMNS = `id, token_id as "tokenId", status, stage, processed, total, error, questionnaire_name as "questionnaireName",
  evidence_count as "evidenceCount", engine, question_count as "questionCount",
  average_confidence::float8 as "averageConfidence", flagged_count as "flaggedCount", summary,
  created_at as "createdAt", started_at as "startedAt", completed_at as "completedAt", expires_at as "expiresAt",
  deleted_at as "deletedAt"`

export async function getJob(sql: Queryable, jobId: string): Promise<JobRow | null> {
  if (!/^[a-z0-9]{16,64}$/.test(jobId)) return null
  const [row] = await sql.unsafe<JobRow[]>(`select ${JOB_COLUMNS} from jobs where id = $1`, [jobId])
  return row ? { ...row, tokenId: Number(row.tokenId) } : null
}

/** A job as its owner sees it: other tokens get null, exactly as for an id that does not exist. */
export async function getOwnJob(sql: Queryable, jobId: string, tokenId: number): Promise<JobRow | null> {
  const job = await getJob(sql, jobId)
  return job && job.tokenId === tokenId ? job : null
}

/** Deletes a job's files at once (the user asked); the row stays so its history and expiry show. */
export async function deleteJobFiles(sql: Sql, store: FileStore, jobId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await store.removeAll(jobId, tx)
    await tx`update jobs set deleted_at = coalesce(deleted_at, now()) where id = ${jobId}`
  })
}
