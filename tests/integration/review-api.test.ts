import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, readSheet } from '../support/files'
import { cellsOf, changedCells, reviewQuestionnaireXlsx } from '../support/review'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let server: TestServer
let token: string
let otherToken: string
let jobId: string

const auth = (t = token) => ({ authorization: `Bearer ${t}` })

async function download(kind: 'xlsx' | 'pdf' | 'json', t = token) {
  const res = await fetch(`${server.url}/api/result/${jobId}/${kind}`, { headers: auth(t) })
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

async function patch(body: unknown, headers: Record<string, string> = auth()) {
  const res = await fetch(`${server.url}/api/answers/${jobId}`, {
    method: 'PATCH',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro', email: 'ops@example.com' })).token
  otherToken = (await createToken(db.sql, { plan: 'pro' })).token
  const form = new FormData()
  form.append('questionnaire', new Blob([new Uint8Array(reviewQuestionnaireXlsx())]), 'vendor.xlsx')
  form.append('evidence', new Blob([new Uint8Array(evidenceMd())]), 'policy.md')
  const res = await fetch(`${server.url}/api/fill`, { method: 'POST', body: form, headers: auth() })
  expect(res.status).toBe(202)
  jobId = ((await res.json()) as { jobId: string }).jobId
  const until = Date.now() + 30_000
  for (;;) {
    const status = (await (await fetch(`${server.url}/api/status/${jobId}`, { headers: auth() })).json()) as {
      status: string
    }
    if (status.status === 'completed') break
    if (status.status === 'failed' || Date.now() > until) throw new Error(`job ${jobId}: ${JSON.stringify(status)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
})
afterAll(async () => {
  await server?.stop()
})

describe('GET and PATCH /api/answers/{jobId}', () => {
  it('gives answers.json to the job’s token, by bearer or x-api-key', async () => {
    const res = await fetch(`${server.url}/api/answers/${jobId}`, { headers: { 'x-api-key': token } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, any>
    expect(body.questionnaire).toBe('vendor.xlsx')
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual(['AC-1', 'EN-1', 'LG-1', 'PH-1', 'BC-1', 'HO-1'])
    expect(body.questions.some((q: { confirmed?: true }) => q.confirmed)).toBe(false)
  })

  it('answers 404 to another token, for reading and for changing, exactly as for a job that does not exist', async () => {
    const read = await fetch(`${server.url}/api/answers/${jobId}`, { headers: auth(otherToken) })
    expect(read.status).toBe(404)
    expect(await read.json()).toEqual({ error: { code: 'job_not_found', message: `No job ${jobId} for this token.` } })
    const change = await patch([{ id: 'AC-1', answer: 'No' }], auth(otherToken))
    expect(change.status).toBe(404)
    const missing = await fetch(`${server.url}/api/answers/${'x'.repeat(24)}`, { headers: auth() })
    expect(missing.status).toBe(404)
    const none = await fetch(`${server.url}/api/answers/${jobId}`)
    expect(none.status).toBe(401)
  })

  it('refuses a value outside a cell’s list, row by row, and changes nothing', async () => {
    const before = await download('xlsx')
    const res = await patch([
      { id: 'AC-1', answer: 'No' },
      { id: 'EN-1', answer: 'Maybe' },
      { id: 'ZZ-9', answer: 'Yes' },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_answers')
    expect(res.body.error.details).toEqual([
      { index: 1, id: 'EN-1', message: '"Maybe" is not one of the allowed values for EN-1: Yes, No, N/A.' },
      { index: 2, id: 'ZZ-9', message: 'There is no question ZZ-9 in this questionnaire.' },
    ])
    expect(await download('xlsx')).toEqual(before)
    const answers = (await (await fetch(`${server.url}/api/answers/${jobId}`, { headers: auth() })).json()) as Record<
      string,
      any
    >
    expect(answers.summary.confirmed ?? 0).toBe(0)
  })

  it('refuses bodies that are not a list of edits, saying what to send', async () => {
    expect((await patch('{not json')).body.error.code).toBe('invalid_json')
    const notList = await patch({ id: 'AC-1' })
    expect(notList.status).toBe(400)
    expect(notList.body.error.message).toContain('Send a JSON array of edits')
    const extra = await patch([{ id: 'AC-1', answer: 'Yes', colour: 'red' }])
    expect(extra.status).toBe(400)
    expect((await fetch(`${server.url}/api/answers/${jobId}`, { method: 'POST', headers: auth() })).status).toBe(405)
  })

  it('rebuilds the workbook with exactly the edited cells changed, and answers with the new summary', async () => {
    const before = await download('xlsx')
    const beforeAnswers = (await (
      await fetch(`${server.url}/api/answers/${jobId}`, { headers: auth() })
    ).json()) as Record<string, any>
    const res = await patch([
      { id: 'AC-1', answer: 'No', comment: 'Only for the cloud console, not for database hosts.' },
      { id: 'PH-1', answer: 'n/a' },
      { id: 'HO-1', answer: 'AWS, eu-west-1 and eu-central-1', comment: '' },
    ])
    expect(res.status).toBe(200)
    expect(res.body.summary.confirmed).toBe(3)
    const byId = new Map<string, Record<string, any>>(
      (res.body.questions as Record<string, any>[]).map((q) => [q.id, q]),
    )
    expect(byId.get('AC-1')).toMatchObject({ answer: 'NO', cellValue: 'No', confirmed: true, flagged: false })
    expect(byId.get('PH-1')).toMatchObject({ answer: 'N/A', cellValue: 'N/A', confirmed: true })
    expect(byId.get('HO-1')).toMatchObject({
      answer: 'AWS, eu-west-1 and eu-central-1',
      cellValue: 'AWS, eu-west-1 and eu-central-1',
      confirmed: true,
    })
    expect(byId.get('EN-1')!.confirmed).toBeUndefined()
    expect(res.body.summary.flagged).toBe(
      (res.body.questions as { flagged: boolean }[]).filter((q) => q.flagged).length,
    )

    const after = await download('xlsx')
    const changed = changedCells(cellsOf(before, 'Questions'), cellsOf(after, 'Questions'))
    const expected = ['C4', 'D4', 'C7', 'C9']
    // PH-1's comment and HO-1's comment change only if they had one.
    if (byId.get('PH-1')!.comment !== beforeAnswers.questions[3].comment) expected.push('D7')
    if (beforeAnswers.questions[5].comment) expected.push('D9')
    expect(changed).toEqual(expected.sort())
    const cells = cellsOf(after, 'Questions')
    expect(cells.get('C4')).toBe('No')
    expect(cells.get('D4')).toBe('Only for the cloud console, not for database hosts.')
    expect(cells.get('C7')).toBe('N/A')
    expect(cells.get('C9')).toBe('AWS, eu-west-1 and eu-central-1')
    expect(cells.get('B11')).toBe('=COUNTIF(C4:C8,"Yes")')
    expect(changedCells(cellsOf(before, 'Instructions'), cellsOf(after, 'Instructions'))).toEqual([])

    const summary = readSheet(after, '_SUMMARY')
    expect(summary.find((r) => r[0] === 'Confirmed by you')?.[1]).toBe('3')
    const header = summary.findIndex((r) => r[0] === 'ID')
    const confirmedColumn = summary[header]!.indexOf('Confirmed by you')
    const confirmedIds = summary
      .slice(header + 1)
      .filter((r) => r[confirmedColumn] === 'YES')
      .map((r) => r[0])
    expect(confirmedIds).toEqual(['AC-1', 'PH-1', 'HO-1'])

    const json = JSON.parse(new TextDecoder().decode(await download('json')))
    expect(json.summary.confirmed).toBe(3)
    const status = (await (await fetch(`${server.url}/api/status/${jobId}`, { headers: auth() })).json()) as Record<
      string,
      any
    >
    expect(status.flaggedQuestions).toBe(res.body.summary.flagged)
  })

  it('does not extend retention, and answers 410 once the files are purged', async () => {
    const [job] = await db.sql<
      { expires: Date; completed: Date }[]
    >`select expires_at as expires, completed_at as completed from jobs where id = ${jobId}`
    expect(job!.expires.getTime() - job!.completed.getTime()).toBe(60 * 60 * 1000)
    await db.sql`update jobs set expires_at = now() - interval '1 second' where id = ${jobId}`
    const res = await fetch(`${server.url}/api/answers/${jobId}`, { headers: auth() })
    expect(res.status).toBe(410)
    expect((await patch([{ id: 'AC-1', answer: 'Yes' }])).status).toBe(410)
  })
})
