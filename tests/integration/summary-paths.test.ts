import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import type { AnswersJson, RunSummary } from '../../app/answering/model'
import { projectRoot } from '../../app/infra/project-root.server'
import { buildXlsx } from '../fixtures/questionnaires/xlsx-builder'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, readSheet } from '../support/files'
import { startServer, type TestServer } from '../support/server'

/**
 * One summary, whichever path edits the answers (issue 15): the same three edits made through the review form,
 * PATCH /api/answers and `qfill apply` give the same figures in answers.json and on the _SUMMARY sheet, and
 * "answered" is what the completed workbook really holds: answers written by QFill or by the person, plus
 * answers kept from the uploaded file.
 */
const db = useTestDatabase()
let server: TestServer
let token: string
let cookie: string

// Five questions for the machine (three the evidence answers, two it is silent on) and three already answered in
// the uploaded file, which are kept.
const ROWS = [
  ['AC-1', 'Do you require multi-factor authentication for administrative access to production systems?', ''],
  ['EN-1', 'Is customer data encrypted at rest?', ''],
  ['LG-1', 'Are security events from production systems logged centrally?', ''],
  ['PH-1', 'Do you operate your own physical data centres with biometric locks?', ''],
  ['BC-1', 'Do you test your business continuity plan every year?', ''],
  ['VM-1', 'Do you maintain a vendor management program?', 'Yes'],
  ['HR-1', 'Do you perform background checks on new employees?', 'Yes'],
  ['IN-1', 'Do you hold cyber liability insurance?', 'No'],
] as const
const FIRST_ROW = 4

function questionnaire(): Uint8Array {
  return buildXlsx({
    sheets: [
      {
        name: 'Questions',
        rows: [['Vendor questionnaire'], [], ['ID', 'Question', 'Answer', 'Comments'], ...ROWS.map((r) => [...r, ''])],
        lists: [{ sqref: `C${FIRST_ROW}:C${FIRST_ROW + ROWS.length - 1}`, formula: '"Yes,No,N/A"' }],
      },
    ],
  })
}

const rowOf = (id: string) => FIRST_ROW + ROWS.findIndex((r) => r[0] === id)
const keyOf = (id: string) => `Questions!${rowOf(id)}`

/** The edits every path makes: two answers the evidence could not give, and one machine answer accepted as is. */
const EDITS = [
  { id: 'PH-1', answer: 'No', comment: 'We run in our cloud provider’s data centres.' },
  { id: 'BC-1', answer: 'Yes' },
  { id: 'AC-1' },
] as const

const auth = () => ({ authorization: `Bearer ${token}` })

async function submit(): Promise<string> {
  const form = new FormData()
  form.append('questionnaire', new Blob([new Uint8Array(questionnaire())]), 'vendor.xlsx')
  form.append('evidence', new Blob([new Uint8Array(evidenceMd())]), 'policy.md')
  const res = await fetch(`${server.url}/api/fill`, { method: 'POST', body: form, headers: auth() })
  expect(res.status).toBe(202)
  const { jobId } = (await res.json()) as { jobId: string }
  const until = Date.now() + 60_000
  for (;;) {
    const status = (await (await fetch(`${server.url}/api/status/${jobId}`, { headers: auth() })).json()) as {
      status: string
    }
    if (status.status === 'completed') return jobId
    if (status.status === 'failed' || Date.now() > until) throw new Error(`job ${jobId}: ${JSON.stringify(status)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function download(jobId: string, kind: 'xlsx' | 'json'): Promise<Uint8Array> {
  const res = await fetch(`${server.url}/api/result/${jobId}/${kind}`, { headers: auth() })
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

/** What each path produced: its answers.json and its completed workbook. */
interface Outcome {
  answers: AnswersJson
  xlsx: Uint8Array
}

async function jobOutcome(jobId: string): Promise<Outcome> {
  const answers = JSON.parse(new TextDecoder().decode(await download(jobId, 'json'))) as AnswersJson
  return { answers, xlsx: await download(jobId, 'xlsx') }
}

async function reviewForm(jobId: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}/jobs/${jobId}/review`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { origin: server.url, cookie },
    redirect: 'manual',
  })
  expect([200, 302, 303]).toContain(res.status)
}

/** Answer cells that hold something in the completed workbook: what a customer receives. */
function answersInWorkbook(xlsx: Uint8Array): number {
  const rows = readSheet(xlsx, 'Questions')
  return ROWS.filter((_, i) => (rows[FIRST_ROW - 1 + i]?.[2] ?? '') !== '').length
}

/** The _SUMMARY sheet's "Answered" and "Flagged for review" figures. */
function summarySheet(xlsx: Uint8Array) {
  const row = readSheet(xlsx, '_SUMMARY').find((r) => r[0] === 'Questions')!
  return { questions: Number(row[1]), answered: Number(row[3]), flagged: Number(row[5]) }
}

const COUNTED = ['questions', 'answered', 'flagged', 'confirmed', 'averageConfidence', 'buckets', 'topReasons'] as const
const counted = (s: RunSummary) => Object.fromEntries(COUNTED.map((k) => [k, s[k]]))

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro' })).token
  const signIn = await fetch(`${server.url}/upload`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'access', token, terms: 'on' }),
    headers: { origin: server.url },
    redirect: 'manual',
  })
  expect(signIn.status).toBe(302)
  cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

describe('one summary for the pipeline, review, PATCH /api/answers and qfill apply', () => {
  it('agree on the same edits, and count what the workbook holds', async () => {
    const [viaReview, viaApi, viaCli] = await Promise.all([submit(), submit(), submit()])

    // Before any edit: the pipeline's figures, kept answers included.
    const machine = await jobOutcome(viaCli)
    expect(answersInWorkbook(machine.xlsx)).toBe(6)
    expect(machine.answers.summary).toMatchObject({ questions: 8, answered: 6 })
    expect(machine.answers.summary.confirmed).toBeUndefined()
    expect(machine.answers.questions.filter((q) => q.preexisting).map((q) => q.id)).toEqual(['VM-1', 'HR-1', 'IN-1'])
    expect(summarySheet(machine.xlsx)).toMatchObject({ questions: 8, answered: 6 })

    // 1. The review screen's form (one row at a time, as autosave sends them), then "Save and rebuild".
    for (const edit of EDITS) {
      // The page's form without JavaScript: the row, its fields, and its Accept button.
      const key = keyOf(edit.id)
      const fields: Record<string, string> = { row: key, intent: `accept:${key}` }
      if ('answer' in edit) fields[`answer:${key}`] = edit.answer
      if ('comment' in edit) fields[`comment:${key}`] = edit.comment
      await reviewForm(viaReview, fields)
    }
    await reviewForm(viaReview, { intent: 'rebuild' })
    const review = await jobOutcome(viaReview)

    // 2. PATCH /api/answers.
    const patched = await fetch(`${server.url}/api/answers/${viaApi}`, {
      method: 'PATCH',
      body: JSON.stringify(EDITS),
      headers: { 'content-type': 'application/json', ...auth() },
    })
    expect(patched.status).toBe(200)
    const api = await jobOutcome(viaApi)
    expect(((await patched.json()) as AnswersJson).summary).toEqual(api.answers.summary)

    // 3. qfill apply, on the machine's answers.json with the same edits marked confirmed.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-summary-paths-'))
    writeFileSync(path.join(dir, 'vendor.xlsx'), questionnaire())
    const edited = structuredClone(machine.answers)
    for (const edit of EDITS) {
      const q = edited.questions.find((x) => x.id === edit.id)!
      if ('answer' in edit) q.answer = edit.answer
      if ('comment' in edit) q.comment = edit.comment
      q.confirmed = true
    }
    writeFileSync(path.join(dir, 'edited.answers.json'), JSON.stringify(edited))
    await promisify(execFile)(
      process.execPath,
      [
        path.join(projectRoot(), 'bin/qfill.js'),
        'apply',
        path.join(dir, 'vendor.xlsx'),
        '--answers',
        path.join(dir, 'edited.answers.json'),
        '--out',
        path.join(dir, 'out'),
      ],
      { env: { ...process.env, DATABASE_URL: '' } },
    )
    const cli: Outcome = {
      answers: JSON.parse(readFileSync(path.join(dir, 'out', 'vendor.answers.json'), 'utf8')) as AnswersJson,
      xlsx: new Uint8Array(readFileSync(path.join(dir, 'out', 'vendor.completed.xlsx'))),
    }

    for (const [name, outcome] of Object.entries({ review, api, cli })) {
      // Eight answers in the workbook: five from QFill or the person (two of them the edits), three kept.
      expect(answersInWorkbook(outcome.xlsx), name).toBe(8)
      expect(outcome.answers.summary, name).toMatchObject({ questions: 8, answered: 8, confirmed: 3 })
      expect(summarySheet(outcome.xlsx), name).toEqual({
        questions: 8,
        answered: 8,
        flagged: outcome.answers.summary.flagged,
      })
    }
    expect(counted(api.answers.summary)).toEqual(counted(review.answers.summary))
    expect(counted(cli.answers.summary)).toEqual(counted(review.answers.summary))
  }, 180_000)
})
