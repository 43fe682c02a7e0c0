import type { Task } from 'graphile-worker'
import { services } from '../app/services.server'

/** Deletes the files of every job past its expiry (1 hour after completion by default). Runs every minute. */
export const purgeExpiredFiles: Task = async (_payload, helpers) => {
  const purged = await purgeExpired()
  if (purged) helpers.logger.info(`purged the files of ${purged} expired job(s)`)
}

export async function purgeExpired(now?: Date): Promise<number> {
  const { sql } = services()
  return sql.begin(async (tx) => {
    const jobs = await tx<{ id: string }[]>`
      update jobs set deleted_at = now()
      where deleted_at is null and expires_at is not null and expires_at <= coalesce(${now ?? null}::timestamptz, now())
      returning id`
    if (jobs.length) await tx`delete from files where job_id in ${tx(jobs.map((j) => j.id))}`
    return jobs.length
  })
}
