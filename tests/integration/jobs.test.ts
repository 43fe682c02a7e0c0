import type { Runner } from 'graphile-worker'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob, SpendRefusedError } from '../../app/job/actions.server'
import { getJob } from '../../app/job/read.server'
import { services } from '../../app/infra/services.server'
import { fileStore, type FileStore } from '../../app/storage/files.server'
import { purgeExpired } from '../../jobs/purge-expired-files'
import { startWorker } from '../../jobs/worker.server'
import { waitFor as waitForIt } from '../support/wait'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, QUESTIONS, questionnaireCsv, readSheet, sheetNames } from '../support/files'

const db = useTestDatabase()

async function graphileJobs(jobId: string) {
  return db.sql`select task_identifier from graphile_worker.jobs where key = ${`answer:${jobId}`}`
}

const waitFor = <T>(fn: () => Promise<T | null | undefined | false>, ms?: number) => waitForIt('the job', fn, ms)

describe('creating a job', () => {
  it('writes the job row, its encrypted files, the quota and the graphile job together', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'trial' })
    const { jobId, evidenceCount } = await createAnswerJob(sql, store, {
      tokenId: row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
    })
    expect(evidenceCount).toBe(1)
    expect((await getJob(sql, jobId))!.status).toBe('queued')
    expect(await graphileJobs(jobId)).toHaveLength(1)
    const [token] = await sql`select used from tokens where id = ${row.id}`
    expect(token!.used).toBe(1)
    // At rest the bytes are ciphertext, and they decrypt back to the upload.
    const [stored] = await sql`select content from files where job_id = ${jobId} and role = 'evidence'`
    expect(Buffer.from(stored!.content).includes(Buffer.from('multi-factor'))).toBe(false)
    expect(new TextDecoder().decode((await store.get(jobId, 'evidence'))!.bytes)).toContain('multi-factor')
  })

  it('leaves nothing behind when any part fails', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'pro' })
    const failing: FileStore = {
      ...store,
      async put(jobId, file, tx) {
        if (file.role === 'evidence') throw new Error('disk on fire')
        return store.put(jobId, file, tx)
      },
    }
    const before = await sql`select count(*)::int as n from jobs`
    await expect(
      createAnswerJob(sql, failing, {
        tokenId: row.id,
        questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
        evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
      }),
    ).rejects.toThrow('disk on fire')
    const after = await sql`select count(*)::int as n from jobs`
    expect(after[0]!.n).toBe(before[0]!.n)
    expect((await sql`select count(*)::int as n from graphile_worker.jobs`)[0]!.n).toBe(1) // only the first test's
    expect((await sql`select used from tokens where id = ${row.id}`)[0]!.used).toBe(0)
  })

  it('refuses a token whose quota is spent, without creating anything', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'single' })
    const input = { tokenId: row.id, questionnaire: { name: 'q.csv', bytes: questionnaireCsv() }, evidence: [] }
    await createAnswerJob(sql, store, input)
    await expect(createAnswerJob(sql, store, input)).rejects.toBeInstanceOf(SpendRefusedError)
    expect((await sql`select count(*)::int as n from jobs where token_id = ${row.id}`)[0]!.n).toBe(1)
  })

  it('keeps files unreadable with another key', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'pro' })
    const { jobId } = await createAnswerJob(sql, store, {
      tokenId: row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
    const other = fileStore(sql, Buffer.alloc(32, 7))
    await expect(other.get(jobId, 'questionnaire')).rejects.toThrow()
  })
})

describe('the worker', () => {
  let runner: Runner
  beforeAll(async () => {
    runner = await startWorker({ connectionString: db.url, concurrency: 2, pollInterval: 200 })
  })
  afterAll(async () => {
    await runner?.stop()
  })

  it('answers a queued questionnaire to completion and stores the results', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'pro' })
    const { jobId } = await createAnswerJob(sql, store, {
      tokenId: row.id,
      questionnaire: { name: 'vendor.csv', bytes: questionnaireCsv() },
      evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
    })
    // Each job starts its own child process (ADR 011): allow for a machine busy with the rest of the suite.
    const job = await waitFor(async () => {
      const j = await getJob(sql, jobId)
      return j && (j.status === 'completed' || j.status === 'failed') ? j : null
    }, 60_000)
    expect(job.error).toBeNull()
    expect(job.status).toBe('completed')
    expect(job.questionCount).toBe(QUESTIONS.length)
    expect(job.processed).toBe(QUESTIONS.length)
    expect(job.total).toBe(QUESTIONS.length)
    expect(job.engine).toBe('offline')
    expect(job.expiresAt!.getTime() - job.completedAt!.getTime()).toBeCloseTo(60 * 60 * 1000, -3)

    const xlsx = (await store.get(jobId, 'xlsx'))!.bytes
    expect(sheetNames(xlsx)).toContain('_SUMMARY')
    const rows = readSheet(xlsx, sheetNames(xlsx)[0]!)
    const mfa = rows.find((r) => r[0] === 'AC-1')!
    expect(mfa[2]).toBe('Yes')
    expect(mfa[3]).toContain('policy.md')
    const pdf = (await store.get(jobId, 'pdf'))!.bytes
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-')
    const answers = JSON.parse(new TextDecoder().decode((await store.get(jobId, 'answers'))!.bytes))
    expect(answers.questions).toHaveLength(QUESTIONS.length)
    expect(answers.summary.flagged).toBe(job.flaggedCount)
    // Evidence goes at completion; the questionnaire stays until the purge, for rebuilds after review (ADR 010).
    expect(await store.list(jobId, 'questionnaire')).toHaveLength(1)
    expect(await store.list(jobId, 'evidence')).toEqual([])
  })

  it("fails a job whose questionnaire has no questions, with the reader's message, and gives the quota back", async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'trial' })
    const { jobId } = await createAnswerJob(sql, store, {
      tokenId: row.id,
      questionnaire: { name: 'empty.csv', bytes: new TextEncoder().encode('Name,Value\nfoo,bar\n') },
      evidence: [],
    })
    const job = await waitFor(async () => {
      const j = await getJob(sql, jobId)
      return j?.status === 'failed' ? j : null
    })
    expect(job.error).toMatch(/no questions found/i)
    expect((await sql`select used from tokens where id = ${row.id}`)[0]!.used).toBe(0)
  })
})

describe('purging', () => {
  it('deletes the files of expired jobs and marks them expired and purged, leaving others alone', async () => {
    const { sql, store } = services()
    const { row } = await createToken(sql, { plan: 'pro' })
    const make = () =>
      createAnswerJob(sql, store, {
        tokenId: row.id,
        questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
        evidence: [],
      })
    const old = await make()
    const fresh = await make()
    await sql`update jobs set status = 'completed', expires_at = now() - interval '1 minute' where id = ${old.jobId}`
    await sql`update jobs set status = 'completed', expires_at = now() + interval '59 minutes' where id = ${fresh.jobId}`
    expect((await purgeExpired()).expired).toBeGreaterThanOrEqual(1)
    // Expired, not deleted: deletedAt is the owner's deletion only, so pages can tell the two apart.
    expect(await getJob(sql, old.jobId)).toMatchObject({ state: 'purged', deletedAt: null, status: 'completed' })
    expect((await getJob(sql, old.jobId))!.expiredAt).not.toBeNull()
    expect(await store.list(old.jobId, 'questionnaire')).toEqual([])
    expect((await getJob(sql, fresh.jobId))!.deletedAt).toBeNull()
    expect(await store.list(fresh.jobId, 'questionnaire')).toHaveLength(1)
  })
})
