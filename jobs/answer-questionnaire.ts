import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { refundQuota } from '../app/access/tokens.server'
import { JOB_ID_PATTERN } from '../app/job/id'
import { ANSWER_MAX_ATTEMPTS, UNANSWERED_MODES } from '../app/jobs.server'
import type { Answer } from '../app/answering/model'
import type { Progress } from '../app/pipeline/run.server'
import { services } from '../app/services.server'
import { JobAbortedError, JobChildError, JobMemoryError, runIsolated } from './run-isolated.server'

const payloadSchema = z.object({ jobId: z.string().regex(JOB_ID_PATTERN) })

const STAGE_LABEL: Record<Progress['stage'], string> = {
  parsing: 'parsing',
  'reading-evidence': 'reading evidence',
  answering: 'answering',
  writing: 'writing',
}

/** Jobs running in this process, so a graceful shutdown can hand them back before the queue stops. */
const running = new Set<{ controller: AbortController; done: Promise<unknown> }>()

/**
 * Graceful shutdown: stops every running job's child process and waits until each task has thrown, so the queue
 * records the attempt and releases the job for another worker (it restarts from its stored files).
 */
export async function releaseRunningJobs(): Promise<number> {
  const jobs = [...running]
  for (const job of jobs) job.controller.abort('the worker is shutting down')
  await Promise.allSettled(jobs.map((j) => j.done))
  return jobs.length
}

/** The job was deleted ('Delete Files Now') while it ran: stop, store nothing. */
class JobCancelledError extends Error {
  name = 'JobCancelledError'
}

/**
 * Answers one questionnaire: reads its stored files, runs the pipeline in a child process with a memory limit
 * and stores the completed workbook and report. Between stages it checks whether the job was deleted (then it
 * stops the child and stores nothing); on a graceful shutdown it stops the child and hands the job back to the
 * queue. Results are stored in one transaction that only succeeds for a job still processing and not deleted,
 * so a job run twice (a worker killed after storing) completes exactly once.
 */
export const answerQuestionnaire: Task = async (rawPayload, helpers) => {
  const { jobId } = payloadSchema.parse(rawPayload)
  // Registered before any await, so a shutdown that starts now still hands this job back.
  const cancelled = new AbortController()
  const stop = () => cancelled.abort(helpers.abortSignal?.reason ?? 'shutdown')
  helpers.abortSignal?.addEventListener('abort', stop)
  let finished!: () => void
  const entry = { controller: cancelled, done: new Promise<void>((r) => (finished = r)) }
  running.add(entry)
  try {
    return await answer(jobId, helpers, cancelled.signal)
  } finally {
    helpers.abortSignal?.removeEventListener('abort', stop)
    running.delete(entry)
    // After the task's own promise settles, so the queue has seen the outcome.
    setImmediate(finished)
  }
}

async function answer(jobId: string, helpers: Parameters<Task>[1], signal: AbortSignal): Promise<void> {
  const { sql, store, env } = services()
  const [job] = await sql<{ unanswered: string }[]>`
    update jobs set status = 'processing', started_at = coalesce(started_at, now()), error = null
    where id = ${jobId} and status in ('queued', 'processing') and deleted_at is null
    returning unanswered`
  if (!job) {
    helpers.logger.info(`job ${jobId} is finished, deleted or unknown; nothing to do`)
    return
  }
  if (signal.aborted) throw new JobAbortedError('the worker is shutting down')
  const unanswered = z.enum(UNANSWERED_MODES).catch('blank').parse(job.unanswered)
  const [questionnaire] = await store.list(jobId, 'questionnaire')
  if (!questionnaire) throw new Error(`job ${jobId} has no questionnaire file`)
  const evidence = await store.list(jobId, 'evidence')
  // A run that got past answering before its worker died left its answers: resume from them (ADR 011).
  const checkpoint = await readCheckpoint(jobId)
  if (checkpoint)
    helpers.logger.info(`job ${jobId}: resuming from the ${checkpoint.length} answers stored by an earlier run`)

  const stillWanted = async () => {
    const [row] = await sql<
      { deleted: boolean }[]
    >`select deleted_at is not null as deleted from jobs where id = ${jobId}`
    if (!row || row.deleted) throw new JobCancelledError(`job ${jobId} was deleted while processing`)
  }

  let lastWrite = 0
  let lastStage = ''
  const onProgress = async (p: Progress) => {
    const now = Date.now()
    // Each stage change is a checkpoint: a deleted job stops here.
    if (p.stage !== lastStage) {
      lastStage = p.stage
      await stillWanted()
    } else if (p.processed < p.total && now - lastWrite < 500) return // polled every few seconds; spare the database
    lastWrite = now
    await sql`update jobs set stage = ${STAGE_LABEL[p.stage]}, processed = ${p.processed}, total = ${p.total} where id = ${jobId} and deleted_at is null`
  }

  try {
    const result = await runIsolated(
      {
        questionnaire: { name: questionnaire.name, bytes: questionnaire.bytes },
        evidence: evidence.map((f) => ({ name: f.name, bytes: f.bytes })),
        unanswered,
        answers: checkpoint,
      },
      {
        memoryLimitMb: env.JOB_MEMORY_LIMIT_MB,
        signal,
        onProgress,
        onCheckpoint: async (answers) => {
          await stillWanted()
          const bytes = new TextEncoder().encode(JSON.stringify(answers))
          await store.put(jobId, { role: 'checkpoint', name: `answers-checkpoint-${jobId}.json`, bytes })
        },
      },
    )
    const answersJson = new TextEncoder().encode(JSON.stringify(result.answersJson, null, 2))
    const { summary } = result
    const stored = await sql.begin(async (tx) => {
      // The row lock orders this against 'Delete Files Now' (deleteJobFiles takes the same lock).
      const [current] = await tx<{ ok: boolean }[]>`
        select (status = 'processing' and deleted_at is null) as ok from jobs where id = ${jobId} for update`
      if (!current?.ok) return false
      await store.put(jobId, { role: 'xlsx', name: `questionnaire-${jobId}.xlsx`, bytes: result.xlsx }, tx)
      await store.put(jobId, { role: 'pdf', name: `questionnaire-${jobId}.pdf`, bytes: result.pdf }, tx)
      await store.put(jobId, { role: 'answers', name: `questionnaire-${jobId}.answers.json`, bytes: answersJson }, tx)
      // Evidence is not needed once the results exist: keep customer files for as short a time as possible. The
      // questionnaire stays until the purge: review rebuilds the completed workbook from it (ADR 010).
      await tx`delete from files where job_id = ${jobId} and role in ('evidence', 'checkpoint')`
      await tx`
        update jobs set status = 'completed', stage = 'completed', processed = ${summary.questions}, total = ${summary.questions},
          engine = ${summary.engine}, question_count = ${summary.questions},
          average_confidence = ${Math.round(summary.averageConfidence * 10000) / 100}, flagged_count = ${summary.flagged},
          summary = ${tx.json(summary as never)}, completed_at = now(),
          expires_at = now() + make_interval(mins => ${env.FILE_RETENTION_MINUTES})
        where id = ${jobId}`
      return true
    })
    if (!stored) helpers.logger.info(`job ${jobId} was deleted or finished elsewhere; results discarded`)
    else
      helpers.logger.info(
        `job ${jobId}: ${summary.questions} questions, ${summary.flagged} flagged, ${summary.durationMs} ms`,
      )
  } catch (error) {
    if (error instanceof JobCancelledError) {
      helpers.logger.info(`job ${jobId} cancelled: its files were deleted; nothing stored`)
      return
    }
    if (error instanceof JobAbortedError) {
      // Shutting down: the job goes back to the queue and runs again from its stored files on another worker.
      helpers.logger.warn(`job ${jobId} released: the worker is shutting down`)
      throw error
    }
    const finalAttempt = helpers.job.attempts >= (helpers.job.max_attempts ?? ANSWER_MAX_ATTEMPTS)
    const userError = (error instanceof JobChildError && error.questionnaire) || error instanceof JobMemoryError
    if (userError || finalAttempt) {
      const message = userError ? (error as Error).message : 'AI processing encountered an error'
      const detail =
        error instanceof JobChildError ? error.childStack : error instanceof Error ? error.stack : String(error)
      helpers.logger.error(`job ${jobId} failed: ${detail}`)
      await failJob(jobId, message)
      return
    }
    throw error // graphile-worker retries with backoff
  }
}

/** The answers an earlier run of this job stored, or undefined (none, or unreadable: then it answers again). */
async function readCheckpoint(jobId: string): Promise<Answer[] | undefined> {
  const file = await services().store.get(jobId, 'checkpoint')
  if (!file) return undefined
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(file.bytes))
    return Array.isArray(parsed) && parsed.every((a) => typeof a === 'object' && a && typeof a.key === 'string')
      ? (parsed as Answer[])
      : undefined
  } catch {
    return undefined
  }
}

/** Marks the job failed, gives the questionnaire back to the token's quota, and schedules its files for purge. */
async function failJob(jobId: string, message: string) {
  const { sql, env } = services()
  await sql.begin(async (tx) => {
    const [job] = await tx<{ tokenId: number }[]>`
      update jobs set status = 'failed', error = ${message}, completed_at = now(),
        expires_at = now() + make_interval(mins => ${env.FILE_RETENTION_MINUTES})
      where id = ${jobId} and status <> 'failed' and deleted_at is null
      returning token_id as "tokenId"`
    if (job) await refundQuota(tx, jobId)
  })
}
