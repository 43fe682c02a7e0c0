import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../app/database/embedded.server'
import { migrate, migrateWorkerSchema } from '../../app/database/migrate.server'
import { openPostgres } from '../../app/infra/db.server'

export const TEMPLATE_DB = 'qfill_template'

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string
    templateDb: string
  }
}

/**
 * One Postgres for the whole run: TEST_DATABASE_URL (an admin connection to a server you run) or an embedded
 * one in a temporary folder. Migrations are applied once to a template database; each test file then gets a
 * fresh copy of it (tests/setup/database.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL
  let stop = async () => {}
  let dir: string | undefined
  if (!adminUrl) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-test-pg-'))
    // As root, Postgres runs as a separate `postgres` user, which must be able to enter the folder.
    chmodSync(dir, 0o755)
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), database: 'postgres', persistent: false })
    adminUrl = pg.url
    stop = pg.stop
  }
  const admin = openPostgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${TEMPLATE_DB} with (force)`)
  await admin.unsafe(`create database ${TEMPLATE_DB}`)
  await admin.end()
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB)
  const sql = openPostgres(templateUrl, { max: 1, onnotice: () => {} })
  await migrate(sql)
  await sql.end()
  await migrateWorkerSchema(templateUrl)
  project.provide('adminUrl', adminUrl)
  project.provide('templateDb', TEMPLATE_DB)
  return async () => {
    await stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
