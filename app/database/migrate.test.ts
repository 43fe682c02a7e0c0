import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../tests/setup/database'
import { migrate, readMigrations } from './migrate.server'

describe('migrations', () => {
  const db = useTestDatabase()

  it('applied every file in sql/ to the template, and a second run applies nothing', async () => {
    const rows = await db.sql<{ name: string }[]>`select name from schema_migrations order by version`
    expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name))
    expect(await migrate(db.sql)).toEqual([])
  })

  it('creates the tables the app uses, and graphile-worker installed its schema', async () => {
    const tables = await db.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['files', 'jobs', 'schema_migrations', 'tokens']),
    )
    const [fn] = await db.sql`select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'graphile_worker' and p.proname = 'add_job'`
    expect(fn).toBeDefined()
  })

  it('refuses a migration that was edited after it was applied', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-mig-'))
    for (const m of readMigrations()) writeFileSync(path.join(dir, m.name), m.sql)
    const first = readMigrations()[0]!
    writeFileSync(path.join(dir, first.name), `${first.sql}\n-- edited`)
    await expect(migrate(db.sql, { dir })).rejects.toThrow(/changed after it was applied/)
  })

  it('applies pending migrations all together or not at all', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-mig-'))
    for (const m of readMigrations()) writeFileSync(path.join(dir, m.name), m.sql)
    writeFileSync(path.join(dir, '90001_good.sql'), 'create table good_one (id int);')
    writeFileSync(path.join(dir, '90002_bad.sql'), 'create table broken (;')
    await expect(migrate(db.sql, { dir })).rejects.toThrow()
    const [exists] = await db.sql`select to_regclass('good_one') as t`
    expect(exists!.t).toBeNull()
  })
})
