import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

/**
 * Idempotency-Key on POST /api/fill (ADR 029), on the real server: a retried request (a new multipart body with
 * a new boundary, the same files and fields) answers the job the first one created and spends no second
 * questionnaire; the same key with other files is refused; keys are per token and last 24 hours.
 */
const db = useTestDatabase()
let server: TestServer

beforeAll(async () => {
  // No worker: jobs stay queued, which is all these tests look at.
  server = await startServer({ databaseUrl: db.url, worker: false })
})
afterAll(async () => {
  await server?.stop()
})

function form(evidence = evidenceMd(), fields: Record<string, string> = {}) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  body.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'vendor.csv')
  body.append('evidence', new Blob([new Uint8Array(evidence)]), 'policy.md')
  return body
}

async function fill(token: string, key: string | null, body = form()) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (key !== null) headers['idempotency-key'] = key
  const res = await fetch(`${server.url}/api/fill`, { method: 'POST', body, headers })
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() }
}

const jobsOf = async (tokenId: number) =>
  Number((await db.sql`select count(*) as n from jobs where token_id = ${tokenId}`)[0]!.n)
const usedBy = async (tokenId: number) => (await db.sql`select used from tokens where id = ${tokenId}`)[0]!.used

describe('Idempotency-Key on POST /api/fill', () => {
  it('a retried request answers the same job and spends the single questionnaire once', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    const first = await fill(token, 'retry-0001')
    expect(first.status).toBe(202)
    expect(first.replayed).toBeNull()
    const retry = await fill(token, 'retry-0001')
    expect(retry).toEqual({ status: 202, replayed: 'true', body: first.body })
    expect(await jobsOf(row.id)).toBe(1)
    expect(await usedBy(row.id)).toBe(1)
    // Without the key the quota is spent: a new request is a new questionnaire.
    const fresh = await fill(token, null)
    expect(fresh.status).toBe(402)
  })

  it('the same key with another body answers 422 idempotency_key_reused and creates nothing', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    expect((await fill(token, 'reuse-1')).status).toBe(202)
    for (const other of [
      form(new TextEncoder().encode('# Another policy\n\nWe encrypt backups.\n')),
      form(evidenceMd(), { unanswered: 'no' }),
    ]) {
      const refused = await fill(token, 'reuse-1', other)
      expect(refused.status).toBe(422)
      expect(refused.body).toEqual({
        error: {
          code: 'idempotency_key_reused',
          message:
            'This Idempotency-Key was already used with different files or fields: use a new key for a new request.',
        },
      })
    }
    expect(await jobsOf(row.id)).toBe(1)
  })

  it('requests racing with one key create one job', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    const answers = await Promise.all(Array.from({ length: 4 }, () => fill(token, 'race-1')))
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202])
    expect(new Set(answers.map((a) => a.body.jobId)).size).toBe(1)
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(3)
    expect(await jobsOf(row.id)).toBe(1)
  })

  it('keys belong to one token, last 24 hours, and must be printable ASCII', async () => {
    const a = await createToken(db.sql, { plan: 'pro' })
    const b = await createToken(db.sql, { plan: 'pro' })
    const fromA = await fill(a.token, 'shared-key')
    const fromB = await fill(b.token, 'shared-key')
    expect(fromB.status).toBe(202)
    expect(fromB.body.jobId).not.toBe(fromA.body.jobId)

    await db.sql`update api_idempotency_keys set created_at = now() - interval '25 hours' where key = 'shared-key'`
    const later = await fill(a.token, 'shared-key')
    expect(later.status).toBe(202)
    expect(later.replayed).toBeNull()
    expect(later.body.jobId).not.toBe(fromA.body.jobId)

    for (const bad of ['two words', 'x'.repeat(256), 'naïve']) {
      const res = await fill(a.token, bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(res.body.error.code).toBe('invalid_idempotency_key')
    }
    expect(await jobsOf(a.row.id)).toBe(2)
  })
})
