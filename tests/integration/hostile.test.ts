import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { hostileCorpus, type HostileCase } from '../fixtures/hostile/corpus'
import { useTestDatabase } from '../setup/database'
import { multipartBody, rssOf } from '../support/multipart'
import { startServer, type TestServer } from '../support/server'

/**
 * Every file of the hostile corpus through the real API on a real server: each gets a clear 4xx or a job that
 * ends (completed, or failed with a message naming the problem), the server stays up and answers, and its
 * resident memory grows by less than 300 MB over the whole corpus.
 */
const db = useTestDatabase()
let server: TestServer
let token: string
let corpus: HostileCase[]
let baseline = 0
let peak = 0
let sampler: NodeJS.Timeout

beforeAll(async () => {
  corpus = await hostileCorpus()
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro' })).token
  // Warm up (first request loads the route modules), then measure from there.
  await fetch(`${server.url}/api/status`)
  baseline = await rssOf(server.pid)
  sampler = setInterval(
    () =>
      void rssOf(server.pid).then(
        (r) => (peak = Math.max(peak, r)),
        () => {},
      ),
    100,
  )
}, 120_000)
afterAll(async () => {
  clearInterval(sampler)
  await server?.stop()
})

async function send(c: HostileCase) {
  const { body, contentType } = multipartBody([
    { field: 'questionnaire', file: { ...c.questionnaire, rawNameParam: c.rawQuestionnaireName } },
    ...c.evidence.map((f) => ({ field: 'evidence', file: f })),
  ])
  const res = await fetch(`${server.url}/api/fill`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function finished(jobId: string) {
  const until = Date.now() + 90_000
  for (;;) {
    const res = await fetch(`${server.url}/api/status/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
    const body = (await res.json()) as Record<string, any>
    if (body.status !== 'processing') return body
    if (Date.now() > until) throw new Error(`job ${jobId} still processing`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe('the hostile corpus through the API', () => {
  const names = [
    'zip bomb (.zip evidence)',
    'zip bomb (.xlsx questionnaire)',
    'zip bomb (.docx evidence)',
    'zip bomb (.xlsx evidence)',
    'zip with 6,000 entries',
    'flate bomb in a PDF',
    'entity expansion in a .docx',
    'entity expansion in an .xlsx questionnaire',
    'XXE in a .docx',
    'traversal names inside a zip',
    'EICAR as evidence',
    'EICAR inside a zip',
    'ELF binary named policy.pdf',
    'PNG named as an .xlsx questionnaire',
    'PDF named .docx',
    '200,000 question rows',
    'a 6 MB cell',
    'a Latin-1 file name',
    'an RFC 5987 file name',
    "a name with '=', ';' and '<'",
    'a 300-character name',
    'a path as the file name',
  ]
  it('has a case for every kind of hostile file', () => {
    expect(corpus.map((c) => c.name)).toEqual(names)
  })

  for (const name of names) {
    it(
      name,
      async () => {
        const c = corpus.find((x) => x.name === name)!
        const res = await send(c)
        if ('reject' in c.expect) {
          expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400)
          expect(res.status).toBeLessThan(500)
          expect(res.body.error.message).toMatch(c.expect.reject)
          // Refused files are never stored.
          expect((await db.sql`select count(*)::int as n from files`)[0]!.n).toBe(0)
        } else {
          expect(res.status, JSON.stringify(res.body)).toBe(202)
          const job = await finished(res.body.jobId)
          expect(job.status, JSON.stringify(job)).toBe(c.expect.job)
          if (c.expect.message) expect(job.error).toMatch(c.expect.message)
          if (c.expect.job === 'failed') expect(job.error).not.toBe('AI processing encountered an error')
          if (c.expect.storedName) {
            const [row] = await db.sql<
              { name: string }[]
            >`select questionnaire_name as name from jobs where id = ${res.body.jobId}`
            expect(row!.name).toBe(c.expect.storedName)
          }
          if (c.expect.job === 'completed') {
            const answers = await fetch(`${server.url}/api/result/${res.body.jobId}/xlsx`, {
              headers: { authorization: `Bearer ${token}` },
            })
            const bytes = Buffer.from(await answers.arrayBuffer())
            expect(bytes.includes('root:x:0')).toBe(false) // XXE never resolved
          }
          await db.sql`delete from files`
        }
        const status = await fetch(`${server.url}/api/status`)
        expect(status.status).toBe(200)
      },
      120_000,
    )
  }

  it('keeps the server up with resident memory growth under 300 MB', async () => {
    const growth = (peak - baseline) / 1024 / 1024
    console.log(
      `hostile corpus: web process RSS ${Math.round(baseline / 1024 / 1024)} MB → peak ${Math.round(peak / 1024 / 1024)} MB (+${Math.round(growth)} MB)`,
    )
    expect(server.output()).not.toMatch(/exited|FATAL/)
    expect(growth).toBeLessThan(300)
  })
})
