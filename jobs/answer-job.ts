import type { JobHelpers, Task } from 'graphile-worker'
import { z } from 'zod'
import type { Plan } from '../app/access/tokens.server'
import { jobPriority } from '../app/access/tokens.server'
import { failForGood, UNANSWERED_MODES } from '../app/job/actions.server'
import { redactNames } from '../app/job/errors'
import { jobIdSchema } from '../app/job/id'
import { progressJob, releaseJob, retryJob, startJob, type StartedJob } from '../app/job/lifecycle.server'
import { enqueueAnswer } from '../app/job/queue.server'
import type { Progress } from '../app/pipeline/run.server'
import { services } from '../app/infra/services.server'
import { classifyFailure, readCheckpoint, storeResults, type FileNames } from './answer-outcome'
import { JobAbortedError, runIsolated } from './run-isolated.server'

/**
 * The worker task that runs a job (app/job/): it starts the job, runs the pipeline in a child process with a
 * memory limit, and ends with one transition: completed (results stored), failed for good (questionnaire given
 * back), retried later (a failure another run may not have), released (the worker is shutting down: no attempt
 * spent) or nothing at all when the owner cancelled it. It never throws for a job's own failure: it queues the job
 * again itself, so graphile-worker's attempt count only ever sees failures of this bookkeeping.
 */

const payloadSchema = z.object({ jobId: jobIdSchema })

/** Runs that may fail before a job fails for good (shutdowns and crashes are not failures). */
export const ANSWER_MAX_FAILURES = 3

const STAGE_LABEL: Record<Progress['stage'], string> = {
  parsing: 'parsing',
  'reading-evidence': 'reading evidence',
  answering: 'answering',
  writing: 'writing',
}

/** Runs in this process, so a graceful shutdown can hand their jobs back before the queue stops. */
const running = new Set<{ controller: AbortController; done: Promise<unknown> }>()

/**
 * Graceful shutdown: stops every running job's child process and waits until each task has handed its job back
 * (queued again, with a new queue entry, no attempt spent).
 */
export async function releaseRunningJobs(): Promise<number> {
  const runs = [...running]
  for (const run of runs) run.controller.abort('the worker is shutting down')
  await Promise.allSettled(runs.map((r) => r.done))
  return runs.length
}

/** The owner deleted the job's files while it ran: stop, store nothing. */
class JobCancelledError extends Error {
  name = 'JobCancelledError'
}

export const answerJob: Task = async (rawPayload, helpers) => {
  const { jobId } = payloadSchema.parse(rawPayload)
  // Registered before any await, so a shutdown that starts now still hands this job back.
  const controller = new AbortController()
  const stop = () => controller.abort(helpers.abortSignal?.reason ?? 'shutdown')
  helpers.abortSignal?.addEventListener('abort', stop)
  let finished!: () => void
  const entry = { controller, done: new Promise<void>((r) => (finished = r)) }
  running.add(entry)
  try {
    return await run(jobId, helpers, controller.signal)
  } finally {
    helpers.abortSignal?.removeEventListener('abort', stop)
    running.delete(entry)
    // After the task's own promise settles, so the queue has seen the outcome.
    setImmediate(finished)
  }
}

async function run(jobId: string, helpers: JobHelpers, signal: AbortSignal): Promise<void> {
  const { sql, store, env } = services()
  const started = await startJob(sql, jobId)
  if (!started) {
    helpers.logger.info(`job ${jobId} is finished, cancelled or unknown; nothing to do`)
    return
  }
  if (signal.aborted) return handBack(jobId, started, helpers)
  const unanswered = z.enum(UNANSWERED_MODES).catch('blank').parse(started.unanswered)
  const [questionnaire] = await store.list(jobId, 'questionnaire')
  const evidence = await store.list(jobId, 'evidence')
  const names: FileNames = { questionnaire: questionnaire?.name, evidence: evidence.map((f) => f.name) }
  // A run that got past answering before its worker died left its answers: resume from them (ADR 011).
  const checkpoint = await readCheckpoint(store, jobId)
  if (checkpoint)
    helpers.logger.info(`job ${jobId}: resuming from the ${checkpoint.length} answers stored by an earlier run`)

  let last = { stage: 'parsing', processed: 0, total: 0 }
  let lastWrite = 0
  const onProgress = async (p: Progress) => {
    const now = Date.now()
    const stageChanged = STAGE_LABEL[p.stage] !== last.stage
    last = { stage: STAGE_LABEL[p.stage], processed: p.processed, total: p.total }
    // Each stage change is written at once (a cancelled job stops there); counts at most twice a second.
    if (!stageChanged && p.processed < p.total && now - lastWrite < 500) return
    lastWrite = now
    if (!(await progressJob(sql, jobId, last))) throw new JobCancelledError(`job ${jobId} was cancelled`)
  }

  try {
    if (!questionnaire) throw new Error(`job ${jobId} has no questionnaire file`)
    const result = await runIsolated(
      {
        questionnaire: { name: questionnaire.name, bytes: questionnaire.bytes },
        evidence: evidence.map((f) => ({ name: f.name, bytes: f.bytes })),
        unanswered,
        product: started.product ?? undefined,
        answers: checkpoint,
      },
      {
        memoryLimitMb: env.JOB_MEMORY_LIMIT_MB,
        signal,
        onProgress,
        onCheckpoint: (answers) =>
          sql.begin(async (tx) => {
            // Under the job's row lock: a cancellation either comes first (nothing stored) or deletes it after.
            if (!(await progressJob(tx, jobId, last))) throw new JobCancelledError(`job ${jobId} was cancelled`)
            const bytes = new TextEncoder().encode(JSON.stringify(answers))
            await store.put(jobId, { role: 'checkpoint', name: `answers-checkpoint-${jobId}.json`, bytes }, tx)
          }),
      },
    )
    const { summary } = result
    if (!(await storeResults(jobId, result, env.FILE_RETENTION_MINUTES)))
      helpers.logger.info(`job ${jobId} was cancelled or finished elsewhere; results discarded`)
    else
      helpers.logger.info(
        `job ${jobId}: ${summary.questions} questions, ${summary.flagged} flagged, ${summary.durationMs} ms`,
      )
  } catch (error) {
    if (error instanceof JobCancelledError) {
      helpers.logger.info(`job ${jobId} cancelled: its files were deleted; nothing stored`)
      return
    }
    if (error instanceof JobAbortedError) return handBack(jobId, started, helpers)
    const failure = classifyFailure(error, env.JOB_MEMORY_LIMIT_MB)
    // File names never reach the log: the reader's message is redacted with the names this run knows.
    helpers.logger.error(
      `job ${jobId} run ${started.runs} failed (${failure.error.code}): ${redactNames(failure.detail, names)}`,
    )
    const failures = started.failures + 1
    if (failure.permanent || failures >= ANSWER_MAX_FAILURES) {
      const error = { ...failure.error, params: redactParams(failure.error.params, names) }
      await failForGood(sql, jobId, { error, refund: true, retentionMinutes: env.FILE_RETENTION_MINUTES })
      return
    }
    await retryLater(jobId, started, helpers)
  }
}

/** Shutting down: the job is queued again at once, on a new queue entry, with no attempt spent. */
async function handBack(jobId: string, started: StartedJob, helpers: JobHelpers) {
  await services().sql.begin(async (tx) => {
    if (await releaseJob(tx, jobId)) await enqueueAnswer(tx, jobId, { priority: priorityOf(started) })
  })
  helpers.logger.warn(`job ${jobId} released: the worker is shutting down`)
}

/** Queued again after a failure, later each time (e, e², e³ seconds), on a new queue entry. */
async function retryLater(jobId: string, started: StartedJob, helpers: JobHelpers) {
  await services().sql.begin(async (tx) => {
    const failures = await retryJob(tx, jobId)
    if (failures === null) return
    const runAt = new Date(Date.now() + Math.round(Math.exp(failures) * 1000))
    await enqueueAnswer(tx, jobId, { priority: priorityOf(started), runAt })
    helpers.logger.warn(`job ${jobId} will run again at ${runAt.toISOString()} (failure ${failures})`)
  })
}

const priorityOf = (started: StartedJob) => jobPriority(started.plan as Plan)

function redactParams(params: Record<string, string | number>, names: FileNames) {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? redactNames(v, names) : v]),
  )
}
