// Issue 11, finding 6: "Login CSRF: a cross-site POST to /upload?_data=routes/upload with the attacker's token
// sets the victim's session cookie (204 + Set-Cookie) ... A cross-origin form POST to /upload or /jobs/{id} fails
// as a 500 with a stack trace instead of a 403." Against a real server process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { checkCsrf, checkSessionOpening } from '../../app/http/csrf.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let server: TestServer
let victimToken: string
let attackerToken: string
let victimJob: string
let victimCookie: string
const EVIL = 'https://evil.example'

const form = (fields: Record<string, string>) => new URLSearchParams(fields)

async function post(path: string, init: { headers?: Record<string, string>; body?: BodyInit; method?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'POST',
    redirect: 'manual',
    body: init.body,
    headers: init.headers,
  })
}

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url, worker: false })
  const victim = await createToken(db.sql, { plan: 'pro' })
  victimToken = victim.token
  attackerToken = (await createToken(db.sql, { plan: 'pro' })).token
  const { sql, store } = services()
  victimJob = (
    await createAnswerJob(sql, store, {
      tokenId: victim.row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
  ).jobId
  await sql`update jobs set status = 'completed', completed_at = now(), expires_at = now() + interval '1 hour' where id = ${victimJob}`
  // The victim signs in from QFill's own page.
  const res = await post('/upload', {
    headers: { origin: server.url },
    body: form({ intent: 'access', token: victimToken, terms: 'on' }),
  })
  expect(res.status).toBe(302)
  victimCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  expect(victimCookie).toContain('qfill_session=')
})
afterAll(async () => {
  await server?.stop()
})

describe('login CSRF', () => {
  it.each([
    ['a ?_data= request', '/upload?_data=routes%2Fupload'],
    ['a single-fetch .data request', '/upload.data'],
  ])('refuses %s from another site with 403 JSON and no cookie', async (_label, path) => {
    const res = await post(path, {
      headers: { origin: EVIL },
      body: form({ intent: 'access', token: attackerToken, terms: 'on' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await res.json()).toEqual({
      error: { code: 'cross_site_request', message: expect.stringMatching(/came from another website/) },
    })
  })

  it('refuses a cross-site page form with a 403 page, not a 500 with a stack trace', async () => {
    const res = await post('/upload', {
      headers: { origin: EVIL },
      body: form({ intent: 'access', token: attackerToken, terms: 'on' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const html = await res.text()
    expect(html).toContain('Request Refused')
    expect(html).not.toMatch(/at .*\(.*:\d+:\d+\)|Error:/)
  })

  it('refuses Origin: null (sandboxed frames, privacy redirects) and an http page posting to an https site', async () => {
    expect(
      (
        await post('/upload', {
          headers: { origin: 'null' },
          body: form({ intent: 'access', token: attackerToken, terms: 'on' }),
        })
      ).status,
    ).toBe(403)
    const host = new URL(server.url).host
    const res = await post('/upload', {
      headers: { origin: `http://${host}`, 'x-forwarded-proto': 'https' },
      body: form({ intent: 'access', token: attackerToken, terms: 'on' }),
    })
    expect(res.status).toBe(403)
  })

  it('still signs in from our own page, by Origin or (without one) by Referer', async () => {
    const byReferer = await post('/upload', {
      headers: { referer: `${server.url}/upload` },
      body: form({ intent: 'access', token: attackerToken, terms: 'on' }),
    })
    expect(byReferer.status).toBe(302)
    expect(byReferer.headers.getSetCookie().join(';')).toContain('qfill_session=')
    const data = await post('/upload.data', {
      headers: { origin: server.url },
      body: form({ intent: 'access', token: attackerToken, terms: 'on' }),
    })
    expect(data.status).toBe(202) // single fetch's redirect
  })
})

describe("mutations with the victim's cookie", () => {
  it('refuses a cross-site delete of the victim job (page, ?_data= and .data) and keeps the files', async () => {
    for (const path of [
      `/jobs/${victimJob}`,
      `/jobs/${victimJob}?_data=routes%2Fjobs.%24jobId`,
      `/jobs/${victimJob}.data`,
    ]) {
      const res = await post(path, {
        headers: { origin: EVIL, cookie: victimCookie },
        body: form({ intent: 'delete' }),
      })
      expect(res.status, path).toBe(403)
    }
    // Without Origin or Referer, a request carrying our session cookie is refused too.
    expect(
      (await post(`/jobs/${victimJob}`, { headers: { cookie: victimCookie }, body: form({ intent: 'delete' }) }))
        .status,
    ).toBe(403)
    const [job] = await db.sql`select deleted_at from jobs where id = ${victimJob}`
    expect(job!.deleted_at).toBeNull()
  })

  it('refuses a cross-site multipart upload into the victim session', async () => {
    const body = new FormData()
    body.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'q.csv')
    const res = await post('/upload', { headers: { origin: EVIL, cookie: victimCookie }, body })
    expect(res.status).toBe(403)
  })

  it("lets the victim's own page delete", async () => {
    const res = await post(`/jobs/${victimJob}`, {
      headers: { origin: server.url, cookie: victimCookie },
      body: form({ intent: 'delete' }),
    })
    expect(res.status).toBe(302)
    const [job] = await db.sql`select deleted_at from jobs where id = ${victimJob}`
    expect(job!.deleted_at).not.toBeNull()
  })
})

describe('API clients', () => {
  it('are exempt when they authenticate with a header, whatever the Origin', async () => {
    const { sql, store } = services()
    const [victim] = await sql`select token_id from jobs where id = ${victimJob}`
    const other = (
      await createAnswerJob(sql, store, {
        tokenId: Number(victim!.token_id),
        questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
        evidence: [],
      })
    ).jobId
    const res = await post(`/api/delete-files/${other}`, {
      method: 'DELETE',
      headers: { origin: EVIL, authorization: `Bearer ${victimToken}` },
    })
    expect(res.status).toBe(200)
  })

  it('may post without Origin or Referer when they carry no session cookie (curl, webhooks)', async () => {
    const body = new FormData()
    body.append('token', victimToken)
    body.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'q.csv')
    const res = await post('/api/fill', { body })
    expect(res.status).toBe(202)
  })
})

describe('the rule', () => {
  const req = (method: string, path: string, headers: Record<string, string>) => ({
    method,
    path,
    headers: { host: 'qfill.example', ...headers },
  })
  it('reads safe methods as safe and compares hosts exactly', () => {
    expect(checkCsrf(req('GET', '/upload', { origin: EVIL })).ok).toBe(true)
    expect(checkCsrf(req('POST', '/upload', { origin: 'https://qfill.example' })).ok).toBe(true)
    expect(checkCsrf(req('POST', '/upload', { origin: 'https://qfill.example.evil.example' })).ok).toBe(false)
    expect(checkCsrf(req('POST', '/upload', { origin: 'https://qfill.example:8443' })).ok).toBe(false)
    expect(
      checkCsrf(req('POST', '/upload', { origin: 'https://app.qfill.example' }), {
        allowedOrigins: ['https://app.qfill.example'],
      }).ok,
    ).toBe(true)
    expect(checkCsrf(req('POST', '/upload', {})).ok).toBe(false)
    expect(checkCsrf(req('POST', '/api/stripe/webhook', {})).ok).toBe(true)
    expect(checkCsrf(req('POST', '/api/fill', { cookie: 'qfill_session=abc' })).ok).toBe(false)
  })

  it('believes Fetch metadata over Origin: a cross-site or same-site request is refused (issue 16, finding 1)', () => {
    const forged = { origin: 'https://qfill.example', 'sec-fetch-site': 'cross-site' }
    expect(checkCsrf(req('POST', '/upload', forged)).ok).toBe(false)
    expect(checkCsrf(req('POST', '/upload', { ...forged, 'sec-fetch-site': 'same-site' })).ok).toBe(false)
    expect(checkCsrf(req('POST', '/upload', { ...forged, 'sec-fetch-site': 'same-origin' })).ok).toBe(true)
  })

  it('opens a session only on a same-origin POST, with no exemption for API clients', () => {
    const open = (method: string, headers: Record<string, string>) =>
      checkSessionOpening({ method, headers: { host: 'qfill.example', ...headers } }).ok
    expect(open('POST', { origin: 'https://qfill.example', 'sec-fetch-site': 'same-origin' })).toBe(true)
    expect(open('POST', { referer: 'https://qfill.example/token' })).toBe(true)
    expect(open('GET', { origin: 'https://qfill.example' })).toBe(false)
    expect(open('POST', {})).toBe(false)
    expect(open('POST', { authorization: 'Bearer qf_x' })).toBe(false)
    expect(open('POST', { origin: 'https://qfill.example', 'sec-fetch-site': 'none' })).toBe(false)
    expect(open('POST', { origin: EVIL })).toBe(false)
  })
})
