import { randomBytes } from 'node:crypto'
import type { Sql } from '../infra/db.server'
import type { Env } from '../infra/env.server'
import { createToken } from '../access/tokens.server'
import { newJobId } from '../job/id'
import { reserveJob } from '../job/lifecycle.server'
import { ANSWER_TASK } from '../job/queue.server'
import type { FileStore } from '../storage/files.server'
import { HEARTBEAT_STALE_MS, workerLiveness } from '../job/worker-heartbeat.server'
import { overallState, SERVICE_ORDER, type OverallState, type ServiceStatus } from './model'
import { probeSmtp } from './smtp.server'

export interface StatusDeps {
  sql: Sql
  store: FileStore
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'SMTP_URL'>
  /** Per-check limit; a check that takes longer counts as down. */
  timeoutMs?: number
}

export interface StatusReport {
  overall: OverallState
  services: ServiceStatus[]
  checkedAt: string
}

/** A questionnaire waiting longer than this with no live worker, or in a long queue, makes AI Processing degraded. */
export const QUEUE_WAIT_DEGRADED_MS = 5 * 60_000
const SLOW_MS = 1000

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await fn()
  return { value, ms: Math.round(performance.now() - start) }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
    }),
  ])
}

/** A short cause for a failed check, without connection strings or stack traces. */
function reason(error: unknown): string {
  const code = (error as { code?: unknown })?.code
  if (typeof code === 'string' && code) return code
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0]!.slice(0, 120)
}

/** The server answers requests: measured as the event loop's delay before it runs queued work. */
async function checkWeb(): Promise<ServiceStatus> {
  const { ms } = await timed(() => new Promise<void>((resolve) => setImmediate(resolve)))
  return {
    name: 'Web Application',
    status: ms > SLOW_MS ? 'degraded' : 'operational',
    description:
      ms > SLOW_MS
        ? `Serving pages, but the server is busy (${ms} ms event-loop delay).`
        : 'Serving pages and API requests.',
    responseTimeMs: ms,
  }
}

async function checkDatabase(sql: Sql): Promise<ServiceStatus> {
  const { ms } = await timed(() => sql`select 1`)
  return {
    name: 'Database',
    status: ms > SLOW_MS ? 'degraded' : 'operational',
    description: ms > SLOW_MS ? `Answering slowly (${ms} ms round trip).` : 'Tokens, jobs and encrypted files respond.',
    responseTimeMs: ms,
  }
}

/** Workers are alive (heartbeat) and the queue of questionnaires is moving. */
async function checkWorkers(sql: Sql): Promise<ServiceStatus> {
  const { value, ms } = await timed(async () => {
    const liveness = await workerLiveness(sql)
    const [queue] = await sql<{ waiting: number; running: number; oldest_ms: number | null }[]>`
      select count(*) filter (where locked_at is null and run_at <= now())::int as waiting,
             count(*) filter (where locked_at is not null)::int as running,
             (extract(epoch from now() - min(run_at) filter (where locked_at is null and run_at <= now())) * 1000)::float8 as oldest_ms
      from graphile_worker.jobs where task_identifier = ${ANSWER_TASK}`
    return { liveness, queue: queue! }
  })
  const { liveness, queue } = value
  const queued = `${queue.waiting} questionnaire${queue.waiting === 1 ? '' : 's'} waiting, ${queue.running} in progress`
  if (liveness.live === 0) {
    const last =
      liveness.lastBeatAgoMs === null
        ? 'no worker has started yet'
        : `last heartbeat ${formatAgo(liveness.lastBeatAgoMs)} ago`
    return {
      name: 'AI Processing',
      status: 'degraded',
      description: `No answering worker is running (${last}); new questionnaires wait until one starts. ${queued}.`,
      responseTimeMs: ms,
    }
  }
  const stuck = (queue.oldest_ms ?? 0) > QUEUE_WAIT_DEGRADED_MS
  return {
    name: 'AI Processing',
    status: stuck ? 'degraded' : 'operational',
    description: `${liveness.live} worker${liveness.live === 1 ? '' : 's'} answering (heartbeat within ${HEARTBEAT_STALE_MS / 1000} s); ${queued}${stuck ? `, the oldest for ${formatAgo(queue.oldest_ms!)}` : ''}.`,
    responseTimeMs: ms,
  }
}

class ProbeRollback extends Error {}

/**
 * Writes a small probe file through the encrypted store, reads it back, compares and deletes it, all inside a
 * transaction that is rolled back: the probe never becomes visible and leaves nothing behind.
 */
async function checkStorage(sql: Sql, store: FileStore): Promise<ServiceStatus> {
  const probe = randomBytes(256)
  const { ms } = await timed(async () => {
    try {
      await sql.begin(async (tx) => {
        const { row: token } = await createToken(tx, { plan: 'trial', quota: 0 })
        const jobId = newJobId()
        await reserveJob(tx, { id: jobId, tokenId: token.id, unanswered: 'blank' })
        await store.put(jobId, { role: 'answers', name: 'probe.bin', bytes: probe }, tx)
        const back = await store.get(jobId, 'answers', 0, tx)
        if (!back || !probe.equals(back.bytes))
          throw new Error('the probe file read back differs from what was written')
        const [raw] = await tx<{ content: Buffer }[]>`select content from files where job_id = ${jobId}`
        if (!raw || raw.content.includes(probe)) throw new Error('the probe file is stored unencrypted')
        if ((await store.removeAll(jobId, tx)) !== 1) throw new Error('the probe file could not be deleted')
        throw new ProbeRollback()
      })
    } catch (error) {
      if (!(error instanceof ProbeRollback)) throw error
    }
  })
  return {
    name: 'File Storage',
    status: ms > SLOW_MS ? 'degraded' : 'operational',
    description: 'Encrypted write, read-back and delete of a probe file succeeded (AES-256-GCM).',
    responseTimeMs: ms,
  }
}

function checkPayments(env: StatusDeps['env']): ServiceStatus {
  const key = env.STRIPE_SECRET_KEY
  if (!key) {
    return {
      name: 'Payment Processing',
      status: 'not_configured',
      description: 'Card payments are not configured on this installation; access tokens are issued by the operator.',
      responseTimeMs: null,
    }
  }
  const mode = key.startsWith('sk_live_') || key.startsWith('rk_live_') ? 'live' : 'test'
  return {
    name: 'Payment Processing',
    status: 'operational',
    description: `Card payments configured (Stripe, ${mode} mode); checkout is handled on Stripe’s hosted page.`,
    responseTimeMs: null,
  }
}

async function checkEmail(env: StatusDeps['env'], timeoutMs: number): Promise<ServiceStatus> {
  if (!env.SMTP_URL) {
    return {
      name: 'Email Delivery',
      status: 'not_configured',
      label: 'Outbox',
      description:
        'No SMTP server configured: e-mails are kept in the local outbox (qfill outbox) instead of being sent.',
      responseTimeMs: null,
    }
  }
  const probe = await probeSmtp(env.SMTP_URL, timeoutMs)
  const host = new URL(env.SMTP_URL).hostname
  return probe.ok
    ? {
        name: 'Email Delivery',
        status: 'operational',
        description: `SMTP server ${host} accepts connections.`,
        responseTimeMs: probe.ms,
      }
    : {
        name: 'Email Delivery',
        status: 'degraded',
        description: `SMTP server ${host} is unreachable (${probe.reason}); tokens and receipts cannot be e-mailed right now.`,
        responseTimeMs: probe.ms,
      }
}

function formatAgo(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 120) return `${s} s`
  const m = Math.round(s / 60)
  return m < 120 ? `${m} min` : `${Math.round(m / 60)} h`
}

/** Runs every check now, in parallel, each bounded by the timeout; a check that fails or times out is 'down'. */
export async function measureStatus(deps: StatusDeps): Promise<StatusReport> {
  const timeoutMs = deps.timeoutMs ?? 3000
  const guarded = async (name: ServiceStatus['name'], run: () => Promise<ServiceStatus>): Promise<ServiceStatus> => {
    const start = performance.now()
    try {
      return await withTimeout(run(), timeoutMs, name)
    } catch (error) {
      return {
        name,
        status: 'down',
        description: `Not responding: ${reason(error)}.`,
        responseTimeMs: Math.round(performance.now() - start),
      }
    }
  }
  const results = await Promise.all([
    guarded('Web Application', checkWeb),
    guarded('AI Processing', () => checkWorkers(deps.sql)),
    guarded('File Storage', () => checkStorage(deps.sql, deps.store)),
    guarded('Payment Processing', async () => checkPayments(deps.env)),
    guarded('Email Delivery', () => checkEmail(deps.env, Math.min(2000, timeoutMs))),
    guarded('Database', () => checkDatabase(deps.sql)),
  ])
  const services = SERVICE_ORDER.map((name) => results.find((r) => r.name === name)!)
  return { overall: overallState(services), services, checkedAt: new Date().toISOString() }
}
