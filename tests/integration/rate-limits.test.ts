// Issue 11, finding 5: "No rate limits at all: 1,890 status calls in 60 s, 30 wrong-token attempts in a burst,
// all accepted." Real servers (two, sharing one Postgres) with limits on; each test speaks as its own client
// through X-Forwarded-For (TRUST_PROXY=x-forwarded-for), as it would behind a proxy.
import { EventEmitter } from 'node:events'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { classify, clientKey, JOB_STATUS_SPARE, LIMITS, normalizeIp, rateLimit } from '../../app/http/rate-limit.server'
import { services } from '../../app/services.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let a: TestServer
let b: TestServer
let token: string
let jobId: string
let jobId2: string
let clients = 0
/** A fresh client address per test, so the tests do not share budgets. */
const newClient = () => `198.51.100.${++clients}`

beforeAll(async () => {
  const env = { RATE_LIMITS: 'true', TRUST_PROXY: 'x-forwarded-for' }
  ;[a, b] = await Promise.all([
    startServer({ databaseUrl: db.url, worker: false, env }),
    startServer({ databaseUrl: db.url, worker: false, env }),
  ])
  const created = await createToken(db.sql, { plan: 'pro' })
  token = created.token
  const { sql, store } = services()
  const make = () =>
    createAnswerJob(sql, store, {
      tokenId: created.row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
  jobId = (await make()).jobId
  jobId2 = (await make()).jobId
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

function get(server: TestServer, path: string, client: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    headers: { 'x-forwarded-for': `203.0.113.9, ${client}`, ...headers },
    redirect: 'manual',
  })
}

function wrongToken(server: TestServer, client: string) {
  return fetch(`${server.url}/upload`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': client, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'access', token: 'qf_this-is-not-a-real-token', terms: 'on' }),
  })
}

describe('token guessing', () => {
  it('allows 20 wrong tokens a minute per client, then answers 429 with Retry-After and RateLimit headers', async () => {
    const client = newClient()
    // Alternate between the two machines: the count lives in Postgres, so they share it.
    const statuses: number[] = []
    for (let i = 0; i < LIMITS.sensitive.points; i++) statuses.push((await wrongToken(i % 2 ? a : b, client)).status)
    expect(statuses.every((s) => s === 401)).toBe(true)
    const refused = await wrongToken(a, client)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get('ratelimit-limit')).toBe('20')
    expect(refused.headers.get('ratelimit-remaining')).toBe('0')
    expect(refused.headers.get('ratelimit-policy')).toBe('20;w=60')
    // A page for a browser form, not a stack trace.
    expect(refused.headers.get('content-type')).toMatch(/text\/html/)
    const html = await refused.text()
    expect(html).toContain('Too Many Requests')
    expect(html).toMatch(/Please wait \d+ seconds and try again/)
    // Another client is not affected.
    expect((await wrongToken(b, newClient())).status).toBe(401)
  })

  it('limits the token-validation, trial and token-status APIs the same way, in the JSON error shape', async () => {
    for (const path of ['/api/validate-token', '/api/create-free-trial', '/api/token-status']) {
      const client = newClient()
      const method = path === '/api/token-status' ? 'GET' : 'POST'
      const send = () =>
        fetch(`${a.url}${path}`, {
          method,
          headers: { 'x-forwarded-for': client, 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        })
      for (let i = 0; i < 20; i++) expect((await send()).status).not.toBe(429)
      const refused = await send()
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(refused.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringMatching(/^Too many requests/) },
      })
    }
  })
})

describe('job status', () => {
  it('allows 20 polls a minute per job (a 3 s poll) and a few to spare, refuses the rest, and keeps other jobs and pages served', async () => {
    const client = newClient()
    const poll = (id: string) => get(a, `/api/status/${id}`, client, { authorization: `Bearer ${token}` })
    for (let i = 0; i < 20 + JOB_STATUS_SPARE; i++) expect((await poll(jobId)).status).toBe(200)
    const refused = await poll(jobId)
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.code).toBe('rate_limited')
    // Another job has its own budget; polls spent none of the overall budget.
    expect((await poll(jobId2)).status).toBe(200)
    const page = await get(a, '/', client)
    expect(page.status).toBe(200)
    expect(page.headers.get('ratelimit-remaining')).toBe('99')
  })

  it('counts failed status lookups (guessing job ids) against the overall budget', async () => {
    const client = newClient()
    for (let i = 0; i < 5; i++) expect((await get(a, `/api/status/${'x'.repeat(20)}${i}`, client)).status).toBe(401)
    await new Promise((r) => setTimeout(r, 300)) // counted after the response
    expect((await get(a, '/', client)).headers.get('ratelimit-remaining')).toBe('94')
  })
})

describe('overall', () => {
  it('allows 100 requests per 15 minutes per client, then a friendly page or JSON; static files and health checks are exempt', async () => {
    const client = newClient()
    const paths = ['/', '/upload', '/legal', '/api/fill']
    for (let i = 0; i < 100; i++) {
      const res = await get(i % 2 ? a : b, paths[i % paths.length]!, client)
      expect(res.status).not.toBe(429)
      await res.arrayBuffer()
    }
    const page = await get(a, '/upload', client)
    expect(page.status).toBe(429)
    expect(page.headers.get('ratelimit-policy')).toBe('100;w=900')
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(await page.text()).toMatch(/Please wait \d+ minutes and try again/)
    const api = await get(b, '/api/fill', client)
    expect(api.status).toBe(429)
    expect((await api.json()).error.code).toBe('rate_limited')
    // Single-fetch data requests answer JSON too.
    expect((await get(a, '/upload.data', client)).headers.get('content-type')).toMatch(/application\/json/)
    for (let i = 0; i < 5; i++) {
      expect((await get(a, '/favicon.svg', client)).status).toBe(200)
      expect((await get(a, '/api/status', client)).status).toBe(200)
    }
  })

  it('does not let a client choose its key when no proxy is trusted, and counts IPv6 per /64', () => {
    const req = (headers: Record<string, string>, remoteAddress = '::ffff:10.0.0.7') =>
      ({ headers, socket: { remoteAddress } }) as never
    expect(clientKey(req({ 'x-forwarded-for': '1.2.3.4' }), 'none')).toBe('10.0.0.7')
    expect(clientKey(req({ 'fly-client-ip': '1.2.3.4' }), 'none')).toBe('10.0.0.7')
    expect(clientKey(req({ 'fly-client-ip': '1.2.3.4' }), 'fly')).toBe('1.2.3.4')
    // Behind one proxy, the client is the address that proxy appended (the last), not what the client claimed.
    expect(clientKey(req({ 'x-forwarded-for': '6.6.6.6, 1.2.3.4' }), 'x-forwarded-for')).toBe('1.2.3.4')
    expect(normalizeIp('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(normalizeIp('2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64')
  })

  it('classifies requests: job pages and their data requests are job status, deletes are not', () => {
    expect(classify('GET', '/jobs/abc123abc123abc123').kind).toBe('job-status')
    expect(classify('GET', '/jobs/abc123abc123abc123.data').kind).toBe('job-status')
    expect(classify('POST', '/jobs/abc123abc123abc123').kind).toBe('overall')
    expect(classify('POST', '/upload.data').kind).toBe('sensitive:token')
    expect(classify('GET', '/upload').kind).toBe('overall')
    expect(classify('GET', '/healthz').kind).toBe('exempt')
  })
})

describe('a 3-second poll', () => {
  afterEach(() => vi.restoreAllMocks())

  it('never trips the job-status limit over ten minutes, while a 2-second poll does (same Postgres store, clock moved)', async () => {
    // Only Date.now (what the limiter reads) is moved; timers and the test runner keep real time.
    let clock = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => clock)
    const middleware = rateLimit({ sql: db.sql, trustProxy: 'none' })
    const run = async (address: string) => {
      const req = {
        method: 'GET',
        path: `/api/status/${jobId}`,
        headers: {},
        socket: { remoteAddress: address },
        query: {},
      }
      const res = Object.assign(new EventEmitter(), {
        statusCode: 200,
        locals: {},
        headers: {} as Record<string, string>,
        setHeader(k: string, v: string) {
          this.headers[k.toLowerCase()] = v
        },
        status(code: number) {
          this.statusCode = code
          return this
        },
        json() {
          return this
        },
        type() {
          return this
        },
        send() {
          return this
        },
      })
      let passed = false
      await middleware(req as never, res as never, () => (passed = true))
      return passed ? 200 : res.statusCode
    }
    const start = clock
    const refusals = async (address: string, everyMs: number) => {
      let refused = 0
      for (let t = 0; t < 10 * 60 * 1000; t += everyMs) {
        clock = start + t + Math.round(Math.random() * 150) // network jitter
        if ((await run(address)) === 429) refused++
      }
      return refused
    }
    expect(await refusals('192.0.2.3', 3000)).toBe(0)
    expect(await refusals('192.0.2.2', 2000)).toBeGreaterThan(0)
  })
})
