import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { services } from '../infra/services.server'
import { beat, newHeartbeatId, removeHeartbeat } from '../job/worker-heartbeat.server'
import { useTestDatabase } from '../../tests/setup/database'
import { measureStatus } from './checks.server'

const db = useTestDatabase()

function deps(env: { STRIPE_SECRET_KEY?: string; SMTP_URL?: string } = {}) {
  const { sql, store } = services()
  return { sql, store, env }
}

const byName = (report: Awaited<ReturnType<typeof measureStatus>>, name: string) =>
  report.services.find((s) => s.name === name)!

describe('measureStatus', () => {
  let smtp: SMTPServer
  let smtpPort: number
  beforeAll(async () => {
    smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'] })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    smtpPort = (smtp.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

  it('measures all six services; without a worker, AI Processing is degraded and so is the whole', async () => {
    // A worker another test file started against this database may have left its heartbeat behind.
    await services().sql`delete from worker_heartbeats`
    const report = await measureStatus(deps())
    expect(report.services.map((s) => s.name)).toEqual([
      'Web Application',
      'AI Processing',
      'File Storage',
      'Payment Processing',
      'Email Delivery',
      'Database',
    ])
    expect(byName(report, 'Database')).toMatchObject({ status: 'operational' })
    expect(byName(report, 'Database').responseTimeMs).toBeGreaterThanOrEqual(0)
    expect(byName(report, 'File Storage')).toMatchObject({ status: 'operational' })
    expect(byName(report, 'AI Processing').status).toBe('degraded')
    expect(byName(report, 'AI Processing').description).toContain('no worker has started yet')
    expect(byName(report, 'Payment Processing')).toMatchObject({ status: 'not_configured', responseTimeMs: null })
    expect(byName(report, 'Email Delivery').description).toContain('outbox')
    expect(report.overall).toBe('degraded')
  })

  it('is operational once a worker beats, and reports queue depth', async () => {
    const id = newHeartbeatId()
    await beat(db.sql, id, ['worker-1'])
    try {
      const report = await measureStatus(
        deps({ STRIPE_SECRET_KEY: 'sk_test_123', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
      )
      expect(byName(report, 'AI Processing')).toMatchObject({ status: 'operational' })
      expect(byName(report, 'AI Processing').description).toMatch(
        /1 worker answering.*0 questionnaires waiting, 0 in progress/,
      )
      expect(byName(report, 'Payment Processing').description).toContain('test mode')
      expect(byName(report, 'Email Delivery')).toMatchObject({ status: 'operational' })
      expect(report.overall).toBe('operational')
    } finally {
      await removeHeartbeat(db.sql, id)
    }
  })

  it('leaves nothing behind from the storage probe', async () => {
    await measureStatus(deps())
    const [counts] = await db.sql<{ tokens: number; jobs: number; files: number }[]>`
      select (select count(*) from tokens)::int as tokens, (select count(*) from jobs)::int as jobs, (select count(*) from files)::int as files`
    expect(counts).toEqual({ tokens: 0, jobs: 0, files: 0 })
  })

  it('reports an SMTP server that does not answer as degraded, within the timeout', async () => {
    // A port that accepts connections but never speaks SMTP.
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const port = (silent.address() as AddressInfo).port
      const report = await measureStatus({ ...deps({ SMTP_URL: `smtp://127.0.0.1:${port}` }), timeoutMs: 500 })
      const email = byName(report, 'Email Delivery')
      expect(email.status).toBe('degraded')
      expect(email.description).toContain('unreachable')
      expect(email.responseTimeMs).toBeLessThan(2000)
    } finally {
      silent.close()
    }
  })

  it('reports a database that is gone as down', async () => {
    const { store } = services()
    const postgres = (await import('postgres')).default
    const dead = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1, connect_timeout: 1, onnotice: () => {} })
    const report = await measureStatus({ sql: dead as never, store, env: {}, timeoutMs: 1500 })
    expect(byName(report, 'Database').status).toBe('down')
    expect(report.overall).toBe('down')
    await dead.end({ timeout: 0 })
  })
})
