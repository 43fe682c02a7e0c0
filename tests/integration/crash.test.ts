import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { CANCELLED_MESSAGE } from '../../app/job/errors'
import { getJob } from '../../app/job/read.server'
import { projectRoot } from '../../app/infra/project-root.server'
import { OfflineEngine } from '../../app/answering/offline/engine'
import { extractEvidence } from '../../app/evidence/extract.server'
import { answerQuestionnaire } from '../../app/pipeline/run.server'
import { readQuestionnaire } from '../../app/questionnaire/parse.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, questionnaireCsv } from '../support/files'
import { multipartBody } from '../support/multipart'
import { startServer, type TestServer } from '../support/server'

/**
 * Crash safety with real processes: a web server without a worker, and `qfill worker` processes started by
 * binary. A worker killed with SIGKILL mid-job leaves its queue lock behind; the next worker releases it (the
 * dead worker stopped beating) and the job completes once: quota charged once, results stored once. A worker
 * stopped with SIGTERM hands its running job back at once.
 */
const db = useTestDatabase()
let server: TestServer
const workers: ChildProcess[] = []

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(projectRoot(), 'bin/qfill.js'), 'worker'], {
    cwd: projectRoot(),
    env: { ...process.env, DATABASE_URL: db.url, WORKER_CONCURRENCY: '1', LOG_LEVEL: process.env.CRASH_LOG ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  workers.push(child)
  return child
}

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url, worker: false })
}, 120_000)
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL')
  await server?.stop()
})

/** A questionnaire of `count` Yes/No questions about what the evidence covers. */
function bigQuestionnaireCsv(count: number): Uint8Array {
  const topics = ['multi-factor authentication', 'encryption at rest', 'central logging', 'biometric locks']
  const lines = ['ID,Question,Answer,Comments']
  for (let i = 0; i < count; i++) lines.push(`Q-${i + 1},"Do you use ${topics[i % topics.length]} (item ${i + 1})?",,`)
  return new TextEncoder().encode(lines.join('\r\n'))
}

async function submit(token: string, questionnaire = questionnaireCsv()): Promise<string> {
  const { body, contentType } = multipartBody([
    { field: 'questionnaire', file: { name: 'vendor.csv', bytes: questionnaire } },
    { field: 'evidence', file: { name: 'policy.md', bytes: evidenceMd() } },
  ])
  const res = await fetch(`${server.url}/api/fill`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  })
  expect(res.status).toBe(202)
  return ((await res.json()) as { jobId: string }).jobId
}

async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Stops every worker of the test (SIGTERM) and waits for them to exit. */
async function stopAll() {
  await Promise.all(
    workers
      .filter((w) => w.exitCode === null && w.signalCode === null)
      .map((w) => new Promise((r) => (w.once('exit', r), w.kill('SIGTERM')))),
  )
  await db.sql`delete from worker_heartbeats`
}

const jobStatus = async (jobId: string) =>
  (await db.sql<{ status: string }[]>`select status from jobs where id = ${jobId}`)[0]?.status

async function expectCompletedOnce(jobId: string, tokenId: number) {
  expect(await jobStatus(jobId)).toBe('completed')
  const files = await db.sql<
    { role: string; n: number }[]
  >`select role, count(*)::int as n from files where job_id = ${jobId} group by role order by role`
  // Results stored once; the questionnaire stays (encrypted) until the purge, for review rebuilds; evidence is gone.
  expect(files).toEqual([
    { role: 'answers', n: 1 },
    { role: 'pdf', n: 1 },
    { role: 'questionnaire', n: 1 },
    { role: 'xlsx', n: 1 },
  ])
  expect((await db.sql<{ used: number }[]>`select used from tokens where id = ${tokenId}`)[0]!.used).toBe(1)
  // graphile-worker deletes its queue row just after the task returns, which on a loaded machine can be a moment
  // after the job reads completed: wait for it (bounded) rather than race it.
  await waitFor('the queue row to go', 60_000, async () => {
    const [row] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from graphile_worker._private_jobs where key like 'answer:%'`
    return row!.n === 0
  })
}

describe('crash safety', () => {
  it('a job whose worker is killed with SIGKILL completes on the next worker within 60 s, once', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    const first = startWorker()
    const jobId = await submit(token)
    await waitFor('the job to start', 60_000, async () => (await jobStatus(jobId)) === 'processing')
    first.kill('SIGKILL')
    await new Promise((r) => first.once('exit', r))
    // The dead worker still holds the queue lock.
    const [locked] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null and key like 'answer:%'`
    expect(locked!.n).toBe(1)
    expect(await jobStatus(jobId)).toBe('processing')

    const started = Date.now()
    startWorker()
    await waitFor('the job to complete', 60_000, async () => (await jobStatus(jobId)) === 'completed')
    console.log(
      `crash test: job completed ${((Date.now() - started) / 1000).toFixed(1)} s after the new worker started`,
    )
    await expectCompletedOnce(jobId, row.id)
    await stopAll()
  }, 150_000)

  it('a worker stopped with SIGTERM hands its running job back, and another worker completes it', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    const first = startWorker()
    // Only this worker runs: wait until it beats, so it has its signal handlers when SIGTERM comes.
    await waitFor(
      'the worker to beat',
      60_000,
      async () =>
        (
          await db.sql<
            { n: number }[]
          >`select count(*)::int as n from worker_heartbeats where id like ${`%:${first.pid}:%`}`
        )[0]!.n === 1,
    )
    const jobId = await submit(token)
    await waitFor('the job to start', 60_000, async () => (await jobStatus(jobId)) === 'processing')
    first.kill('SIGTERM')
    const [code, signal] = await new Promise<[number | null, string | null]>((r) =>
      first.once('exit', (c, s) => r([c, s])),
    )
    expect([code, signal]).toEqual([0, null])
    // Released, not left locked: the next worker takes it without waiting for the dead-worker timeout.
    const [locked] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null and key like 'answer:%'`
    expect(locked!.n).toBe(0)
    const started = Date.now()
    startWorker()
    await waitFor('the job to complete', 30_000, async () => (await jobStatus(jobId)) === 'completed')
    console.log(
      `SIGTERM test: job completed ${((Date.now() - started) / 1000).toFixed(1)} s after the new worker started`,
    )
    await expectCompletedOnce(jobId, row.id)
  }, 120_000)

  it('a job interrupted five times by SIGTERM and twice by SIGKILL completes once, charged once, no attempt spent', async () => {
    await stopAll()
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    // Large enough that a run is still going when the signal comes (a run starts its child process first).
    const jobId = await submit(token, bigQuestionnaireCsv(400))
    const runs = async () => (await db.sql<{ runs: number }[]>`select runs from jobs where id = ${jobId}`)[0]?.runs ?? 0
    const signals = ['SIGTERM', 'SIGTERM', 'SIGKILL', 'SIGTERM', 'SIGTERM', 'SIGKILL', 'SIGTERM'] as const
    for (const [i, signal] of signals.entries()) {
      const worker = startWorker()
      await waitFor(`run ${i + 1} to start`, 90_000, async () => (await runs()) === i + 1)
      const [job] = await db.sql<{ state: string }[]>`select state from jobs where id = ${jobId}`
      expect(job!.state).toBe('processing')
      worker.kill(signal)
      await new Promise((r) => worker.once('exit', r))
    }
    startWorker()
    await waitFor('the job to complete', 90_000, async () => (await jobStatus(jobId)) === 'completed')
    const [job] = await db.sql<{ runs: number; failures: number; refunded: boolean }[]>`
      select runs, failures, refunded_at is not null as refunded from jobs where id = ${jobId}`
    // Eight runs, none counted as a failure, nothing given back: charged once, completed once.
    expect(job).toEqual({ runs: 8, failures: 0, refunded: false })
    await expectCompletedOnce(jobId, row.id)
    await stopAll()
  }, 400_000)

  it("'Delete Files Now' on a running job cancels it: nothing is stored, then or later", async () => {
    await stopAll()
    const { token } = await createToken(db.sql, { plan: 'pro' })
    startWorker()
    const jobId = await submit(token)
    await waitFor('the job to start', 60_000, async () => (await jobStatus(jobId)) === 'processing')
    const del = await fetch(`${server.url}/api/delete-files/${jobId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(del.status).toBe(200)
    // Until the worker has let go of the job (it stops at its next stage; had it ignored the flag, it would have
    // stored its results by then).
    await waitFor(
      'the worker to let go of the job',
      60_000,
      async () =>
        (
          await db.sql<
            { n: number }[]
          >`select count(*)::int as n from graphile_worker._private_jobs where key like 'answer:%'`
        )[0]!.n === 0,
    )
    const [job] = await db.sql<{ state: string; deleted: boolean }[]>`
      select state, deleted_at is not null as deleted from jobs where id = ${jobId}`
    expect(job).toEqual({ state: 'cancelled', deleted: true })
    expect((await getJob(db.sql, jobId))?.error).toBe(CANCELLED_MESSAGE)
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from files where job_id = ${jobId}`)[0]!.n).toBe(0)
    expect(
      (
        await db.sql<
          { n: number }[]
        >`select count(*)::int as n from graphile_worker._private_jobs where key like 'answer:%'`
      )[0]!.n,
    ).toBe(0)
  }, 120_000)

  it('a job restarted after its answering stage resumes from the stored answers instead of answering again', async () => {
    await stopAll()
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    const jobId = await submit(token) // no worker running: the job waits in the queue
    // What a run that died after answering leaves behind: its answers, stored encrypted as the job's checkpoint.
    // One of them is marked, so the completed job shows whether they were used or the questions answered again.
    const { questionnaire, existing } = readQuestionnaire('vendor.csv', questionnaireCsv())
    const evidence = await extractEvidence([{ name: 'policy.md', bytes: evidenceMd() }])
    const answers = await answerQuestionnaire({ questionnaire, existing, evidence, engine: new OfflineEngine() })
    answers[0] = { ...answers[0]!, text: 'Answered by the run before the crash.' }
    await services().store.put(jobId, {
      role: 'checkpoint',
      name: 'answers-checkpoint.json',
      bytes: new TextEncoder().encode(JSON.stringify(answers)),
    })
    startWorker()
    await waitFor('the job to complete', 60_000, async () => (await jobStatus(jobId)) === 'completed')
    const stored = await services().store.get(jobId, 'answers')
    const json = JSON.parse(new TextDecoder().decode(stored!.bytes)) as { questions: { comment: string | null }[] }
    expect(json.questions[0]!.comment).toContain('Answered by the run before the crash.')
    // The checkpoint goes with the evidence once the results exist.
    await expectCompletedOnce(jobId, row.id)
  }, 120_000)
})
