import { randomBytes } from 'node:crypto'
import os from 'node:os'
import type { Queryable } from '../infra/db.server'

/** How often a worker process writes its heartbeat, and after how long without one it counts as gone. */
export const HEARTBEAT_INTERVAL_MS = 5_000
export const HEARTBEAT_STALE_MS = 30_000

export function newHeartbeatId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
}

/** Records that this worker process is alive, with the graphile-worker ids it runs (their queue locks). */
export async function beat(sql: Queryable, id: string, graphileWorkerIds: string[]): Promise<void> {
  await sql`
    insert into worker_heartbeats (id, graphile_worker_ids) values (${id}, ${graphileWorkerIds})
    on conflict (id) do update set beat_at = now(), graphile_worker_ids = excluded.graphile_worker_ids`
}

export async function removeHeartbeat(sql: Queryable, id: string): Promise<void> {
  await sql`delete from worker_heartbeats where id = ${id}`
}

export interface WorkerLiveness {
  /** Worker processes that beat within HEARTBEAT_STALE_MS. */
  live: number
  /** Time since the freshest heartbeat, or null when no worker ever beat. */
  lastBeatAgoMs: number | null
}

export async function workerLiveness(sql: Queryable): Promise<WorkerLiveness> {
  const [row] = await sql<{ live: number; ago: number | null }[]>`
    select count(*) filter (where beat_at > now() - make_interval(secs => ${HEARTBEAT_STALE_MS / 1000}))::int as live,
           -- greatest: a beat committed just after this statement's now() was taken would read as negative (greatest skips nulls, hence the case)
           (case when max(beat_at) is null then null else greatest(0, extract(epoch from now() - max(beat_at))) * 1000 end)::float8 as ago
    from worker_heartbeats`
  return { live: row?.live ?? 0, lastBeatAgoMs: row?.ago ?? null }
}

/** graphile-worker ids of processes that stopped beating: their locks may be released. */
export async function staleGraphileWorkerIds(sql: Queryable): Promise<{ ids: string[]; rows: string[] }> {
  const rows = await sql<{ id: string; graphile_worker_ids: string[] }[]>`
    select id, graphile_worker_ids from worker_heartbeats
    where beat_at <= now() - make_interval(secs => ${HEARTBEAT_STALE_MS / 1000})`
  return { ids: rows.flatMap((r) => r.graphile_worker_ids), rows: rows.map((r) => r.id) }
}
