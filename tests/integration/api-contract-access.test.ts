import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { routeErrorCodes } from '../../app/api/contract'
import { API_ERRORS } from '../../app/api/errors'
import { openApiDocument } from '../../app/api/openapi.server'
import { allApiRoutes } from '../../app/api/schemas'
import { useTestDatabase } from '../setup/database'
import {
  both,
  exchange,
  listen,
  MOCK_URL,
  qfillMsw,
  readmeApiSection,
  target,
  type Step,
  type Target,
} from '../support/contract'
import { startServer, type TestServer } from '../support/server'

/**
 * Every endpoint's generic answers and the token, trial and payment endpoints, compared field by field between
 * the real server (rate limits on, no Stripe keys) and @qfill/msw; then the documentation: the OpenAPI document,
 * /api-docs, and the README's error table and curl examples, which must be the ones the routes document.
 */
const db = useTestDatabase()
let server: TestServer
let targets: readonly [Target, Target]
let qfill: ReturnType<typeof qfillMsw.createQfillMock>
let stopMock = () => {}
let trial: string

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url, env: { RATE_LIMITS: 'true', TRUST_PROXY: 'x-forwarded-for' } })
  const created = await createToken(db.sql, { plan: 'trial', email: 'trial@acme.example' })
  trial = created.token
  qfill = qfillMsw.createQfillMock({
    baseUrl: MOCK_URL,
    tokens: { [trial]: { plan: 'trial', email: 'trial@acme.example', expiresAt: created.row.expiresAt } },
  })
  const msw = listen(qfill.handlers)
  stopMock = () => msw.close()
  targets = [target('real', server.url), target('mock', MOCK_URL)]
}, 120_000)
afterAll(async () => {
  stopMock()
  await server?.stop()
})

const same = (step: Step) => both(targets, step)
const JSON_TYPE = { 'content-type': 'application/json' }
const post = (path: string, body: unknown, token: string | null = null): Step => ({
  method: 'POST',
  path,
  token,
  headers: JSON_TYPE,
  body: () => (typeof body === 'string' ? body : JSON.stringify(body)),
})
const samplePath = (path: string) => path.replace('{kind}', 'xlsx').replace(/\{\w+\}/g, 'a'.repeat(24))

describe('every documented route', () => {
  for (const route of allApiRoutes) {
    const name = `${route.method.toUpperCase()} ${route.path}`
    if (route.auth === 'token')
      it(`${name}: 401 token_required without a token, invalid_token with a wrong one`, async () => {
        const call = { method: route.method.toUpperCase(), path: samplePath(route.path), route: route.path }
        const body = route.bodyType === 'multipart' ? () => new FormData() : undefined
        expect((await same({ ...call, body })).body).toMatchObject({ error: { code: 'token_required' } })
        const wrong = await same({ ...call, body, token: 'qf_this-token-does-not-exist' })
        expect(wrong.body).toMatchObject({ error: { code: 'invalid_token' } })
      })
    it(`${name}: other methods answer 405 with Allow`, async () => {
      const methods = allApiRoutes.filter((r) => r.path === route.path).map((r) => r.method.toUpperCase())
      const wrong = ['PUT', 'PATCH', 'POST', 'GET'].find(
        (m) => !methods.includes(m) && !(m === 'POST' && route.method === 'delete'),
      )!
      const res = await same({ method: wrong, path: samplePath(route.path), token: trial })
      expect(res).toMatchObject({ status: 405, headers: { allow: methods.join(', ') } })
    })
  }

  it('unknown /api paths answer 404 not_found, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'])
      expect((await same({ method, path: '/api/no-such-endpoint/at/all' })).status).toBe(404)
  })

  it('the health checks and the OpenAPI document', async () => {
    expect((await same({ path: '/api/status' })).body).toEqual({ ok: true })
    expect((await same({ path: '/healthz' })).body).toMatchObject({ ok: true, workers: { live: 1 } })
    const served = await same({ path: '/api/openapi.json' })
    expect(served.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
  })
})

describe('tokens', () => {
  it('validate-token: refusals, an unknown token, a valid one; token-status', async () => {
    for (const [body, status] of [
      ['not json', 400],
      [{ token: trial }, 400],
      [{ token: 'short', tosAccepted: true }, 400],
      [{ token: 'qf_not-a-token-of-ours-0000', tosAccepted: true }, 401],
      [{ token: trial, tosAccepted: true }, 200],
    ] as const)
      expect((await same(post('/api/validate-token', body))).status).toBe(status)
    expect((await same({ path: '/api/token-status', token: trial, apiKey: true })).body).toMatchObject({
      plan: 'trial',
      limit: 2,
    })
  })

  it('free trials: work addresses only, once each', async () => {
    for (const [body, status] of [
      ['{', 400],
      [{ email: 'not an address' }, 400],
      [{ email: 'someone@gmail.com' }, 400],
      [{ email: 'Buyer@Contract-Co.example' }, 200],
      [{ email: 'buyer@contract-co.example' }, 409],
    ] as const)
      expect((await same(post('/api/create-free-trial', body))).status).toBe(status)
  })

  it('payments on a server without Stripe keys answer 503, after the token where one is needed', async () => {
    expect((await same(post('/api/create-checkout-session', { plan: 'pro' }))).status).toBe(503)
    expect((await same(post('/api/create-payment-intent', { questionnaireId: 'a'.repeat(24) }))).status).toBe(401)
    expect((await same(post('/api/create-payment-intent', { questionnaireId: 'a'.repeat(24) }, trial))).status).toBe(
      503,
    )
    expect((await same({ path: '/api/checkout/session?session_id=cs_test_abcdef' })).status).toBe(503)
    expect((await same(post('/api/stripe/webhook', { id: 'evt_1' }))).status).toBe(503)
  })

  it('429 once a budget is spent: Retry-After, RateLimit-* and the rate_limited body', async () => {
    const client = { 'x-forwarded-for': '10.99.0.1', ...JSON_TYPE }
    // Wrong tokens spend the address's failed-authentication budget (20 a minute); a valid one gives its point back.
    const step = { ...post('/api/validate-token', { token: 'x'.repeat(40), tosAccepted: true }), headers: client }
    for (let i = 0; i < 20; i++) expect((await exchange(targets[0], step)).status).toBe(401)
    qfill.use('rate-limited')
    const refused = await same(step)
    qfill.use('completed')
    expect(refused).toMatchObject({
      status: 429,
      headers: { 'retry-after': '<n>', 'ratelimit-limit': '20', 'ratelimit-policy': '20;w=60' },
      body: { error: { code: 'rate_limited' } },
    })
  })
})

describe('the documentation says what the server does', () => {
  const readme = readmeApiSection()

  it('every route is in the OpenAPI document with its error codes, and in /api-docs with its curl example', async () => {
    const doc = openApiDocument()
    for (const route of allApiRoutes) {
      const operation = (doc.paths?.[route.path] as Record<string, { responses: Record<string, unknown> }>)[
        route.method
      ]!
      for (const code of routeErrorCodes(route))
        expect(Object.keys(operation.responses), `${route.path} ${code}`).toContain(String(API_ERRORS[code].status))
    }
    const html = await (await fetch(`${server.url}/api-docs`)).text()
    for (const route of allApiRoutes) expect(html).toContain(route.path)
    expect(html).not.toMatch(/<script[^>]+src="https?:/)
  })

  it('the README lists every error code with its status, and every operation with its curl example', () => {
    for (const [code, entry] of Object.entries(API_ERRORS))
      expect(readme, code).toContain(`| \`${code}\` | ${entry.status} | ${entry.when} |`)
    for (const route of allApiRoutes) {
      expect(route.example, `${route.method} ${route.path} has an example`).toBeTruthy()
      expect(readme, `${route.method} ${route.path}'s example`).toContain(route.example!)
      // One naming style: $QFILL_URL, $QFILL_TOKEN, $JOB_ID.
      expect(route.example).toContain('$QFILL_URL')
      expect(route.example).not.toMatch(/localhost|qfill\.example|\$TOKEN\b|\$JOB\b/)
    }
  })
})
