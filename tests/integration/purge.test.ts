// Issue 11, finding 9: "Purged data is recoverable: the ciphertext stays in the table file and WAL until vacuum,
// and in single-machine mode the key sits next to it in .data/secrets.json; file names, sheet names and SHA-256
// of the plaintext stay in job rows forever." And from finding 3: the purge skips deleted jobs.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Runner } from 'graphile-worker'
import { describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { EnvError, parseEnv, secrets } from '../../app/infra/env.server'
import { createAnswerJob, deleteJobFiles } from '../../app/job/actions.server'
import { getJob } from '../../app/job/read.server'
import { services } from '../../app/infra/services.server'
import { enforceRetention, purgeExpired, vacuum } from '../../jobs/purge-expired-files'
import { createFreeTrial } from '../../app/access/trial.server'
import { startWorker } from '../../jobs/worker.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'

const db = useTestDatabase()

async function newJob() {
  const { sql, store } = services()
  const { row } = await createToken(sql, { plan: 'pro' })
  const { jobId } = await createAnswerJob(sql, store, {
    tokenId: row.id,
    questionnaire: { name: 'Acme Vendor Review 2026.csv', bytes: questionnaireCsv() },
    evidence: [{ name: 'acme-soc2-type2.pdf.md', bytes: new TextEncoder().encode('We encrypt data at rest.') }],
  })
  return jobId
}

const fileCount = async (jobId: string) =>
  Number((await db.sql`select count(*) from files where job_id = ${jobId}`)[0]!.count)

describe('the purge', () => {
  it("sweeps a deleted job's files, even results a worker stored after the owner pressed delete", async () => {
    const { sql, store } = services()
    const jobId = await newJob()
    await deleteJobFiles(sql, store, jobId)
    // The worker, still running, stores its results afterwards (finding 3).
    await store.put(jobId, { role: 'xlsx', name: `questionnaire-${jobId}.xlsx`, bytes: new Uint8Array([1, 2, 3]) })
    expect(await fileCount(jobId)).toBe(1)
    const counts = await purgeExpired()
    expect(counts.files).toBeGreaterThanOrEqual(1)
    expect(await fileCount(jobId)).toBe(0)
  })

  it('deletes the files of failed jobs past their retention, and of jobs abandoned for a day', async () => {
    const failed = await newJob()
    const abandoned = await newJob()
    const recent = await newJob()
    await db.sql`update jobs set status = 'failed', expires_at = now() - interval '1 minute' where id = ${failed}`
    await db.sql`update jobs set status = 'processing', created_at = now() - interval '25 hours' where id = ${abandoned}`
    const counts = await purgeExpired()
    expect(counts.abandoned).toBe(1)
    expect(await fileCount(failed)).toBe(0)
    expect(await fileCount(abandoned)).toBe(0)
    const job = (await getJob(db.sql, abandoned))!
    expect(job.status).toBe('failed')
    expect(job.error).toMatch(/did not finish/)
    expect(await db.sql`select 1 from graphile_worker.jobs where key = ${`answer:${abandoned}`}`).toHaveLength(0)
    // A job uploaded an hour ago and still queued is left alone.
    expect(await fileCount(recent)).toBe(2)
    expect((await getJob(db.sql, recent))!.deletedAt).toBeNull()
  })

  it('clears file names, sheet names and the evidence list from job rows once purged, keeping the counts', async () => {
    const jobId = await newJob()
    const summary = {
      questions: 12,
      flagged: 3,
      sheets: [{ name: 'Acme Access Control', questions: 12 }],
      evidence: [{ name: 'acme-soc2-type2.pdf.md', pages: 1 }],
      notes: ['Sheet "Acme Access Control": 2 questions had no answer cell'],
      topReasons: [{ reason: 'Quoted from acme-soc2-type2.pdf.md', count: 3 }],
    }
    await db.sql`
      update jobs set status = 'completed', question_count = 12, flagged_count = 3, summary = ${db.sql.json(summary)},
        completed_at = now(), expires_at = now() - interval '1 minute' where id = ${jobId}`
    await purgeExpired()
    const [row] =
      await db.sql`select questionnaire_name, summary::text as summary, question_count from jobs where id = ${jobId}`
    expect(row!.questionnaire_name).toBe('')
    expect(row!.summary).not.toMatch(/Acme|acme/)
    expect(JSON.parse(row!.summary)).toEqual({ questions: 12, flagged: 3 })
    expect(row!.question_count).toBe(12)
    // No hash of the plaintext survives either: the files rows that held them are gone.
    expect(await db.sql`select 1 from files where job_id = ${jobId}`).toHaveLength(0)
  })
})

describe('retention (the /privacy table)', () => {
  const mail = { from: 'QFill <no-reply@qfill.local>' }

  it("deletes a trial's e-mail address a day after its token expires, and still refuses a second trial", async () => {
    const issued = new Date(Date.now() - 3 * 60 * 60 * 1000)
    const trial = await createFreeTrial(db.sql, {
      email: 'Retention@Initech.example',
      mail,
      baseUrl: 'http://x',
      now: issued,
    })
    expect(trial.ok).toBe(true)
    const [claim] = await db.sql`select token_id from trial_claims where email = 'retention@initech.example'`
    const tokenId = claim!.token_id as string

    // Expired two hours ago (a trial lasts an hour): within the day's grace the address stays.
    expect((await enforceRetention(db.sql)).emails).toBe(0)
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000)
    const counts = await enforceRetention(db.sql, dayLater)
    expect(counts.emails).toBeGreaterThanOrEqual(1)
    expect((await db.sql`select email from tokens where id = ${tokenId}`)[0]!.email).toBeNull()
    expect(await db.sql`select 1 from trial_claims where email = 'retention@initech.example'`).toHaveLength(0)
    expect(
      await db.sql`select 1 from tokens t where t.email ilike '%retention@initech%' union all select 1 from checkout_sessions where email ilike '%retention@initech%'`,
    ).toHaveLength(0)

    // The hash of the address is what remembers the trial.
    const again = await createFreeTrial(db.sql, { email: 'retention@initech.example', mail, baseUrl: 'http://x' })
    expect(again).toMatchObject({ ok: false, code: 'trial_already_used' })
  })

  it("keeps an active token's address; drops job records after 12 months, expired sessions and old outbox mail", async () => {
    const { row } = await createToken(db.sql, { plan: 'pro', email: 'active@acme.example' })
    const old = await newJob()
    const recent = await newJob()
    // A record from 13 months ago: completed, expired and purged long since.
    await db.sql`
      update jobs set status = 'completed', created_at = now() - interval '13 months',
        expired_at = now() - interval '13 months', purged_at = now() - interval '13 months' where id = ${old}`
    const sessionHash = randomBytes(32)
    await db.sql`insert into sessions (id_hash, token_id, expires_at) values (${sessionHash}, ${row.id}, now() - interval '1 minute')`
    await db.sql`insert into outbox (recipient, subject, text_body, html_body, reason, created_at)
      values ('a@acme.example', 's', 't', 'h', 'r', now() - interval '8 days'), ('b@acme.example', 's', 't', 'h', 'r', now())`
    const counts = await enforceRetention(db.sql)
    expect(counts.jobs).toBeGreaterThanOrEqual(1)
    expect(await getJob(db.sql, old)).toBeNull()
    expect(await getJob(db.sql, recent)).not.toBeNull()
    expect((await db.sql`select email from tokens where id = ${row.id}`)[0]!.email).toBe('active@acme.example')
    expect(await db.sql`select 1 from sessions where id_hash = ${sessionHash}`).toHaveLength(0)
    expect(
      (await db.sql`select recipient from outbox where recipient in ('a@acme.example', 'b@acme.example')`).map(
        (r) => r.recipient,
      ),
    ).toEqual(['b@acme.example'])
  })
})

describe('VACUUM', () => {
  it('is scheduled by the worker (every 15 minutes, and a full rewrite nightly), as is the daily retention', async () => {
    let runner: Runner | undefined
    try {
      runner = await startWorker({ connectionString: db.url, concurrency: 1 })
      // The scheduler registers its crontab just after start-up: wait for it (up to 20 s on a busy machine).
      const wanted = ['purge_every_minute', 'vacuum_files', 'vacuum_files_full', 'enforce_retention']
      let rows: { identifier: string }[] = []
      for (let i = 0; i < 100; i++) {
        rows = await db.sql<{ identifier: string }[]>`select identifier from graphile_worker._private_known_crontabs`
        if (wanted.every((w) => rows.some((r) => r.identifier === w))) break
        await new Promise((r) => setTimeout(r, 200))
      }
      expect(rows.map((r) => r.identifier)).toEqual(expect.arrayContaining(wanted))
    } finally {
      await runner?.stop()
    }
  })

  it('leaves no copy of a purged file in the table files after the nightly full vacuum', async (ctx) => {
    const [{ superuser } = { superuser: 'off' }] = await db.sql`select current_setting('is_superuser') as superuser`
    if (superuser !== 'on') return ctx.skip() // reading table files needs a superuser (the embedded test Postgres is one)
    const { store } = services()
    const jobId = await newJob()
    // Random bytes: they do not compress, so they are stored in TOAST pages as they are.
    await store.put(jobId, { role: 'pdf', name: 'r.pdf', bytes: randomBytes(200_000) })
    const [{ content }] =
      (await db.sql`select content from files where job_id = ${jobId} and role = 'pdf'`) as unknown as [
        { content: Buffer },
      ]
    const needle = content.subarray(50_000, 50_064)
    const tableFiles = async () => {
      await db.sql`checkpoint`
      const rels = await db.sql<{ path: string }[]>`
        select pg_relation_filepath(c.oid) as path from pg_class c
        where c.oid = 'files'::regclass or c.oid = (select reltoastrelid from pg_class where oid = 'files'::regclass)`
      const bytes = await Promise.all(
        rels.map(async (r) => (await db.sql`select pg_read_binary_file(${r.path}) as b`)[0]!.b as Buffer),
      )
      return { paths: rels.map((r) => r.path), bytes: Buffer.concat(bytes) }
    }
    expect((await tableFiles()).bytes.includes(needle)).toBe(true)
    await db.sql`update jobs set deleted_at = now() where id = ${jobId}`
    await purgeExpired()
    const before = await tableFiles()
    // Deleted rows are still on disk until vacuum: this is what the report recovered.
    expect(before.bytes.includes(needle)).toBe(true)
    await vacuum(db.sql)
    await vacuum(db.sql, { full: true })
    const after = await tableFiles()
    expect(after.bytes.includes(needle)).toBe(false)
    for (const old of before.paths.filter((p) => !after.paths.includes(p))) {
      const [{ b }] = (await db.sql`select pg_read_binary_file(${old}, 0, 100000000, true) as b`) as unknown as [
        { b: Buffer | null },
      ]
      expect(b === null || !b.includes(needle)).toBe(true)
    }
  })
})

describe('the file key in production', () => {
  const base = { NODE_ENV: 'production' as const, QFILL_DATA_DIR: '', PUBLIC_URL: 'https://qfill.example' }

  it('is required, so it never sits in the data folder next to the ciphertext', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-keys-'))
    expect(() => parseEnv({ ...base, QFILL_DATA_DIR: dir })).toThrow(EnvError)
    expect(() => parseEnv({ ...base, QFILL_DATA_DIR: dir })).toThrow(/FILE_ENCRYPTION_KEY is required in production/)
    const ok = parseEnv({
      ...base,
      QFILL_DATA_DIR: dir,
      SESSION_SECRET: 'x'.repeat(40),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
    })
    secrets(ok)
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false)
  })

  it('may stay in the data folder on one machine only when asked for, with a loud warning', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-keys-'))
    const env = parseEnv({ ...base, QFILL_DATA_DIR: dir, QFILL_LOCAL_SECRETS: 'true' })
    const warnings: string[] = []
    const original = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '))
    try {
      secrets(env)
    } finally {
      console.warn = original
    }
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true)
    expect(warnings.join('\n')).toMatch(/WARNING: the file encryption key is kept in/)
  })

  it('is still generated on first start in development', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-keys-'))
    secrets(parseEnv({ NODE_ENV: 'development', QFILL_DATA_DIR: dir }))
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true)
  })
})
