import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { runMigrations as runWorkerMigrations } from 'graphile-worker'
import type { Sql } from '../infra/db.server'
import { projectRoot } from '../infra/project-root.server'

const FILE_NAME = /^(\d{5})_[a-z0-9_-]+\.sql$/

export interface Migration {
  version: string
  name: string
  sql: string
  checksum: string
}

export function readMigrations(dir = path.join(projectRoot(), 'sql')): Migration[] {
  return readdirSync(dir)
    .filter((name) => FILE_NAME.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8')
      return {
        version: FILE_NAME.exec(name)![1]!,
        name,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      }
    })
}

/**
 * Applies every pending migration in one transaction (all or none), under an advisory lock so two machines
 * starting together do not race. Migrations are forward-only: editing one that was applied is an error.
 */
export async function migrate(sql: Sql, options: { dir?: string; log?: (line: string) => void } = {}) {
  const migrations = readMigrations(options.dir)
  const applied = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('qfill:migrate'))`
    await tx`
      create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`
    const done = await tx<{ version: string; name: string; checksum: string }[]>`
      select version, name, checksum from schema_migrations order by version`
    const known = new Map(migrations.map((m) => [m.version, m]))
    for (const row of done) {
      const file = known.get(row.version)
      if (!file)
        throw new Error(`Migration ${row.name} was applied to this database but its file is missing from sql/.`)
      if (file.checksum !== row.checksum) {
        throw new Error(
          `Migration ${row.name} changed after it was applied. Migrations are forward-only: add a new file instead.`,
        )
      }
    }
    const doneVersions = new Set(done.map((r) => r.version))
    const pending = migrations.filter((m) => !doneVersions.has(m.version))
    for (const m of pending) {
      await tx.unsafe(m.sql)
      await tx`insert into schema_migrations ${tx({ version: m.version, name: m.name, checksum: m.checksum })}`
    }
    return pending.map((m) => m.name)
  })
  for (const name of applied) options.log?.(`applied migration ${name}`)
  return applied
}

/** graphile-worker keeps its own schema; install or upgrade it after ours. */
export async function migrateWorkerSchema(connectionString: string) {
  await runWorkerMigrations({ connectionString, logger: undefined })
}
