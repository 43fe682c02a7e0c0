import path from 'node:path'
import { connectOrStartEmbedded } from '../app/database/embedded.server'
import { migrate, migrateWorkerSchema } from '../app/database/migrate.server'
import { connectDatabase, disconnectDatabase, type Sql } from '../app/db.server'
import type { Env } from '../app/env.server'

export interface OpenDatabase {
  url: string
  sql: Sql
  embedded: boolean
  close(): Promise<void>
}

/**
 * DATABASE_URL when set; otherwise the embedded Postgres in the data folder (reusing the one `npm start` runs,
 * if it is up). Migrations, ours then graphile-worker's, are applied unless told not to.
 */
export async function openDatabase(
  env: Env,
  options: { migrate?: boolean; log?: (line: string) => void } = {},
): Promise<OpenDatabase> {
  const log = options.log ?? (() => {})
  let url = env.DATABASE_URL
  let stopEmbedded = async () => {}
  if (!url) {
    const dataDir = path.resolve(env.QFILL_DATA_DIR, 'postgres')
    log(`starting embedded Postgres in ${dataDir}`)
    const pg = await connectOrStartEmbedded({ dataDir, notice: log })
    url = pg.url
    stopEmbedded = pg.stop
  }
  const sql = connectDatabase(url)
  try {
    if (options.migrate !== false) {
      const applied = await migrate(sql, { log })
      if (!applied.length) log('database schema is up to date')
      await migrateWorkerSchema(url)
    }
  } catch (error) {
    await disconnectDatabase()
    await stopEmbedded()
    throw error
  }
  return {
    url,
    sql,
    embedded: !env.DATABASE_URL,
    async close() {
      await disconnectDatabase()
      await stopEmbedded()
    },
  }
}
