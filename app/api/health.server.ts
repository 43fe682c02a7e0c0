import type { HealthJson } from './schemas/system'
import type { Queryable } from '../db.server'
import { workerLiveness } from '../worker-heartbeat.server'

/** Healthy when the database answers and at least one worker process beat recently (any machine's). */
export async function checkHealth(sql: Queryable): Promise<HealthJson> {
  try {
    const workers = await workerLiveness(sql)
    return { ok: workers.live > 0, database: 'ok', workers }
  } catch {
    return { ok: false, database: 'unreachable', workers: { live: 0, lastBeatAgoMs: null } }
  }
}
