import type { RunSummary } from '../answering/model'
import type { Queryable } from '../infra/db.server'
import type { JobError } from './errors'
import { TRANSITIONS, type TransitionName } from './states'

/**
 * The only code that writes the jobs table: one function per transition of app/job/states.ts, each one SQL
 * statement whose guard is the transition's `from` list. A transition the current state does not allow changes
 * nothing and reports it (false, null or an empty list); callers decide what that means for them.
 */

const from = (tx: Queryable, name: TransitionName) => tx(TRANSITIONS[name].from as readonly string[] as string[])

export type Unanswered = 'blank' | 'no'

/** A new job for an upload that has just been authenticated for spending: its files have not arrived yet. */
export async function reserveJob(tx: Queryable, job: { id: string; tokenId: number; unanswered: Unanswered }) {
  await tx`
    insert into jobs (id, token_id, status, questionnaire_name, evidence_count, total, unanswered)
    values (${job.id}, ${job.tokenId}, 'uploading', '', 0, 0, ${job.unanswered})`
}

/** Every file arrived and passed its checks. */
export async function acceptJob(
  tx: Queryable,
  jobId: string,
  files: { questionnaireName: string; evidenceCount: number; unanswered: Unanswered; product?: string | null },
): Promise<boolean> {
  const rows = await tx`
    update jobs set status = 'queued', questionnaire_name = ${files.questionnaireName},
      evidence_count = ${files.evidenceCount}, unanswered = ${files.unanswered}, product = ${files.product ?? null},
      created_at = now()
    where id = ${jobId} and state in ${from(tx, 'accept')} returning id`
  return rows.length === 1
}

/** The upload was refused or broke off: the row goes, and its files with it (on delete cascade). */
export async function discardJob(tx: Queryable, jobId: string): Promise<{ tokenId: number } | null> {
  const [row] = await tx<{ tokenId: string }[]>`
    delete from jobs where id = ${jobId} and state in ${from(tx, 'discard')} returning token_id as "tokenId"`
  return row ? { tokenId: Number(row.tokenId) } : null
}

export interface StartedJob {
  unanswered: string
  /** The product the user named for the questionnaire, if any. */
  product: string | null
  /** Runs started so far, this one included. */
  runs: number
  /** Earlier runs that failed (shutdowns and crashes are not failures). */
  failures: number
  plan: string
}

/** A worker starts a run: queued, or processing still when the previous run's worker died. */
export async function startJob(tx: Queryable, jobId: string): Promise<StartedJob | null> {
  const [row] = await tx<StartedJob[]>`
    update jobs set status = 'processing', started_at = coalesce(jobs.started_at, now()), runs = jobs.runs + 1
    from tokens
    where jobs.id = ${jobId} and tokens.id = jobs.token_id and jobs.state in ${from(tx, 'start')}
    returning jobs.unanswered, jobs.product, jobs.runs, jobs.failures, tokens.plan`
  return row ?? null
}

/** False when the job is no longer processing (its owner cancelled it): the run stops. */
export async function progressJob(
  tx: Queryable,
  jobId: string,
  progress: { stage: string; processed: number; total: number },
): Promise<boolean> {
  const rows = await tx`
    update jobs set stage = ${progress.stage}, processed = ${progress.processed}, total = ${progress.total}
    where id = ${jobId} and state in ${from(tx, 'progress')} returning id`
  return rows.length === 1
}

/** The worker is shutting down: the job waits for the next worker, and no failure is counted. */
export async function releaseJob(tx: Queryable, jobId: string): Promise<boolean> {
  const rows = await tx`
    update jobs set status = 'queued' where id = ${jobId} and state in ${from(tx, 'release')} returning id`
  return rows.length === 1
}

/** The run failed in a way another may not: counted, and the job waits for another run. Returns the failures. */
export async function retryJob(tx: Queryable, jobId: string): Promise<number | null> {
  const [row] = await tx<{ failures: number }[]>`
    update jobs set status = 'queued', failures = failures + 1
    where id = ${jobId} and state in ${from(tx, 'retry')} returning failures`
  return row?.failures ?? null
}

/** Results stored (in the same transaction, after this succeeded): the run's figures and the file retention. */
export async function completeJob(
  tx: Queryable,
  jobId: string,
  result: { summary: RunSummary; retentionMinutes: number },
): Promise<boolean> {
  const { summary } = result
  const rows = await tx`
    update jobs set status = 'completed', stage = 'completed', processed = ${summary.questions},
      total = ${summary.questions}, engine = ${summary.engine}, question_count = ${summary.questions},
      average_confidence = ${percent(summary.averageConfidence)}, flagged_count = ${summary.flagged},
      summary = ${tx.json(summary as never)}, completed_at = now(),
      expires_at = now() + make_interval(mins => ${result.retentionMinutes})
    where id = ${jobId} and state in ${from(tx, 'complete')} returning id`
  return rows.length === 1
}

/** Review rebuilt the results: the figures follow; the retention does not move. */
export async function reviseJob(tx: Queryable, jobId: string, summary: RunSummary): Promise<boolean> {
  const rows = await tx`
    update jobs set average_confidence = ${percent(summary.averageConfidence)}, flagged_count = ${summary.flagged},
      summary = ${tx.json(summary as never)}
    where id = ${jobId} and state in ${from(tx, 'revise')} returning id`
  return rows.length === 1
}

/**
 * Failed for good. `refund` records that the questionnaire goes back to the token (the caller gives it back in
 * the same transaction: access/quota.server.ts refund); a job fails once, so it is given back once.
 */
export async function failJob(
  tx: Queryable,
  jobId: string,
  failure: { error: JobError; refund: boolean; retentionMinutes: number },
): Promise<{ tokenId: number; refunded: boolean } | null> {
  const [row] = await tx<{ tokenId: string; refunded: boolean }[]>`
    update jobs set status = 'failed', error_code = ${failure.error.code},
      error_params = ${tx.json(failure.error.params as never)}, completed_at = now(),
      expires_at = now() + make_interval(mins => ${failure.retentionMinutes}),
      refunded_at = ${failure.refund ? new Date() : null}
    where id = ${jobId} and state in ${from(tx, 'fail')}
    returning token_id as "tokenId", refunded_at is not null as refunded`
  return row ? { tokenId: Number(row.tokenId), refunded: row.refunded } : null
}

/** The owner deleted the files of a job still queued or processing: it ends, and stores nothing. */
export async function cancelJob(tx: Queryable, jobId: string): Promise<boolean> {
  const rows = await tx`
    update jobs set status = 'cancelled', error_code = 'cancelled', error_params = null, deleted_at = now(),
      completed_at = now()
    where id = ${jobId} and state in ${from(tx, 'cancel')} returning id`
  return rows.length === 1
}

/** The owner deleted the files of a finished job. */
export async function deleteJob(tx: Queryable, jobId: string): Promise<boolean> {
  const rows = await tx`
    update jobs set deleted_at = now() where id = ${jobId} and state in ${from(tx, 'delete')} returning id`
  return rows.length === 1
}

/** Jobs whose retention has ended by `at` (one job, or every such job); returns their ids. */
export async function expireJobs(tx: Queryable, options: { at?: Date; jobId?: string } = {}): Promise<string[]> {
  const at = options.at ?? null
  const rows = await tx<{ id: string }[]>`
    update jobs set expired_at = coalesce(${at}::timestamptz, now())
    where state in ${from(tx, 'expire')} and expires_at <= coalesce(${at}::timestamptz, now())
      and (${options.jobId ?? null}::text is null or id = ${options.jobId ?? null})
    returning id`
  return rows.map((r) => r.id)
}

/** Summary fields that name the owner's files or quote their contents (the counts stay). */
const NAMING_FIELDS = ['sheets', 'evidence', 'notes', 'topReasons', 'library']

/**
 * Cancelled, deleted and expired jobs are purged: the names the row holds are cleared (the caller deletes the
 * files in the same transaction). Returns the purged ids.
 */
export async function purgeJobs(tx: Queryable, options: { at?: Date; jobId?: string } = {}): Promise<string[]> {
  const at = options.at ?? null
  const rows = await tx<{ id: string }[]>`
    update jobs set purged_at = coalesce(${at}::timestamptz, now()), questionnaire_name = '', product = null,
      summary = case when summary is null then null else summary - ${NAMING_FIELDS}::text[] end
    where state in ${from(tx, 'purge')} and (${options.jobId ?? null}::text is null or id = ${options.jobId ?? null})
    returning id`
  return rows.map((r) => r.id)
}

/** Purged jobs' rows older than `olderThan` (the usage records' retention, /privacy) go; returns how many. */
export async function forgetJobs(
  tx: Queryable,
  options: { olderThan: string; at?: Date; jobId?: string },
): Promise<number> {
  const result = await tx`
    delete from jobs where state in ${from(tx, 'forget')}
      and created_at <= coalesce(${options.at ?? null}::timestamptz, now()) - ${options.olderThan}::interval
      and (${options.jobId ?? null}::text is null or id = ${options.jobId ?? null})`
  return result.count
}

const percent = (fraction: number) => Math.round(fraction * 10000) / 100
