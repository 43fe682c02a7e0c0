import { EventEmitter } from 'node:events'
import { Logger, run, type Runner, type WorkerEvents } from 'graphile-worker'
import { connectDatabase, type Queryable, type Sql } from '../app/infra/db.server'
import {
  beat,
  HEARTBEAT_INTERVAL_MS,
  newHeartbeatId,
  removeHeartbeat,
  staleGraphileWorkerIds,
} from '../app/job/worker-heartbeat.server'
import { enabled, logger as appLogger } from '../app/infra/log.server'
import { ANSWER_TASK, PURGE_TASK } from '../app/job/queue.server'
import { answerJob, releaseRunningJobs } from './answer-job'
import {
  CALLBACK_TASK,
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_SWEEP_TASK,
  sendJobCallback,
} from './send-job-callback'
import {
  enforceRetentionTask,
  purgeExpiredFiles,
  RETENTION_TASK,
  VACUUM_TASK,
  vacuumFiles,
} from './purge-expired-files'

export const taskList = {
  [ANSWER_TASK]: answerJob,
  [PURGE_TASK]: purgeExpiredFiles,
  [VACUUM_TASK]: vacuumFiles,
  [RETENTION_TASK]: enforceRetentionTask,
  [CALLBACK_TASK]: sendJobCallback,
  [IDEMPOTENCY_SWEEP_TASK]: deleteExpiredIdempotencyKeys,
}

/** graphile-worker's messages, as JSON lines of our one logger (filtered by LOG_LEVEL like ours). */
const logger = new Logger((scope) => {
  const fields = {
    component: 'worker',
    ...(scope.label ? { scope: scope.label } : {}),
    ...(scope.workerId ? { workerId: scope.workerId } : {}),
    ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}),
    ...(scope.jobId ? { queueJobId: scope.jobId } : {}),
  }
  return (level, message) => {
    if (!enabled(level)) return
    appLogger()[level === 'warning' ? 'warn' : level](fields, message)
  }
})

// Fixed identifier so every worker machine shares one schedule; purge runs every minute.
// Deleted files' rows are vacuumed away every 15 minutes, and the table rewritten nightly (ADR 012).
const CRONTAB = [
  `* * * * * ${PURGE_TASK} ?id=purge_every_minute&fill=5m`,
  `*/15 * * * * ${VACUUM_TASK} ?id=vacuum_files`,
  `17 3 * * * ${VACUUM_TASK} ?id=vacuum_files_full {full:true}`,
  // Records past their retention (the /privacy table): daily.
  `43 2 * * * ${RETENTION_TASK} ?id=enforce_retention&fill=1d`,
  // Idempotency-Keys older than 24 hours (ADR 029): daily.
  `51 2 * * * ${IDEMPOTENCY_SWEEP_TASK} ?id=delete_expired_idempotency_keys`,
].join('\n')

export async function startWorker(options: {
  connectionString: string
  concurrency: number
  pollInterval?: number
}): Promise<Runner> {
  // Our own emitter, passed in, so that no 'worker:create' is missed before run() returns.
  const events: WorkerEvents = new EventEmitter()
  const heartbeat = heartbeatFor(events, options.connectionString)
  logTaskRuns(events)
  const runner = await run({
    events,
    connectionString: options.connectionString,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    taskList,
    crontab: CRONTAB,
    logger,
  })
  return heartbeat.attach(runner)
}

/**
 * One structured line per task run: task, our job id when the payload names one, outcome of this run (done,
 * retry, gave up) and duration. A job's own outcome (completed, failed) is the task's to say.
 */
function logTaskRuns(events: WorkerEvents) {
  const started = new Map<string, number>()
  events.on('job:start', ({ job }) => started.set(job.id, performance.now()))
  events.on('job:complete', ({ job, error }) => {
    const start = started.get(job.id)
    started.delete(job.id)
    const payload = job.payload as { jobId?: unknown } | null
    appLogger().info(
      {
        component: 'worker',
        task: job.task_identifier,
        jobId: typeof payload?.jobId === 'string' ? payload.jobId : undefined,
        outcome: !error ? 'done' : job.attempts >= job.max_attempts ? 'gave up' : 'retry',
        durationMs: start === undefined ? undefined : Math.round(performance.now() - start),
      },
      'task run',
    )
  })
}

/**
 * Releases the queue locks of worker processes that stopped beating (killed, crashed, machine gone), so their
 * jobs run again at once instead of after graphile-worker's 4-hour lock expiry. The pick-up the dead worker made
 * is given back: a crash is not an attempt, however often it happens (issue 16 #4). Retired entries (no key: a
 * newer entry took over their job) stay spent. Returns the ids released.
 */
export async function releaseDeadWorkers(sql: Sql): Promise<string[]> {
  const { ids, rows } = await staleGraphileWorkerIds(sql)
  if (!rows.length) return []
  await sql.begin(async (tx) => {
    await releaseLocks(tx, ids)
    await tx`delete from worker_heartbeats where id in ${tx(rows)}`
  })
  return ids
}

const warn = (message: string) => appLogger().warn({ component: 'worker' }, message)

/**
 * Unlocks the queue entries the given graphile-worker ids hold and gives back the attempt each pick-up counted.
 * graphile-worker's own functions (what WorkerUtils.forceUnlockWorkers and rescheduleJobs call), in one
 * transaction, so no worker picks an entry up between the two.
 */
async function releaseLocks(tx: Queryable, ids: string[]) {
  if (!ids.length) return
  const held = await tx<{ id: string; attempts: number }[]>`
    select id, attempts from graphile_worker.jobs
    where locked_by = any(${ids}::text[]) and key is not null and attempts < max_attempts`
  await tx`select graphile_worker.force_unlock_workers(${ids}::text[])`
  for (const entry of held)
    await tx`select from graphile_worker.reschedule_jobs(
      array[${entry.id}]::bigint[], attempts => ${Math.max(0, entry.attempts - 1)}::int)`
}

/** How often a worker looks for dead workers' locks (a dead worker is seen after HEARTBEAT_STALE_MS). */
export const RELEASE_INTERVAL_MS = 5_000

/** Beats every HEARTBEAT_INTERVAL_MS while the runner runs, naming its graphile-worker ids; stops with it. */
function heartbeatFor(events: WorkerEvents, connectionString: string) {
  const sql = connectDatabase(connectionString)
  const id = newHeartbeatId()
  const workerIds = new Set<string>()
  const everId = new Set<string>()
  const tick = () =>
    beat(sql, id, [...workerIds]).catch((error) => warn(`heartbeat failed: ${(error as Error).message}`))
  const release = () =>
    releaseDeadWorkers(sql).then(
      (ids) => ids.length && warn(`released the queue locks of ${ids.length} stopped worker(s)`),
      (error) => warn(`releasing dead workers failed: ${(error as Error).message}`),
    )
  events.on('worker:create', ({ worker }) => {
    workerIds.add(worker.workerId)
    everId.add(worker.workerId)
    void tick()
  })
  events.on('worker:release', ({ worker }) => workerIds.delete(worker.workerId))
  // Since graphile-worker 0.17 jobs are locked by the pool's id (batched fetching), not each worker's: both beat.
  events.on('pool:create', ({ workerPool }) => {
    workerIds.add(workerPool.id)
    everId.add(workerPool.id)
    void tick()
  })
  events.on('pool:release', ({ workerPool }) => workerIds.delete(workerPool.id))
  // graphile-worker emits this as its graceful shutdown begins, just before it stops fetching: running jobs are
  // handed back from here (each queued again on a new entry, no attempt spent) once nothing can pick them up again.
  events.on('pool:gracefulShutdown', () => {
    void releaseRunningJobs().then((released) => {
      if (released) warn(`shutting down: ${released} running job(s) handed back to the queue`)
    })
  })
  return {
    attach(runner: Runner): Runner {
      void tick()
      void release()
      const timer = setInterval(tick, HEARTBEAT_INTERVAL_MS)
      timer.unref()
      const releaser = setInterval(release, RELEASE_INTERVAL_MS)
      releaser.unref()
      const stop = runner.stop.bind(runner)
      runner.stop = async () => {
        clearInterval(timer)
        clearInterval(releaser)
        // graphile-worker stops fetching, the listener above hands running jobs back, and stop() resolves once their
        // tasks have returned; then any lock still held by this process's ids is released.
        await stop()
        await sql.begin((tx) => releaseLocks(tx, [...everId])).catch(() => {})
        await removeHeartbeat(sql, id).catch(() => {})
      }
      return runner
    },
  }
}
