import { existsSync } from 'node:fs'
import path from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { apiErrorSchema } from '../../app/api/schemas/common'
import { deleteResult, fillAccepted, jobStatus, type JobStatusJson } from '../../app/api/schemas/jobs'
import { projectRoot } from '../../app/project-root.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

// The built package entry, as a tester imports it (`import { createQfillMock } from 'qfill/msw'`).
const entry = path.join(projectRoot(), 'dist/msw/index.js')
if (!existsSync(entry))
  throw new Error('No dist/msw build: run "npm run build" (npm test does) or "npm run build:msw".')
// A computed specifier: type-checking runs before the build, so it must not need dist/ to exist.
const packageEntry = 'qfill/msw'
const { createQfillMock } = (await import(/* @vite-ignore */ packageEntry)) as typeof import('../../app/api/msw/index')

const MOCK_URL = 'https://qfill.mock.test'
const db = useTestDatabase()
const mock = createQfillMock({ baseUrl: MOCK_URL, pollsUntilDone: 2 })
const msw = setupServer(...mock.handlers)
let server: TestServer
let token: string

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: 'bypass' })
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro' })).token
})
afterEach(() => mock.reset())
afterAll(async () => {
  msw.close()
  await server?.stop()
})

/** The client a tester would write: the same calls go to the real server and to the mock. */
function client(baseUrl: string, credential: string) {
  const headers = { authorization: `Bearer ${credential}` }
  const errorOf = async (res: Response) => ({
    status: res.status,
    body: apiErrorSchema.parse(await res.json()),
    retryAfter: res.headers.get('retry-after'),
  })
  return {
    async submit(files: { questionnaire: [string, Uint8Array]; evidence?: [string, Uint8Array][] }) {
      const form = new FormData()
      form.append('questionnaire', new Blob([new Uint8Array(files.questionnaire[1])]), files.questionnaire[0])
      for (const [name, bytes] of files.evidence ?? []) form.append('evidence', new Blob([new Uint8Array(bytes)]), name)
      const res = await fetch(`${baseUrl}/api/fill`, { method: 'POST', body: form, headers })
      return res.status === 202
        ? { ok: true as const, body: fillAccepted.parse(await res.json()) }
        : { ok: false as const, ...(await errorOf(res)) }
    },
    async status(jobId: string): Promise<JobStatusJson> {
      const res = await fetch(`${baseUrl}/api/status/${jobId}`, { headers })
      expect(res.status).toBe(200)
      return jobStatus.parse(await res.json())
    },
    async poll(jobId: string): Promise<{ final: JobStatusJson; seen: string[] }> {
      const seen: string[] = []
      for (let i = 0; i < 150; i++) {
        const s = await this.status(jobId)
        seen.push(s.status)
        if (s.status !== 'processing') return { final: s, seen }
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error(`job ${jobId} never finished`)
    },
    async download(jobId: string, kind: 'xlsx' | 'pdf' | 'json') {
      const res = await fetch(`${baseUrl}/api/result/${jobId}/${kind}`, { headers })
      return res.ok
        ? { ok: true as const, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') }
        : { ok: false as const, ...(await errorOf(res)) }
    },
    async remove(jobId: string) {
      const res = await fetch(`${baseUrl}/api/delete-files/${jobId}`, { method: 'DELETE', headers })
      expect(res.status).toBe(200)
      return deleteResult.parse(await res.json())
    },
  }
}

const targets = () => [
  { name: 'real server', api: client(server.url, token) },
  { name: 'qfill/msw', api: client(MOCK_URL, 'any-token-works-here') },
]

describe('the same client calls against the real server and the MSW handlers', () => {
  it('processing → completed, download, delete, then 410', async () => {
    for (const { name, api } of targets()) {
      const submitted = await api.submit({
        questionnaire: ['vendor.csv', questionnaireCsv()],
        evidence: [['policy.md', evidenceMd()]],
      })
      expect(submitted.ok, name).toBe(true)
      if (!submitted.ok) continue
      expect(submitted.body.evidenceCount).toBe(1)
      const { final } = await api.poll(submitted.body.jobId)
      expect(final.status, name).toBe('completed')
      if (final.status !== 'completed') continue
      expect(final.xlsx).toBe(`/api/result/${submitted.body.jobId}/xlsx`)
      const xlsx = await api.download(submitted.body.jobId, 'xlsx')
      expect(xlsx.ok && [...xlsx.bytes.slice(0, 2)], name).toEqual([0x50, 0x4b]) // a zip: a real workbook
      const pdf = await api.download(submitted.body.jobId, 'pdf')
      expect(pdf.ok && new TextDecoder().decode(pdf.bytes.slice(0, 5)), name).toBe('%PDF-')
      expect((await api.remove(submitted.body.jobId)).success).toBe(true)
      const gone = await api.download(submitted.body.jobId, 'xlsx')
      expect(gone.ok ? 200 : gone.status, name).toBe(410)
      expect(!gone.ok && gone.body.error.message, name).toBe('Files have been deleted due to 1-hour security policy')
      expect((await api.status(submitted.body.jobId)).status).toBe('completed')
    }
  })

  it('401 for a bad token', async () => {
    mock.use('unauthorized')
    for (const [name, api] of [
      ['real', client(server.url, 'qf_not-a-real-token-0000')],
      ['mock', client(MOCK_URL, 'x-token-0000')],
    ] as const) {
      const res = await api.submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
      expect(res.ok ? 202 : res.status, name).toBe(401)
    }
  })

  it('402 when the quota is spent', async () => {
    const single = (await createToken(db.sql, { plan: 'single' })).token
    const real = client(server.url, single)
    expect((await real.submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })).ok).toBe(true)
    const spent = await real.submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
    mock.use('quota')
    const mocked = await client(MOCK_URL, 't').submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
    for (const res of [spent, mocked]) {
      expect(res.ok ? 202 : res.status).toBe(402)
      expect(!res.ok && res.body.error.code).toBe('quota_exhausted')
    }
  })

  it('413 for an evidence file over 25 MB', async () => {
    const huge = new Uint8Array(25 * 1024 * 1024 + 1).fill(65)
    const real = await client(server.url, token).submit({
      questionnaire: ['vendor.csv', questionnaireCsv()],
      evidence: [['huge.txt', huge]],
    })
    mock.use('too-large')
    const mocked = await client(MOCK_URL, 't').submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
    for (const res of [real, mocked]) expect(res.ok ? 202 : res.status).toBe(413)
  })
})

describe('scenarios only the mock can stage on demand (validated with the same schemas)', () => {
  const api = client(MOCK_URL, 't')
  it('failed job', async () => {
    mock.use('failed')
    const submitted = await api.submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
    if (!submitted.ok) throw new Error('submit failed')
    const { final, seen } = await api.poll(submitted.body.jobId)
    expect(seen.slice(0, 2)).toEqual(['processing', 'processing'])
    expect(final.status).toBe('failed')
    expect(final.error).toMatch(/could not be read/)
    const res = await api.download(submitted.body.jobId, 'xlsx')
    expect(res.ok ? 200 : res.status).toBe(409)
  })

  it('expired files: completed, no links, downloads answer 410', async () => {
    mock.use('expired')
    const submitted = await api.submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
    if (!submitted.ok) throw new Error('submit failed')
    const { final } = await api.poll(submitted.body.jobId)
    expect(final.status === 'completed' && final.xlsx).toBeNull()
    const res = await api.download(submitted.body.jobId, 'pdf')
    expect(res.ok ? 200 : res.status).toBe(410)
  })

  it('429 with Retry-After', async () => {
    mock.use('rate-limited')
    const res = await api.submit({ questionnaire: ['vendor.csv', questionnaireCsv()] })
    expect(res.ok ? 202 : [res.status, res.retryAfter, res.body.error.code]).toEqual([429, '30', 'rate_limited'])
  })
})
