import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let server: TestServer

beforeAll(async () => {
  // No STRIPE_SECRET_KEY, no SMTP_URL: the embedded defaults.
  server = await startServer({
    databaseUrl: db.url,
    worker: false,
    env: { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', SMTP_URL: '' },
  })
})
afterAll(async () => {
  await server?.stop()
})

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> })
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
  })
const postForm = (path: string, fields: Record<string, string>, cookie = '') =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { origin: server.url, cookie },
    redirect: 'manual',
  })
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

describe('without Stripe keys the server runs and payments say why they cannot', () => {
  for (const [path, body] of [
    ['/api/create-checkout-session', { plan: 'pro' }],
    ['/api/stripe/webhook', {}],
  ] as const) {
    it(`POST ${path} answers 503`, async () => {
      const res = await json(await postJson(path, body))
      expect(res).toEqual({
        status: 503,
        body: { error: { code: 'payments_not_configured', message: 'Payments are not configured on this server' } },
      })
    })
  }
  it('GET /api/checkout/session answers 503, GET on a POST endpoint 405', async () => {
    expect((await fetch(`${server.url}/api/checkout/session?session_id=cs_test_abcdef`)).status).toBe(503)
    const res = await json(await fetch(`${server.url}/api/create-free-trial`))
    expect(res.status).toBe(405)
    expect(res.body.error.code).toBe('method_not_allowed')
  })
})

describe('tokens over the API', () => {
  it('validate-token: 400 without terms, 401 for an unknown token, the fields for a good one', async () => {
    const { token } = await createToken(db.sql, { plan: 'trial', email: 'sec@acme.example' })
    const noTerms = await json(await postJson('/api/validate-token', { token }))
    expect(noTerms.status).toBe(400)
    expect(noTerms.body.error).toEqual({
      code: 'terms_required',
      message: 'Please accept the Terms of Service to continue (send "tosAccepted": true).',
    })
    const unknown = await json(
      await postJson('/api/validate-token', { token: 'qf_not_a_real_token_at_all', tosAccepted: true }),
    )
    expect(unknown).toMatchObject({ status: 401, body: { valid: false, message: 'Token not found or expired' } })
    const ok = await json(await postJson('/api/validate-token', { token, tosAccepted: true }))
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      valid: true,
      plan: 'trial',
      remaining: 2,
      limit: 2,
      email: 'sec@acme.example',
      previousQuestionnaires: [],
      expiredQuestionnaires: [],
    })
  })

  it('token-status with bearer or x-api-key; 401 invalid_token otherwise', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'starter', email: 'buyer@acme.example' })
    const { jobId } = await createAnswerJob(db.sql, services().store, {
      tokenId: row.id,
      questionnaire: { name: 'vendor.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
    for (const headers of [{ authorization: `Bearer ${token}` }, { 'x-api-key': token }] as Record<string, string>[]) {
      const res = await json(
        await fetch(`${server.url}/api/token-status`, { headers: { accept: 'application/json', ...headers } }),
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        plan: 'starter',
        email: 'buyer@acme.example',
        used: 1,
        limit: 1,
        remaining: 0,
        resetDate: row.expiresAt!.toISOString(),
      })
      expect(res.body.previousQuestionnaires).toMatchObject([{ jobId, fileName: 'vendor.csv', status: 'processing' }])
    }
    const bad = await json(
      await fetch(`${server.url}/api/token-status`, { headers: { authorization: 'Bearer qf_wrong_token_value' } }),
    )
    expect(bad).toEqual({
      status: 401,
      body: {
        error: { code: 'invalid_token', message: 'Token not found or expired' },
      },
    })

    const q = await json(
      await fetch(`${server.url}/api/questionnaire/${jobId}`, { headers: { authorization: `Bearer ${token}` } }),
    )
    expect(q).toEqual({
      status: 200,
      body: {
        status: 'processing',
        totalQuestions: 0,
        processedQuestions: 0,
        processingError: null,
        fileName: 'vendor.csv',
      },
    })
    const other = await createToken(db.sql, { plan: 'pro' })
    expect(
      (await fetch(`${server.url}/api/questionnaire/${jobId}`, { headers: { authorization: `Bearer ${other.token}` } }))
        .status,
    ).toBe(404)
  })

  it('an expired token is refused on status and downloads once its files are gone', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'trial' })
    const { jobId } = await createAnswerJob(db.sql, services().store, {
      tokenId: row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
    await db.sql`update jobs set status = 'completed', completed_at = now(), expires_at = now() + interval '30 minutes' where id = ${jobId}`
    await db.sql`update tokens set expires_at = now() - interval '1 minute' where id = ${row.id}`
    // Expired, but its result is still available: status works, new uploads do not.
    expect(
      (await fetch(`${server.url}/api/status/${jobId}`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200)
    const validation = await json(await postJson('/api/validate-token', { token, tosAccepted: true }))
    expect(validation.body).toMatchObject({ valid: false, reason: 'expired' })
    await db.sql`update jobs set expires_at = now() - interval '1 second' where id = ${jobId}`
    for (const path of [`/api/status/${jobId}`, `/api/result/${jobId}/xlsx`, '/api/token-status']) {
      expect(
        (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).status,
        path,
      ).toBe(401)
    }
  })
})

describe('browser sessions are server-side (security finding 8)', () => {
  it('signing out deletes the session: a copy of the old cookie no longer opens anything', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    const { jobId } = await createAnswerJob(db.sql, services().store, {
      tokenId: row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
    const login = await postForm('/upload', { intent: 'access', token, terms: 'on' })
    expect(login.status).toBe(302)
    const cookie = cookieOf(login)
    expect(cookie).toMatch(/qfill_session=/)
    expect(cookie).not.toContain(token)
    expect(login.headers.getSetCookie().find((c) => c.startsWith('qfill_session='))).toMatch(/SameSite=Lax/i)
    expect((await db.sql`select count(*)::int as n from sessions where token_id = ${row.id}`)[0]!.n).toBe(1)

    expect(await (await fetch(`${server.url}/upload`, { headers: { cookie } })).text()).toContain('Upload Your Files')
    expect((await fetch(`${server.url}/api/status/${jobId}`, { headers: { cookie } })).status).toBe(200)

    const signout = await postForm('/upload', { intent: 'signout' }, cookie)
    expect(signout.status).toBe(302)
    expect((await db.sql`select count(*)::int as n from sessions where token_id = ${row.id}`)[0]!.n).toBe(0)
    // The old cookie, replayed as is:
    expect(await (await fetch(`${server.url}/upload`, { headers: { cookie } })).text()).not.toContain(
      'Upload Your Files',
    )
    expect((await fetch(`${server.url}/api/status/${jobId}`, { headers: { cookie } })).status).toBe(401)
    expect((await fetch(`${server.url}/api/token-status`, { headers: { cookie } })).status).toBe(401)
  })

  it('revoking a token ends its sessions', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    const cookie = cookieOf(await postForm('/token-status', { intent: 'check', token }))
    expect((await fetch(`${server.url}/api/token-status`, { headers: { cookie } })).status).toBe(200)
    await db.sql`update tokens set revoked_at = now() where id = ${row.id}`
    expect((await fetch(`${server.url}/api/token-status`, { headers: { cookie } })).status).toBe(401)
  })

  it('an exhausted token is told so at the token step, before any file is chosen', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    await db.sql`update tokens set used = 1 where id = ${row.id}`
    const res = await postForm('/upload', { intent: 'access', token, terms: 'on' })
    expect(res.status).toBe(402)
    const html = await res.text()
    expect(html).toContain('Token quota exhausted. Purchase a plan to continue.')
    expect(html).toContain('href="/#pricing"')
    expect(html).not.toContain('Upload Your Files')
  })
})
