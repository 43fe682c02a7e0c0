import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { projectRoot } from '../../app/infra/project-root.server'
import { purgeExpired } from '../../jobs/purge-expired-files'
import { useTestDatabase } from '../setup/database'
import {
  both,
  listen,
  MOCK_URL,
  qfillMsw,
  readmeResponses,
  shapeOf,
  target,
  type Step,
  type Target,
} from '../support/contract'
import { startServer, type TestServer } from '../support/server'

/**
 * The job endpoints, compared field by field: the real server (rate limits on, as in production) and
 * @qfill/msw answer the same requests, in the same order, with the same answers (tests/support/contract.ts).
 * A queued job is compared before any worker runs; then `qfill worker` runs the real jobs and the completed,
 * failed and cancelled states are compared, reviews and downloads included.
 */
const db = useTestDatabase()
let server: TestServer
let worker: ChildProcess | undefined
let targets: readonly [Target, Target]
let stopMock = () => {}
let qfill: ReturnType<typeof qfillMsw.createQfillMock>
let pro: string
let single: string
const { fixtureFiles } = qfillMsw

beforeAll(async () => {
  server = await startServer({
    databaseUrl: db.url,
    worker: false,
    env: { RATE_LIMITS: 'true', TRUST_PROXY: 'x-forwarded-for' },
  })
  const a = await createToken(db.sql, { plan: 'pro', email: 'contract@acme.example' })
  const b = await createToken(db.sql, { plan: 'single' })
  pro = a.token
  single = b.token
  const mock = qfillMsw.createQfillMock({
    baseUrl: MOCK_URL,
    pollsUntilDone: 1,
    tokens: {
      [pro]: { plan: 'pro', email: 'contract@acme.example', expiresAt: a.row.expiresAt },
      [single]: { plan: 'single', expiresAt: b.row.expiresAt },
    },
  })
  const msw = listen(mock.handlers)
  stopMock = () => msw.close()
  qfill = mock
  targets = [target('real', server.url), target('mock', MOCK_URL)]
}, 120_000)
afterAll(async () => {
  stopMock()
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once('exit', resolve))
    worker.kill('SIGTERM')
    await exited
  }
  await server?.stop()
})

const same = (step: Step) => both(targets, step)

type Part = [field: string, name: string, bytes: Uint8Array | string]
const upload =
  (parts: Part[], fields: Record<string, string> = {}): Step['body'] =>
  () => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const [field, name, bytes] of parts)
      form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name)
    return form
  }
const questionnaire: Part = ['questionnaire', fixtureFiles.questionnaire.name, fixtureFiles.questionnaire.bytes()]
const evidence: Part[] = fixtureFiles.evidence.map((f) => ['evidence', f.name, f.bytes()] as Part)
const fill = (body: Step['body'], token: string | null = pro, headers: Record<string, string> = {}): Step => ({
  method: 'POST',
  path: '/api/fill',
  token,
  headers,
  body,
})
const json = (value: unknown) => () => JSON.stringify(value)
const JSON_TYPE = { 'content-type': 'application/json' }

describe('submitting', () => {
  it('202 with jobId, evidenceCount and the status path; a repeated Idempotency-Key answers the same job', async () => {
    const accepted = await same(fill(upload([questionnaire, ...evidence]), pro, { 'idempotency-key': 'contract-1' }))
    expect(accepted).toMatchObject({
      status: 202,
      body: { jobId: 'job1', evidenceCount: 1, status: '/api/status/job1' },
    })
    const replay = await same(fill(upload([questionnaire, ...evidence]), pro, { 'idempotency-key': 'contract-1' }))
    expect(replay).toMatchObject({ status: 202, headers: { 'idempotent-replayed': 'true' }, body: accepted.body })
    expect((await same(fill(upload([questionnaire]), pro, { 'idempotency-key': 'contract-1' }))).status).toBe(422)

    qfill.use('failed') // the real server fails this questionnaire by itself
    const failing = fixtureFiles.failing
    expect((await same(fill(upload([['questionnaire', failing.name, failing.bytes()]])))).body).toMatchObject({
      jobId: 'job2',
    })
    qfill.use('completed')
    expect((await same(fill(upload([questionnaire, ...evidence])))).status).toBe(202) // job3: cancelled below
    expect((await same(fill(upload([questionnaire, ...evidence])))).status).toBe(202) // job4
  })

  it('refusals, each with its code and message', async () => {
    const refusals: [Step, number][] = [
      [fill(json({ questionnaire: 'x' }), null, JSON_TYPE), 401],
      [fill(upload([questionnaire]), 'qf_not-a-token-of-ours-0000'), 401],
      [fill(json({ questionnaire: 'x' }), pro, JSON_TYPE), 400],
      [fill(upload(evidence)), 400],
      [fill(upload([['questionnaire', 'questions.txt', 'Do you encrypt data?']])), 400],
      [
        fill(upload([questionnaire, ...Array.from({ length: 11 }, (_, i): Part => ['evidence', `e${i}.md`, 'x'])])),
        400,
      ],
      [fill(upload([questionnaire, ['evidence', 'huge.txt', new Uint8Array(25 * 1024 * 1024 + 1).fill(65)]])), 413],
      [fill(upload([questionnaire], { unanswered: 'maybe' })), 400],
      [fill(upload([questionnaire], { callbackUrl: 'http://127.0.0.1:9/hook' })), 400],
      [fill(upload([questionnaire], { callbackUrl: 'ftp://example.com/hook' })), 400],
      [fill(upload([questionnaire]), pro, { 'idempotency-key': 'two words' }), 400],
      [fill(upload([questionnaire, ...evidence], { unanswered: 'no' })), 202],
      [fill(upload([questionnaire, ...evidence], { token: pro }), null), 202],
    ]
    // The token field after a file: no credential before the first file.
    refusals.push([
      fill(() => {
        const form = upload([questionnaire])!() as FormData
        form.append('token', pro)
        return form
      }, null),
      401,
    ])
    for (const [step, status] of refusals) expect((await same(step)).status).toBe(status)
  })

  it('402 once a single questionnaire is spent', async () => {
    expect((await same(fill(upload([questionnaire, ...evidence]), single))).status).toBe(202)
    const spent = await same(fill(upload([questionnaire]), single))
    expect(spent).toMatchObject({ status: 402, body: { error: { code: 'quota_exhausted' } } })
  })
})

describe('a queued job', () => {
  it('polls as processing, has no results yet, is listed, and is cancelled by deleting its files', async () => {
    const status = await same({ path: '/api/status/{job1}', token: pro })
    expect(status.body).toMatchObject({ status: 'processing', progress: { processed: 0, total: 0 } })
    for (const job of ['job2', 'job5', 'job6'])
      expect((await same({ path: `/api/status/{${job}}`, token: pro })).body).toMatchObject({ status: 'processing' })
    expect((await same({ path: '/api/status/{job7}', token: single })).body).toMatchObject({ status: 'processing' })
    expect((await same({ path: '/api/questionnaire/{job4}', token: pro, apiKey: true })).status).toBe(200)
    for (const kind of ['xlsx', 'json'])
      expect((await same({ path: `/api/result/{job1}/${kind}`, token: pro })).status).toBe(409)
    expect((await same({ path: '/api/answers/{job1}', token: pro })).status).toBe(409)
    const edit = { method: 'PATCH', path: '/api/answers/{job1}', token: pro, headers: JSON_TYPE }
    expect((await same({ ...edit, body: json([{ id: 'AC-1', answer: 'Yes' }]) })).status).toBe(409)
    expect((await same({ path: '/api/token-status', token: pro })).status).toBe(200)

    expect((await same({ method: 'DELETE', path: '/api/delete-files/{job3}', token: pro })).status).toBe(200)
    expect((await same({ path: '/api/status/{job3}', token: pro })).body).toMatchObject({ status: 'failed' })
    expect((await same({ path: '/api/result/{job3}/pdf', token: pro })).body).toMatchObject({
      error: { code: 'job_failed' },
    })
  })
})

describe('after the worker ran the jobs', () => {
  beforeAll(async () => {
    worker = spawn(process.execPath, [path.join(projectRoot(), 'bin/qfill.js'), 'worker'], {
      cwd: projectRoot(),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://qfill.example.com',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        WORKER_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    worker.stdout!.on('data', (d) => (output += d))
    worker.stderr!.on('data', (d) => (output += d))
    const until = Date.now() + 480_000
    for (;;) {
      const [row] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from jobs where status in ('queued', 'processing')`
      if (row!.n === 0) break
      if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode}):\n${output}`)
      if (Date.now() > until) throw new Error(`the worker did not finish the jobs in 8 minutes:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }, 540_000)

  it('completed and failed jobs, by status and by questionnaire', async () => {
    const completed = await same({ path: '/api/status/{job1}', token: pro })
    expect(completed.body).toMatchObject({ status: 'completed' })
    const readme = readmeResponses()
    expect(shapeOf(completed.body), "the README's completed status").toEqual(
      shapeOf(readme.get('GET /api/status/{jobId} 200 completed')),
    )
    const missing = await same({ path: '/api/status/k3v9x0q2m8w1c7r5t4y6z2a1', token: pro })
    expect(missing.body).toEqual(readme.get('GET /api/status/{jobId} 404'))
    expect((await same({ path: '/api/status/{job2}', token: pro })).body).toMatchObject({ status: 'failed' })
    expect((await same({ path: '/api/questionnaire/{job4}', token: pro })).body).toMatchObject({ status: 'completed' })
    for (const job of ['job5', 'job6'])
      expect((await same({ path: `/api/status/{${job}}`, token: pro })).body).toMatchObject({ status: 'completed' })
    expect((await same({ path: '/api/status/{job7}', token: single })).body).toMatchObject({ status: 'completed' })
    // The deleted job's name is forgotten by the purge, which the mock does at once.
    await purgeExpired()
    expect((await same({ path: '/api/status', token: null })).status).toBe(200)
  })

  it('downloads, answers, edits in review, and the lists of the token', async () => {
    for (const kind of ['xlsx', 'pdf', 'json'])
      expect((await same({ path: `/api/result/{job1}/${kind}`, token: pro })).status).toBe(200)
    expect((await same({ path: '/api/result/{job1}/docx', token: pro })).status).toBe(404)
    expect((await same({ path: '/api/answers/{job1}', token: pro, apiKey: true })).status).toBe(200)
    const edit = { method: 'PATCH', path: '/api/answers/{job1}', token: pro, headers: JSON_TYPE }
    for (const [body, status] of [
      [
        json([
          { id: 'LG-1', answer: 'Maybe' },
          { id: 'NOPE-9', answer: 'Yes' },
        ]),
        400,
      ],
      [() => '{not json', 400],
      [json({ id: 'LG-1' }), 400],
      [json([{ id: 'LG-1', answer: 'Yes', comment: 'Central SIEM; see the logging standard.' }, { id: 'HO-1' }]), 200],
    ] as const)
      expect((await same({ ...edit, body })).status).toBe(status)
    expect((await same({ path: '/api/answers/{job1}', token: pro })).body).toMatchObject({ summary: { confirmed: 2 } })
    expect((await same({ path: '/api/result/{job1}/json', token: pro })).status).toBe(200)
    expect((await same({ path: '/api/status/{job1}', token: pro })).status).toBe(200)
    const listed = await same({ path: '/api/token-status', token: pro })
    expect(listed.body).toMatchObject({ previousQuestionnaires: [{}, {}, {}, {}], expiredQuestionnaires: [{}, {}] })
    const validated = { method: 'POST', path: '/api/validate-token', headers: JSON_TYPE }
    expect((await same({ ...validated, body: json({ token: pro, tosAccepted: true }) })).status).toBe(200)
    expect((await same({ ...validated, body: json({ token: single, tosAccepted: true }) })).body).toMatchObject({
      valid: false,
      reason: 'exhausted',
    })
  })

  it("another token's job, an unknown one, then deleted files", async () => {
    expect((await same({ path: '/api/status/{job1}', token: single })).status).toBe(404)
    expect((await same({ path: '/api/answers/aaaaaaaaaaaaaaaaaaaaaaaa', token: pro })).status).toBe(404)
    expect((await same({ path: '/api/status/not-an-id', token: pro })).status).toBe(404)
    expect((await same({ method: 'DELETE', path: '/api/delete-files/{job1}', token: pro })).status).toBe(200)
    await purgeExpired()
    for (const path of ['/api/result/{job1}/xlsx', '/api/answers/{job1}'])
      expect((await same({ path, token: pro })).status).toBe(410)
    expect((await same({ path: '/api/status/{job1}', token: pro })).body).toMatchObject({ deleted: true, xlsx: null })
  })
})
