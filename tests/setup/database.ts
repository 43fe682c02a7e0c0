import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, inject } from 'vitest'
import { connectDatabase, disconnectDatabase, openPostgres, type Sql } from '../../app/infra/db.server'
import { resetEnvForTests } from '../../app/infra/env.server'
import { resetServices } from '../../app/infra/services.server'
import { withDatabase } from './global-setup'

export interface TestDatabase {
  url: string
  sql: Sql
}

/**
 * Gives the calling test file its own database, copied from the migrated template, and connects the app's
 * shared pool to it (DATABASE_URL is set, so services() and the worker use it too).
 */
export function useTestDatabase(): TestDatabase {
  const handle = {} as TestDatabase
  const name = `qfill_test_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`
  beforeAll(async () => {
    const admin = openPostgres(inject('adminUrl'), { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name} template ${inject('templateDb')}`)
    await admin.end()
    handle.url = withDatabase(inject('adminUrl'), name)
    process.env.DATABASE_URL = handle.url
    resetEnvForTests()
    resetServices()
    handle.sql = connectDatabase(handle.url)
  })
  afterAll(async () => {
    await disconnectDatabase()
    resetServices()
    const admin = openPostgres(inject('adminUrl'), { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
  })
  return handle
}
