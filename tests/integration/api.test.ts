import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, QUESTIONS, questionnaireCsv, questionnaireXlsx, readSheet, sheetNames } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let server: TestServer
let token: string
let otherToken: string

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro', email: 'ops@example.com' })).token
  otherToken = (await createToken(db.sql, { plan: 'pro' })).token
})
afterAll(async () => {
  await server?.stop()
})

function fillForm(
  files: { field: string; name: string; bytes: Uint8Array | string }[],
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  // Text fields (the token) go before the files: the server reads no file before it knows the sender.
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files)
    form.append(f.field, new Blob([typeof f.bytes === 'string' ? f.bytes : new Uint8Array(f.bytes)]), f.name)
  return form
}

async function fill(form: FormData, headers: Record<string, string> = { authorization: `Bearer ${token}` }) {
  const res = await fetch(`${server.url}/api/fill`, { method: 'POST', body: form, headers })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function completed(jobId: string, bearer = token) {
  const until = Date.now() + 30_000
  for (;;) {
    const res = await fetch(`${server.url}/api/status/${jobId}`, { headers: { authorization: `Bearer ${bearer}` } })
    const body = (await res.json()) as Record<string, any>
    if (body.status !== 'processing') return body
    if (Date.now() > until) throw new Error(`job ${jobId} still processing: ${JSON.stringify(body)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function stillServing() {
  const res = await fetch(`${server.url}/api/status`)
  expect(await res.json()).toEqual({ ok: true })
}

describe('the fill API', () => {
  it('answers GET /api/status', async () => {
    await stillServing()
  })

  it('takes a CSV and evidence, runs the job, and serves both results', async () => {
    const { status, body } = await fill(
      fillForm([
        { field: 'questionnaire', name: 'vendor.csv', bytes: questionnaireCsv() },
        { field: 'evidence', name: 'policy.md', bytes: evidenceMd() },
      ]),
    )
    expect(status).toBe(202)
    expect(body).toMatchObject({ jobId: expect.stringMatching(/^[a-z0-9]{24}$/), evidenceCount: 1 })
    const result = await completed(body.jobId)
    expect(result).toMatchObject({
      status: 'completed',
      error: null,
      progress: { processed: QUESTIONS.length, total: QUESTIONS.length },
      xlsx: `/api/result/${body.jobId}/xlsx`,
      pdf: `/api/result/${body.jobId}/pdf`,
      flaggedQuestions: expect.any(Number),
      averageConfidence: expect.any(Number),
    })
    expect(Date.parse(result.expires) - Date.now()).toBeGreaterThan(55 * 60 * 1000)

    const xlsx = await fetch(`${server.url}${result.xlsx}`, { headers: { authorization: `Bearer ${token}` } })
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('content-disposition')).toBe(`attachment; filename="questionnaire-${body.jobId}.xlsx"`)
    const bytes = new Uint8Array(await xlsx.arrayBuffer())
    // A CSV comes back as a clean workbook: its own columns (ID, Question, Answer, Comments) and ours after them.
    const rows = readSheet(bytes, sheetNames(bytes)[0]!)
    expect(rows[0]!.slice(0, 4)).toEqual(['ID', 'Question', 'Answer', 'Comments'])
    expect(rows.find((r) => r[0] === 'EN-1')?.[2]).toBe('Yes')

    const pdf = await fetch(`${server.url}${result.pdf}`, { headers: { authorization: `Bearer ${token}` } })
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="questionnaire-${body.jobId}.pdf"`)
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })

  it('accepts the token as an x-api-key header or a form field, and an .xlsx questionnaire', async () => {
    const viaHeader = await fill(
      fillForm([{ field: 'questionnaire', name: 'Vendor.XLSX', bytes: questionnaireXlsx() }]),
      { 'x-api-key': token },
    )
    expect(viaHeader.status).toBe(202)
    const viaField = await fill(
      fillForm([{ field: 'questionnaire', name: 'vendor.csv', bytes: questionnaireCsv() }], { token }),
      {},
    )
    expect(viaField.status).toBe(202)
    expect(viaField.body.evidenceCount).toBe(0)
    expect((await completed(viaHeader.body.jobId)).status).toBe('completed')
  })

  it('deletes files on request; downloads then say they are gone', async () => {
    const { body } = await fill(fillForm([{ field: 'questionnaire', name: 'vendor.csv', bytes: questionnaireCsv() }]))
    await completed(body.jobId)
    const del = await fetch(`${server.url}/api/delete-files/${body.jobId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(await del.json()).toEqual({
      success: true,
      message: `All files for job ${body.jobId} have been removed from our servers.`,
    })
    const gone = await fetch(`${server.url}/api/result/${body.jobId}/xlsx`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(gone.status).toBe(410)
    expect((await completed(body.jobId)).xlsx).toBeNull()
  })
})

describe('bad input gets a clear message and the right status, and the server keeps serving', () => {
  const cases: [string, () => Promise<{ status: number; body: Record<string, any> }>, number, RegExp][] = [
    [
      'wrong extension',
      () => fill(fillForm([{ field: 'questionnaire', name: 'questions.txt', bytes: 'Question\nDo you?' }])),
      400,
      /Please upload XLSX, XLS, DOCX, or CSV files only/,
    ],
    [
      'empty questionnaire',
      () => fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: '' }])),
      400,
      /empty \(0 bytes\)/,
    ],
    [
      'missing questionnaire',
      () => fill(fillForm([{ field: 'evidence', name: 'policy.md', bytes: evidenceMd() }])),
      400,
      /Please upload a questionnaire file first/,
    ],
    [
      'evidence of a type we do not read',
      () =>
        fill(
          fillForm([
            { field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() },
            { field: 'evidence', name: 'photo.png', bytes: 'png' },
          ]),
        ),
      400,
      /photo\.png: Please upload PDF, DOC, DOCX, TXT/,
    ],
    [
      'an .xlsx that is really text',
      () => fill(fillForm([{ field: 'questionnaire', name: 'q.xlsx', bytes: 'ID,Question\n1,Do you?' }])),
      400,
      /not really a \.xlsx file/,
    ],
    [
      'eleven evidence files',
      () =>
        fill(
          fillForm([
            { field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() },
            ...Array.from({ length: 11 }, (_, i) => ({ field: 'evidence', name: `e${i}.md`, bytes: evidenceMd() })),
          ]),
        ),
      400,
      /Maximum 10 evidence files/,
    ],
    [
      'an evidence file over 25 MB',
      () =>
        fill(
          fillForm([
            { field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() },
            { field: 'evidence', name: 'huge.txt', bytes: new Uint8Array(25 * 1024 * 1024 + 1).fill(65) },
          ]),
        ),
      413,
      /huge\.txt: Please upload files smaller than 25MB/,
    ],
    [
      'a body that is not multipart',
      async () => {
        const res = await fetch(`${server.url}/api/fill`, {
          method: 'POST',
          body: '{}',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        })
        return { status: res.status, body: await res.json() }
      },
      400,
      /multipart\/form-data/,
    ],
    [
      'a bad token',
      () =>
        fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() }]), {
          authorization: 'Bearer not-a-real-token-at-all',
        }),
      401,
      /Token not found or expired/,
    ],
    [
      'no token',
      () => fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() }]), {}),
      401,
      /access token is required/,
    ],
    [
      'an unknown job id',
      async () => {
        const res = await fetch(`${server.url}/api/status/doesnotexist0000000000000`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return { status: res.status, body: await res.json() }
      },
      404,
      /No job doesnotexist0000000000000/,
    ],
  ]
  for (const [name, run, status, message] of cases) {
    it(name, async () => {
      const res = await run()
      expect(res.status).toBe(status)
      expect(res.body.error.message).toMatch(message)
      expect(res.body.error.code).toMatch(/^[a-z_]+$/)
      await stillServing()
    })
  }

  it("answers 404 for another token's job, exactly as for a job that does not exist", async () => {
    const { body } = await fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() }]))
    for (const path of [`/api/status/${body.jobId}`, `/api/result/${body.jobId}/xlsx`]) {
      const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${otherToken}` } })
      expect(res.status).toBe(404)
    }
    const del = await fetch(`${server.url}/api/delete-files/${body.jobId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${otherToken}` },
    })
    expect(del.status).toBe(404)
    expect((await completed(body.jobId)).status).toBe('completed')
  })

  it('spends no quota on a rejected upload', async () => {
    const { token: single, row } = await createToken(db.sql, { plan: 'single' })
    await fill(fillForm([{ field: 'questionnaire', name: 'q.txt', bytes: 'x' }]), { authorization: `Bearer ${single}` })
    expect((await db.sql`select used from tokens where id = ${row.id}`)[0]!.used).toBe(0)
    const ok = await fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() }]), {
      authorization: `Bearer ${single}`,
    })
    expect(ok.status).toBe(202)
    const spent = await fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: questionnaireCsv() }]), {
      authorization: `Bearer ${single}`,
    })
    expect(spent.status).toBe(402)
    expect(spent.body).toMatchObject({
      error: { code: 'quota_exhausted', message: 'Token quota exhausted. Purchase a plan to continue.' },
    })
  })

  it('parses the questionnaire in the worker: one with no questions ends as a failed job saying why, its quota given back', async () => {
    const { token: single, row } = await createToken(db.sql, { plan: 'single' })
    const res = await fill(fillForm([{ field: 'questionnaire', name: 'q.csv', bytes: 'Name,Value\nfoo,bar\n' }]), {
      authorization: `Bearer ${single}`,
    })
    expect(res.status).toBe(202)
    const done = await completed(res.body.jobId, single)
    expect(done.status).toBe('failed')
    expect(JSON.stringify(done)).toMatch(/no questions found/)
    expect((await db.sql`select used from tokens where id = ${row.id}`)[0]!.used).toBe(0)
  })
})
