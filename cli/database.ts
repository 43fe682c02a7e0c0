import path from 'node:path'
import { connectOrStartEmbedded } from '../app/database/embedded.server'
import { migrate, migrateWorkerSchema } from '../app/database/migrate.server'
import { connectDatabase, disconnectDatabase, type Sql } from '../app/infra/db.server'
import type { Env } from '../app/infra/env.server'
import { UsageError } from './usage-error'

export interface OpenDatabase {
  url: string
  sql: Sql
  embedded: boolean
  close(): Promise<void>
}

/**
 * Production and Fly.io need a shared database: an embedded Postgres there would be one throw-away database per
 * machine (and per release command), so every command that opens a database refuses instead.
 */
export function embeddedRefusal(env: Pick<Env, 'NODE_ENV' | 'FLY_APP_NAME' | 'DATABASE_URL'>): string | null {
  if (env.DATABASE_URL) return null
  const where = env.FLY_APP_NAME
    ? `on Fly.io (FLY_APP_NAME=${env.FLY_APP_NAME})`
    : env.NODE_ENV === 'production'
      ? 'in production (NODE_ENV=production)'
      : null
  if (!where) return null
  return (
    `DATABASE_URL is not set ${where}: QFill will not start an embedded Postgres here, whose data would live and ` +
    'die with this one machine. Attach Postgres (on Fly.io: fly postgres attach <your-postgres-app>, which sets ' +
    'the DATABASE_URL secret) or set DATABASE_URL to a postgres:// URL every machine shares. (Without ' +
    'NODE_ENV=production and FLY_APP_NAME, npm start runs the embedded Postgres for one machine.)'
  )
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
  const refusal = embeddedRefusal(env)
  if (refusal) throw new UsageError(refusal)
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
