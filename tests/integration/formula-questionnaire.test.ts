import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { UNREADABLE_QUESTION } from '../../app/questionnaire/model'
import { formulaWorkbook, hostileFormulaWorkbook } from '../fixtures/questionnaires/formula-workbooks'
import { useTestDatabase } from '../setup/database'
import { evidenceMd } from '../support/files'
import { multipartBody } from '../support/multipart'
import { startServer, type TestServer } from '../support/server'

/**
 * Issue 19 through the real API and worker: questionnaires whose question text is formulas saved without their
 * results are answered; rows QFill cannot read come back flagged; a file most of whose questions it cannot read
 * fails with a message saying what to do; a hostile formula workbook ends.
 */
const db = useTestDatabase()
let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro' })).token
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const auth = () => ({ authorization: `Bearer ${token}` })

async function fill(bytes: Uint8Array): Promise<Record<string, any>> {
  const { body, contentType } = multipartBody([
    { field: 'questionnaire', file: { name: 'vendor.xlsx', bytes } },
    { field: 'evidence', file: { name: 'policy.md', bytes: evidenceMd() } },
  ])
  const res = await fetch(`${server.url}/api/fill`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { ...auth(), 'content-type': contentType },
  })
  const accepted = (await res.json()) as Record<string, any>
  expect(res.status, JSON.stringify(accepted)).toBe(202)
  // Waits for the job to end; how long it takes is not what is tested.
  for (let polls = 0; polls < 600; polls++) {
    const status = (await (
      await fetch(`${server.url}/api/status/${accepted.jobId}`, { headers: auth() })
    ).json()) as Record<string, any>
    if (status.status !== 'processing' && status.status !== 'queued') return status
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`job ${accepted.jobId} did not end`)
}

describe('questionnaires whose questions are formulas saved without results, through the API', () => {
  it('answers them, with the rows QFill cannot read flagged in answers.json', async () => {
    const job = await fill(formulaWorkbook({ cached: false, unsupported: [1] }))
    expect(job.status, JSON.stringify(job)).toBe('completed')
    const res = await fetch(`${server.url}/api/result/${job.jobId}/json`, { headers: auth() })
    const answers = (await res.json()) as {
      questions: { id: string; question: string; flagged: boolean; reason: string }[]
    }
    expect(answers.questions).toHaveLength(8)
    expect(answers.questions.find((q) => q.id === 'ORG-02')).toMatchObject({
      question: '',
      flagged: true,
      reason: UNREADABLE_QUESTION,
    })
    expect(answers.questions.find((q) => q.id === 'ORG-01')!.question).toBe(
      'Do you have a dedicated information security team?',
    )
  }, 180_000)

  it('fails a questionnaire most of whose questions it cannot read, with a message saying what to do', async () => {
    const job = await fill(formulaWorkbook({ cached: false, unsupported: [0, 1, 2, 3, 4, 5] }))
    expect(job.status, JSON.stringify(job)).toBe('failed')
    expect(job.error).toMatch(
      /could not read most of its questions \(6 of 8\).*Open and save the file in Excel, then upload it again\./,
    )
  }, 180_000)

  it('ends on a hostile formula workbook (chains, circles, whole-column sums), with the questions read', async () => {
    const job = await fill(hostileFormulaWorkbook())
    expect(job.status, JSON.stringify(job)).toBe('completed')
    const res = await fetch(`${server.url}/api/result/${job.jobId}/json`, { headers: auth() })
    const answers = (await res.json()) as { questions: unknown[]; summary: { notes: string[] } }
    expect(answers.questions).toHaveLength(8)
    expect(answers.summary.notes.join('\n')).toMatch(
      /QFill computed [\d,]+ of [\d,]+ itself; the other [\d,]+ were read as empty/,
    )
    expect((await fetch(`${server.url}/api/status`)).status).toBe(200)
  }, 180_000)
})
