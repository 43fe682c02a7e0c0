import type { HealthJson } from './schemas/system'
import type { Queryable } from '../infra/db.server'
import { workerLiveness } from '../job/worker-heartbeat.server'

/** Healthy when the database answers and at least one worker process beat recently (any machine's). */
export async function checkHealth(sql: Queryable): Promise<HealthJson> {
  try {
    const workers = await workerLiveness(sql)
    return { ok: workers.live > 0, database: 'ok', workers }
  } catch {
    return { ok: false, database: 'unreachable', workers: { live: 0, lastBeatAgoMs: null } }
  }
}

/** Whether the database answers: /api/status. */
export async function checkDatabase(sql: Queryable): Promise<{ ok: boolean }> {
  try {
    await sql`select 1`
    return { ok: true }
  } catch {
    return { ok: false }
  }
}

/**
 * A check that runs at most once per `ms` however often it is asked for (issue 16, finding 7): callers within the
 * interval share the last result, and callers while it runs share that run. A flood of health checks then costs
 * one query a second per process, not one per request.
 */
export function cachedFor<T>(ms: number, check: () => Promise<T>, now: () => number = () => performance.now()) {
  let last: { at: number; value: Promise<T> } | null = null
  return function cached(): Promise<T> {
    const t = now()
    if (last && t - last.at < ms) return last.value
    const value = check()
    last = { at: t, value }
    // A failed run is not kept: the next caller tries again.
    value.catch(() => {
      if (last?.value === value) last = null
    })
    return value
  }
}

const holder = globalThis as typeof globalThis & {
  __qfillHealth?: { sql: Queryable; health: () => Promise<HealthJson>; status: () => Promise<{ ok: boolean }> }
}

/** The process's cached checks, refreshed at most once a second: what /healthz and /api/status answer. */
export function cachedChecks(sql: Queryable) {
  if (holder.__qfillHealth?.sql !== sql) {
    holder.__qfillHealth = {
      sql,
      health: cachedFor(1000, () => checkHealth(sql)),
      status: cachedFor(1000, () => checkDatabase(sql)),
    }
  }
  return holder.__qfillHealth
}
