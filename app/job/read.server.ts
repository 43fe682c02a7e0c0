import type { Queryable } from '../infra/db.server'
import { jobErrorMessage, type JobErrorCode } from './errors'
import { isJobId } from './id'
import { shownStatus, type JobState, type JobStatus } from './states'

/** A job as routes, pages and the worker read it. */
export interface JobRow {
  id: string
  tokenId: number
  /** Where the job is in its life (app/job/states.ts). */
  state: JobState
  /** How the run stands or ended, as pages and the API show it: queued, processing, completed or failed. */
  status: JobStatus
  stage: string | null
  processed: number
  total: number
  /** The message for the job's owner, built from errorCode and errorParams with the questionnaire's name. */
  error: string | null
  errorCode: JobErrorCode | null
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
  /** When the owner deleted the files (cancelling the job when it had not finished). */
  deletedAt: Date | null
  /** When retention ended and the purge took the files. */
  expiredAt: Date | null
}

interface Row extends Omit<JobRow, 'status' | 'error'> {
  status: string
  errorParams: Record<string, unknown> | null
}

const COLUMNS = `id, token_id as "tokenId", state, status, stage, processed, total, error_code as "errorCode",
  error_params as "errorParams", questionnaire_name as "questionnaireName", evidence_count as "evidenceCount", engine,
  question_count as "questionCount", average_confidence::float8 as "averageConfidence", flagged_count as "flaggedCount",
  summary, created_at as "createdAt", started_at as "startedAt", completed_at as "completedAt",
  expires_at as "expiresAt", deleted_at as "deletedAt", expired_at as "expiredAt"`

function toJob(row: Row): JobRow {
  const { errorParams, ...rest } = row
  return {
    ...rest,
    tokenId: Number(row.tokenId),
    status: shownStatus(row.status),
    error: jobErrorMessage({ code: row.errorCode, params: errorParams }, { questionnaire: row.questionnaireName }),
  }
}

/** A job by id; null for an id that is not one, or that no job has. A job still uploading is not there yet. */
export async function getJob(sql: Queryable, jobId: string): Promise<JobRow | null> {
  if (!isJobId(jobId)) return null
  const [row] = await sql.unsafe<Row[]>(`select ${COLUMNS} from jobs where id = $1 and state <> 'uploading'`, [jobId])
  return row ? toJob(row) : null
}

/** A job as its owner sees it: other tokens get null, exactly as for an id that does not exist. */
export async function getOwnJob(sql: Queryable, jobId: string, tokenId: number): Promise<JobRow | null> {
  const job = await getJob(sql, jobId)
  return job && job.tokenId === tokenId ? job : null
}

/** Whether the job's files are gone (deleted by its owner, or past their retention), whatever the purge did yet. */
export function filesGone(job: Pick<JobRow, 'state' | 'expiresAt'>, now = new Date()): boolean {
  if (job.state !== 'completed' && job.state !== 'failed') return job.state !== 'queued' && job.state !== 'processing'
  return job.expiresAt !== null && job.expiresAt <= now
}

/** Jobs still queued or processing `hours` after they were accepted (the purge fails them as abandoned). */
export async function abandonedJobIds(sql: Queryable, hours: number, at?: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from jobs where state in ('queued', 'processing')
      and created_at <= coalesce(${at ?? null}::timestamptz, now()) - make_interval(hours => ${hours})`
  return rows.map((r) => r.id)
}

/** Uploads still reading `minutes` after they began: their request is gone (the purge discards them). */
export async function staleUploadIds(sql: Queryable, minutes: number, at?: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from jobs where state = 'uploading'
      and created_at <= coalesce(${at ?? null}::timestamptz, now()) - make_interval(mins => ${minutes})`
  return rows.map((r) => r.id)
}
