import type { Queryable } from '../infra/db.server'

/**
 * graphile-worker's queue. A queue entry is what makes a worker run a task (jobs/ holds the tasks); it is not a job
 * (app/job/states.ts). Entries are added through SQL so the caller's transaction covers them: a job is queued in
 * the transaction that accepts it, never without it.
 */

/** Task identifiers, as stored in queue entries (kept as they were, so entries queued before a deploy still run). */
export const ANSWER_TASK = 'answer_questionnaire'
export const PURGE_TASK = 'purge_expired_files'

/**
 * How many times graphile-worker may pick up one answer entry. The task never throws for a job's own failures
 * (it records them and queues a new entry itself) and a crashed worker's pick-up is given back when its lock is
 * released, so this only bounds failures of the task's own bookkeeping (the database gone mid-run).
 */
export const ANSWER_QUEUE_ATTEMPTS = 5

/** The key of a job's answer entry: at most one per job. */
export const answerKey = (jobId: string) => `answer:${jobId}`

export async function enqueue(
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

/**
 * Queues the answer task for a job. Called inside a running answer task (a release or a retry), it also retires
 * the running entry: graphile-worker clears a locked entry's key and marks it spent when a new one takes the key,
 * so exactly one entry is left to run the job.
 */
export function enqueueAnswer(tx: Queryable, jobId: string, options: { priority: number; runAt?: Date }) {
  return enqueue(
    tx,
    ANSWER_TASK,
    { jobId },
    {
      jobKey: answerKey(jobId),
      maxAttempts: ANSWER_QUEUE_ATTEMPTS,
      priority: options.priority,
      runAt: options.runAt,
    },
  )
}

/** Removes a job's answer entry when no worker holds it; a held one is retired and its worker finds the job ended. */
export async function dequeueAnswer(tx: Queryable, jobId: string) {
  await tx`select graphile_worker.remove_job(${answerKey(jobId)}::text)`
}
