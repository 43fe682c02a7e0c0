// Rate limits by who is asking. Issue 15: "A normal review locks the customer out of the whole site ... An API
// client with a Professional token is locked out after about 17 questionnaires"; issue 16, finding 7 ("Health
// endpoints are unlimited") and finding 8 ("Fly-Client-IP is trusted whenever FLY_APP_NAME is set ...;
// /API/STATUS/{id} in upper case is routed but counted as overall"). Real servers (two, sharing one Postgres) with
// production limits; each test speaks as its own client through X-Forwarded-For, as it would behind a proxy.
import { EventEmitter } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { classify, clientKey, normalizeIp, rateLimit, routePath } from '../../app/http/rate-limit.server'
import { isFlyProxy } from '../../app/http/client-address.server'
import { ADDRESS_LIMITS, TOKEN_BUDGETS } from '../../app/http/limits'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let a: TestServer
let b: TestServer
let proToken: string
let trialToken: string
let jobId: string
let clients = 0
/** A fresh client address per test, so the tests do not share budgets. */
const newClient = () => `198.51.100.${++clients}`

beforeAll(async () => {
  const env = { TRUST_PROXY: 'x-forwarded-for' }
  ;[a, b] = await Promise.all([
    startServer({ databaseUrl: db.url, worker: false, env }),
    startServer({ databaseUrl: db.url, worker: false, env }),
  ])
  const pro = await createToken(db.sql, { plan: 'pro' })
  proToken = pro.token
  trialToken = (await createToken(db.sql, { plan: 'trial' })).token
  const { sql, store } = services()
  jobId = (
    await createAnswerJob(sql, store, {
      tokenId: pro.row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
  ).jobId
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

function tokenForm(server: TestServer, client: string, token: string) {
  return fetch(`${server.url}/upload`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': client, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'access', token, terms: 'on' }),
  })
}

describe('failed authentication, per client address', () => {
  it('allows 20 wrong tokens a minute, then answers 429 with Retry-After and RateLimit headers', async () => {
    const client = newClient()
    // Alternate between the two machines: the count lives in Postgres, so they share it.
    const statuses: number[] = []
    for (let i = 0; i < ADDRESS_LIMITS.authFailures.points; i++)
      statuses.push((await tokenForm(i % 2 ? a : b, client, 'qf_this-is-not-a-real-token')).status)
    expect(statuses.every((s) => s === 401)).toBe(true)
    const refused = await tokenForm(a, client, 'qf_this-is-not-a-real-token')
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
    expect((await tokenForm(b, newClient(), 'qf_this-is-not-a-real-token')).status).toBe(401)
  })

  it('refuses 30 wrong header tokens from one address after the 20th, in the JSON error shape', async () => {
    const client = newClient()
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      const res = await get(i % 2 ? a : b, '/api/token-status', client, { authorization: `Bearer qf_wrong_${i}_token` })
      statuses.push(res.status)
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(await res.json()).toEqual({
          error: { code: 'rate_limited', message: expect.stringMatching(/^Too many requests from your network/) },
        })
      } else await res.arrayBuffer()
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true)
    // The same address, now with a valid token, is its token's business: served.
    expect((await get(a, '/api/token-status', client, { authorization: `Bearer ${proToken}` })).status).toBe(200)
  })

  it('gives a token form’s point back when the token is right: 25 sign-ins in a minute from one office', async () => {
    const client = newClient()
    for (let i = 0; i < 25; i++) expect((await tokenForm(i % 2 ? a : b, client, trialToken)).status).toBe(302)
  })

  it('counts anonymous API calls answered 401 (guessing job ids) as failed authentication', async () => {
    const client = newClient()
    for (let i = 0; i < 5; i++) expect((await get(a, `/api/status/${'x'.repeat(20)}${i}`, client)).status).toBe(401)
    await new Promise((r) => setTimeout(r, 300)) // counted after the response
    const next = await tokenForm(a, client, 'qf_this-is-not-a-real-token')
    expect(next.headers.get('ratelimit-policy')).toBe('20;w=60')
    expect(next.headers.get('ratelimit-remaining')).toBe('14')
  })

  it('limits trials to 20 a minute per address', async () => {
    const client = newClient()
    const send = () =>
      fetch(`${a.url}/api/create-free-trial`, {
        method: 'POST',
        headers: { 'x-forwarded-for': client, 'content-type': 'application/json' },
        body: '{}',
      })
    for (let i = 0; i < 20; i++) expect((await send()).status).toBe(400)
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('requests with a valid token', () => {
  it('count against the token, per plan, not against the address', async () => {
    const client = newClient()
    for (let i = 0; i < ADDRESS_LIMITS.anonymous.points + 50; i++) {
      const res = await get(i % 2 ? a : b, `/api/status/${jobId}`, client, { authorization: `Bearer ${proToken}` })
      expect(res.status).toBe(200)
      if (i === 0) expect(res.headers.get('ratelimit-policy')).toBe(`${TOKEN_BUDGETS.pro.points};w=900`)
      await res.arrayBuffer()
    }
    // The address's own budget is untouched.
    expect((await get(a, '/', client)).headers.get('ratelimit-remaining')).toBe('99')
  })

  it('of a browser session count against the session’s token', async () => {
    const client = newClient()
    const cookie = (await tokenForm(a, client, trialToken)).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect(cookie).toContain('qfill_session=')
    for (let i = 0; i < ADDRESS_LIMITS.anonymous.points + 20; i++) {
      const res = await get(b, i % 2 ? '/upload' : '/token-status', client, { cookie })
      expect(res.status).toBe(200)
      if (i === 0) expect(res.headers.get('ratelimit-policy')).toBe(`${TOKEN_BUDGETS.trial.points};w=900`)
      await res.arrayBuffer()
    }
  })
})

describe('requests without a token', () => {
  it('allow 100 per 15 minutes per address, then a friendly page or JSON; static files are exempt', async () => {
    const client = newClient()
    const paths = ['/', '/help', '/legal', '/api/openapi.json']
    for (let i = 0; i < 100; i++) {
      const res = await get(i % 2 ? a : b, paths[i % paths.length]!, client)
      expect(res.status).not.toBe(429)
      await res.arrayBuffer()
    }
    const page = await get(a, '/help', client)
    expect(page.status).toBe(429)
    expect(page.headers.get('ratelimit-policy')).toBe('100;w=900')
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(await page.text()).toMatch(/Please wait \d+ minutes and try again/)
    const api = await get(b, '/api/openapi.json', client)
    expect(api.status).toBe(429)
    expect((await api.json()).error.code).toBe('rate_limited')
    // Single-fetch data requests answer JSON too.
    expect((await get(a, '/help.data', client)).headers.get('content-type')).toMatch(/application\/json/)
    for (let i = 0; i < 5; i++) {
      expect((await get(a, '/favicon.svg', client)).status).toBe(200)
      expect((await get(a, '/healthz', client)).status).not.toBe(429)
    }
  })
})

describe('health checks', () => {
  it('have their own generous limit per client, whatever the case of the path, and leave others served', async () => {
    const client = newClient()
    const paths = ['/healthz', '/api/status', '/HEALTHZ', '/API/STATUS']
    for (let i = 0; i < ADDRESS_LIMITS.health.points; i++) {
      const res = await get(a, paths[i % paths.length]!, client)
      expect(res.status).not.toBe(429)
      if (i === 0) expect(res.headers.get('ratelimit-policy')).toBe(`${ADDRESS_LIMITS.health.points};w=60`)
      await res.arrayBuffer()
    }
    const refused = await get(a, '/healthz', client)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await get(a, '/healthz', newClient())).status).not.toBe(429)
    // Health checks spent none of the address's budget for pages.
    expect((await get(a, '/', client)).headers.get('ratelimit-remaining')).toBe('99')
  })
})

describe('keys', () => {
  it('trusts Fly-Client-IP only from Fly’s proxy (172.16.0.0/12), never a client’s claim', () => {
    const req = (headers: Record<string, string>, remoteAddress: string) =>
      ({ headers, socket: { remoteAddress } }) as never
    const claim = { 'fly-client-ip': '1.2.3.4' }
    expect(clientKey(req(claim, '172.19.2.97'), 'fly')).toBe('1.2.3.4')
    expect(clientKey(req(claim, '::ffff:172.16.0.1'), 'fly')).toBe('1.2.3.4')
    expect(clientKey(req(claim, '::ffff:172.31.255.254'), 'fly')).toBe('1.2.3.4')
    // Direct connections (the internet, the 6PN, loopback) keep their own address.
    expect(clientKey(req(claim, '203.0.113.7'), 'fly')).toBe('203.0.113.7')
    expect(clientKey(req(claim, '::ffff:172.32.0.1'), 'fly')).toBe('172.32.0.1')
    expect(clientKey(req(claim, 'fdaa:0:18:a7b:d6b:0:a:2'), 'fly')).toBe('fdaa:0:18:a7b::/64')
    expect(clientKey(req(claim, '127.0.0.1'), 'fly')).toBe('127.0.0.1')
    expect(isFlyProxy('10.0.0.1')).toBe(false)
  })

  it('does not let a client choose its key when no proxy is trusted, and counts IPv6 per /64', () => {
    const req = (headers: Record<string, string>, remoteAddress = '::ffff:10.0.0.7') =>
      ({ headers, socket: { remoteAddress } }) as never
    expect(clientKey(req({ 'x-forwarded-for': '1.2.3.4' }), 'none')).toBe('10.0.0.7')
    expect(clientKey(req({ 'fly-client-ip': '1.2.3.4' }), 'none')).toBe('10.0.0.7')
    // Behind one proxy, the client is the address that proxy appended (the last), not what the client claimed.
    expect(clientKey(req({ 'x-forwarded-for': '6.6.6.6, 1.2.3.4' }), 'x-forwarded-for')).toBe('1.2.3.4')
    expect(normalizeIp('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(normalizeIp('2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64')
  })

  it('classifies requests case-insensitively, data requests as their pages', () => {
    expect(routePath('/API/STATUS/AbC123')).toBe('/api/status/abc123')
    expect(classify('GET', '/API/STATUS')).toBe('health')
    expect(classify('GET', '/HealthZ')).toBe('health')
    expect(classify('GET', '/api/status/abc')).toBe('other')
    expect(classify('POST', '/UPLOAD')).toBe('token-form')
    expect(classify('POST', '/upload.data')).toBe('token-form')
    expect(classify('POST', '/upload', 'multipart/form-data; boundary=x')).toBe('upload')
    expect(classify('GET', '/upload')).toBe('other')
    expect(classify('GET', '/token-status', '', 'token=qf_abc')).toBe('token-form')
    expect(classify('POST', '/API/Create-Free-Trial')).toBe('trial')
  })
})

describe('a whole review on a trial token, and past it (the production budget, in process)', () => {
  it('a 400-question review saved row by row, with 3-second polling and downloads, never reaches the budget', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'trial' })
    const middleware = rateLimit({
      sql: db.sql,
      sessionSecret: 'unused-here-0123456789abcdef0123456789',
      trustProxy: 'none',
    })
    const run = async (method: string, path: string) => {
      const req = {
        method,
        path,
        url: path,
        headers: { authorization: `Bearer ${token}` },
        socket: { remoteAddress: '192.0.2.9' },
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
    const review: [string, string][] = []
    for (let i = 0; i < 30; i++) review.push(['GET', i % 2 ? '/upload' : `/jobs/${'j'.repeat(24)}`]) // pages
    for (let i = 0; i < 300; i++) review.push(['GET', `/jobs/${'j'.repeat(24)}.data`]) // 15 minutes of 3-second polls
    for (let i = 0; i < 400; i++)
      review.push(['POST', `/jobs/${'j'.repeat(24)}/review.data`], ['GET', `/jobs/${'j'.repeat(24)}/review.data`])
    for (const kind of ['xlsx', 'pdf', 'json']) review.push(['GET', `/api/result/${'j'.repeat(24)}/${kind}`])
    let refused = 0
    for (const [method, path] of review) if ((await run(method, path)) === 429) refused++
    expect(review.length).toBeLessThan(TOKEN_BUDGETS.trial.points / 2)
    expect(refused).toBe(0)
    // Past the budget (not a use anyone makes), the token is told to wait, and only the token.
    let sent = review.length
    while (sent < TOKEN_BUDGETS.trial.points) {
      expect(await run('GET', '/upload')).toBe(200)
      sent++
    }
    expect(await run('GET', '/upload')).toBe(429)
    expect(row.plan).toBe('trial')
  }, 180_000)
})

describe('the OpenAPI document', () => {
  it('documents 429 with Retry-After and the RateLimit headers on every operation, and the budgets', async () => {
    const doc = (await (await fetch(`${a.url}/api/openapi.json`)).json()) as {
      info: { description: string }
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>
      components: { responses: Record<string, { headers: Record<string, unknown> }> }
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item))
    expect(operations.length).toBeGreaterThan(10)
    for (const op of operations) expect(op.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' })
    expect(Object.keys(doc.components.responses.TooManyRequests!.headers)).toEqual([
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
    ])
    expect(doc.info.description).toContain(`${TOKEN_BUDGETS.pro.points.toLocaleString('en-US')} per 15 minutes`)
  })
})
