import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { callbackSecret, verifyCallback } from '../../app/api/callbacks/signature'
import { jobStatus } from '../../app/api/schemas/jobs'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, questionnaireCsv } from '../support/files'
import { netnsUnavailable, startNamespacedWorker, type NamespacedWorker } from '../support/netns'
import { startServer, type TestServer } from '../support/server'

/**
 * callbackUrl on POST /api/fill (ADR 030), end to end: the web server takes the jobs, a real worker answers
 * them and sends the callbacks. The worker runs in its own network namespace where a public address leads to
 * the test's receiver (tests/support/netns.ts), so the address guard stays on: loopback stays refused.
 */
const db = useTestDatabase()
const unavailable = netnsUnavailable()
let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url, worker: false })
  token = (await createToken(db.sql, { plan: 'pro' })).token
})
afterAll(async () => {
  await server?.stop()
})

async function submit(callbackUrl: string, questionnaire = questionnaireCsv()) {
  const form = new FormData()
  form.append('callbackUrl', callbackUrl)
  form.append('questionnaire', new Blob([new Uint8Array(questionnaire)]), 'vendor.csv')
  form.append('evidence', new Blob([new Uint8Array(evidenceMd())]), 'policy.md')
  const res = await fetch(`${server.url}/api/fill`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: await res.json() }
}

describe('callbackUrl is checked when the job is submitted', () => {
  for (const [url, problem] of [
    ['http://127.0.0.1:9/hook', /points to a private or reserved address \(127\.0\.0\.1\)/],
    ['http://localhost/hook', /points to a private or reserved address/],
    ['https://10.0.0.5/hook', /private or reserved/],
    ['http://169.254.169.254/latest/meta-data', /private or reserved/],
    ['https://[fd00::2]/hook', /private or reserved/],
    ['ftp://example.com/hook', /must be an https \(or http\) URL/],
    ['not a url', /must be an absolute URL/],
  ] as const) {
    it(`refuses ${url}`, async () => {
      const res = await submit(url)
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_callback_url')
      expect(res.body.error.message).toMatch(problem)
    })
  }
  it('creates no job for a refused callbackUrl', async () => {
    expect(Number((await db.sql`select count(*) as n from jobs`)[0]!.n)).toBe(0)
  })
})

describe.skipIf(unavailable)('a job that ends calls back, signed', () => {
  let worker: NamespacedWorker | undefined
  afterAll(async () => {
    await worker?.stop()
  })

  it('completed, failed (after a 503, retried) and a host that now resolves to loopback (refused)', async () => {
    const base = `http://203.0.114.7:8080`
    const completed = await submit(`${base}/done?ref=42`)
    const failed = await submit(`${base}/failed`, new TextEncoder().encode('Name,Value\nfoo,bar\n'))
    const moved = await submit(`${base}/moved`)
    for (const res of [completed, failed, moved]) expect(res.status).toBe(202)
    // As if the name in callbackUrl resolved to loopback by the time the job ends.
    await db.sql`update job_callbacks set url = 'http://localhost:8080/moved' where job_id = ${moved.body.jobId}`

    worker = await startNamespacedWorker({ databaseUrl: db.url, plan: { '/failed': [503] } })
    const until = Date.now() + 480_000
    const rows = async () =>
      db.sql<
        { jobId: string; attempts: number; delivered: boolean; lastStatus: number | null; lastError: string | null }[]
      >`
        select job_id as "jobId", attempts, delivered_at is not null as delivered, last_status as "lastStatus",
          last_error as "lastError" from job_callbacks order by created_at`
    for (;;) {
      const state = await rows()
      if (state.every((r) => r.delivered || (r.attempts > 0 && r.lastError?.startsWith('refused')))) break
      if (Date.now() > until) throw new Error(`callbacks not done: ${JSON.stringify(state)}\n${worker.output()}`)
      await new Promise((r) => setTimeout(r, 250))
    }

    const received = worker.received()
    expect(received.map((r) => [r.url, r.answered])).toEqual(
      expect.arrayContaining([
        ['/done?ref=42', 204],
        ['/failed', 503],
        ['/failed', 204],
      ]),
    )
    expect(received).toHaveLength(3)
    expect(received.some((r) => r.url.startsWith('/moved'))).toBe(false)

    const secret = await callbackSecret(token)
    for (const [path, res, event] of [
      ['/done?ref=42', completed, 'job.completed'],
      ['/failed', failed, 'job.failed'],
    ] as const) {
      const delivery = received.filter((r) => r.url === path).at(-1)!
      expect(delivery.method).toBe('POST')
      expect(delivery.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(delivery.headers['qfill-event']).toBe(event)
      expect(delivery.headers['qfill-delivery']).toBe(res.body.jobId)
      expect(await verifyCallback(secret, delivery.headers['qfill-signature']!, delivery.body)).toBe(true)
      expect(
        await verifyCallback(
          await callbackSecret('qf_someone-else-entirely'),
          delivery.headers['qfill-signature']!,
          delivery.body,
        ),
      ).toBe(false)
      // The body is the job's status document, as GET /api/status answers it.
      const document = jobStatus.parse(JSON.parse(delivery.body))
      const status = await (
        await fetch(`${server.url}/api/status/${res.body.jobId}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
      expect(JSON.parse(delivery.body)).toEqual(status)
      expect(document.status).toBe(event === 'job.completed' ? 'completed' : 'failed')
    }

    const state = Object.fromEntries((await rows()).map((r) => [r.jobId, r]))
    expect(state[completed.body.jobId]).toMatchObject({ attempts: 1, delivered: true, lastStatus: 204 })
    expect(state[failed.body.jobId]).toMatchObject({ attempts: 2, delivered: true, lastStatus: 204 })
    expect(state[moved.body.jobId]).toMatchObject({ attempts: 1, delivered: false, lastStatus: null })
    expect(state[moved.body.jobId]!.lastError).toMatch(
      /^refused: callbackUrl points to a private or reserved address \((127\.0\.0\.1|::1)\)/,
    )
  }, 600_000)
})

if (unavailable) console.warn(`callbacks.test.ts: the delivery test is skipped: ${unavailable}`)
