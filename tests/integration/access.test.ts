import { describe, expect, it } from 'vitest'
import { validateToken } from '../../app/access/status.server'
import { checkToken, createToken } from '../../app/access/tokens.server'
import { createAnswerJob, failForGood, SpendRefusedError } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'

const db = useTestDatabase()
const HOUR = 60 * 60 * 1000
const csv = { name: 'q.csv', bytes: questionnaireCsv() }

describe('plans and expiry (injected clock)', () => {
  it('a trial has 2 questionnaires and expires 1 hour after issue; pay per use 1 and 1 hour; pro unlimited for 30 days', async () => {
    const issued = new Date('2026-01-01T10:00:00Z')
    const trial = await createToken(db.sql, { plan: 'trial', email: 'a@acme.example', now: issued })
    const starter = await createToken(db.sql, { plan: 'starter', now: issued })
    const pro = await createToken(db.sql, { plan: 'pro', now: issued })
    expect(trial.row).toMatchObject({ quota: 2, expiresAt: new Date(issued.getTime() + HOUR) })
    expect(starter.row).toMatchObject({ quota: 1, expiresAt: new Date(issued.getTime() + HOUR) })
    expect(pro.row).toMatchObject({ quota: null, expiresAt: new Date(issued.getTime() + 30 * 24 * HOUR) })

    const at = (minutes: number) => new Date(issued.getTime() + minutes * 60_000)
    expect((await checkToken(db.sql, trial.token, { now: at(59), purpose: 'upload' })).ok).toBe(true)
    expect(await checkToken(db.sql, trial.token, { now: at(60), purpose: 'upload' })).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(await checkToken(db.sql, starter.token, { now: at(61), purpose: 'read' })).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect((await checkToken(db.sql, pro.token, { now: at(29 * 24 * 60) })).ok).toBe(true)
    expect((await checkToken(db.sql, pro.token, { now: at(30 * 24 * 60 + 1) })).ok).toBe(false)

    const validation = await validateToken(db.sql, trial.token, at(61))
    expect(validation.known).toBe(false)
    if (!validation.known)
      expect(validation.message).toBe('This access token has expired. Purchase a plan to continue.')
  })

  it('an expired token still opens a result whose files are available, but takes no new upload', async () => {
    const { sql, store } = services()
    const { token, row } = await createToken(sql, { plan: 'trial' })
    const { jobId } = await createAnswerJob(sql, store, { tokenId: row.id, questionnaire: csv, evidence: [] })
    await sql`update jobs set status = 'completed', completed_at = now(), expires_at = now() + interval '50 minutes' where id = ${jobId}`
    const later = new Date(Date.now() + 61 * 60_000) // token expired, result files live until +50 min... from now
    expect((await checkToken(sql, token, { now: later, purpose: 'read' })).ok).toBe(false) // files gone by then too
    const soon = new Date(Date.now() + 30 * 60_000)
    await sql`update tokens set expires_at = now() + interval '10 minutes' where id = ${row.id}`
    const expiredNow = new Date(Date.now() + 20 * 60_000)
    expect((await checkToken(sql, token, { now: expiredNow, purpose: 'read' })).ok).toBe(true)
    expect(await checkToken(sql, token, { now: soon, purpose: 'upload' })).toEqual({ ok: false, reason: 'expired' })
    await expect(
      createAnswerJob(sql, store, { tokenId: row.id, questionnaire: csv, evidence: [], now: expiredNow }),
    ).rejects.toThrow('This access token has expired. Purchase a plan to continue.')
    const v = await validateToken(sql, token, expiredNow)
    expect(v.known && v.body).toMatchObject({ valid: false, reason: 'expired', remaining: 0 })
    expect(v.known && v.body.previousQuestionnaires.map((q) => q.jobId)).toEqual([jobId])
  })

  it('an exhausted token is known but not valid, with the spec message', async () => {
    const { sql, store } = services()
    const { token, row } = await createToken(sql, { plan: 'starter' })
    await createAnswerJob(sql, store, { tokenId: row.id, questionnaire: csv, evidence: [] })
    const v = await validateToken(sql, token)
    expect(v.known && v.body).toMatchObject({
      valid: false,
      reason: 'exhausted',
      message: 'Token quota exhausted. Purchase a plan to continue.',
      remaining: 0,
      limit: 1,
    })
  })
})

describe('quota', () => {
  it('two concurrent uploads with one questionnaire left: exactly one is accepted', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'single' })
    const results = await Promise.allSettled(
      [1, 2].map(() => createAnswerJob(sql, store, { tokenId: row.id, questionnaire: csv, evidence: [] })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toBeInstanceOf(SpendRefusedError)
    expect((rejected.reason as SpendRefusedError).reason).toBe('exhausted')
    expect((await sql`select used from tokens where id = ${row.id}`)[0]!.used).toBe(1)
    expect((await sql`select count(*)::int as n from jobs where token_id = ${row.id}`)[0]!.n).toBe(1)
  })

  it('a job that fails for good gives its questionnaire back once, however often it is failed', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'pro', quota: 5 })
    const a = await createAnswerJob(sql, store, { tokenId: row.id, questionnaire: csv, evidence: [] })
    await createAnswerJob(sql, store, { tokenId: row.id, questionnaire: csv, evidence: [] })
    const failure = { error: { code: 'engine_error' as const, params: {} }, refund: true, retentionMinutes: 60 }
    expect(await failForGood(sql, a.jobId, failure)).toBe(true)
    expect(await failForGood(sql, a.jobId, failure)).toBe(false)
    expect((await sql`select used from tokens where id = ${row.id}`)[0]!.used).toBe(1)
  })

  it('queues Professional jobs ahead of the others', async () => {
    const { sql, store } = services()
    const pro = await createToken(sql, { plan: 'pro' })
    const trial = await createToken(sql, { plan: 'trial' })
    const p = await createAnswerJob(sql, store, { tokenId: pro.row.id, questionnaire: csv, evidence: [] })
    const t = await createAnswerJob(sql, store, { tokenId: trial.row.id, questionnaire: csv, evidence: [] })
    const rows = await sql<
      { key: string; priority: number }[]
    >`select key, priority from graphile_worker.jobs where key in (${`answer:${p.jobId}`}, ${`answer:${t.jobId}`})`
    const priority = Object.fromEntries(rows.map((r) => [r.key, r.priority]))
    expect(priority[`answer:${p.jobId}`]).toBeLessThan(priority[`answer:${t.jobId}`]!)
  })
})
