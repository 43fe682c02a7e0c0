import { apiErrorHeaders } from '../../app/api/errors'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob, deleteJobFiles } from '../../app/job/actions.server'
import { purgeJobs, startJob } from '../../app/job/lifecycle.server'
import { services } from '../../app/infra/services.server'
import { CHUNK_BYTES } from '../../app/storage/chunks.server'
import { handleFillUpload } from '../../app/uploads/fill-request.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd, questionnaireCsv } from '../support/files'

/**
 * Spend before you read (issue 16 #3), with the real upload path and a real database: the sender is checked for
 * spending before a file byte is read, files go to encrypted storage while the body is still arriving, and a
 * token's plan bounds what it has in flight. Bodies are streams that count what the server pulled, so each test
 * sees exactly how much was read and when.
 */
const db = useTestDatabase()
const BOUNDARY = 'qfillspendtest'
const enc = new TextEncoder()

type Part = { field: string; name?: string; value?: string; bytes?: Uint8Array | (() => Iterable<Uint8Array>) }

/** A multipart body as a pull stream; `gate` holds it before a given part until released. */
function body(parts: Part[], options: { gate?: { beforePart: number; open: Promise<void> } } = {}) {
  const counter = { pulled: 0, done: false }
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (const [i, p] of parts.entries()) {
      if (options.gate && options.gate.beforePart === i) await options.gate.open
      const disposition = p.name === undefined ? '' : `; filename="${p.name}"`
      yield enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"${disposition}\r\n\r\n`)
      if (p.value !== undefined) yield enc.encode(p.value)
      if (p.bytes instanceof Uint8Array) yield p.bytes
      else if (p.bytes) yield* p.bytes()
      yield enc.encode('\r\n')
    }
    yield enc.encode(`--${BOUNDARY}--\r\n`)
    counter.done = true
  }
  const it = pieces()
  const stream = new ReadableStream<Uint8Array>({
    async pull(c) {
      const next = await it.next()
      if (next.done) return c.close()
      counter.pulled += next.value.byteLength
      c.enqueue(next.value)
    },
  })
  return { stream, counter }
}

function request(stream: ReadableStream<Uint8Array>, token?: string) {
  return new Request('http://qfill.test/api/fill', {
    method: 'POST',
    body: stream,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    duplex: 'half',
  } as RequestInit)
}

/** `count` slices of `size` random bytes: a big file produced as it is sent, never held whole by the test. */
const slices = (count: number, size: number) =>
  function* () {
    for (let i = 0; i < count; i++) yield randomBytes(size)
  }

const questionnaire: Part = { field: 'questionnaire', name: 'vendor.csv', bytes: questionnaireCsv() }
const evidence: Part = { field: 'evidence', name: 'policy.md', bytes: evidenceMd() }
const used = async (tokenId: number) =>
  (await db.sql<{ used: number }[]>`select used from tokens where id = ${tokenId}`)[0]!.used

describe('the product a questionnaire is for', () => {
  it('is stored with the job, handed to the run, cleared by the purge; too long a name is refused', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    const named = await handleFillUpload(
      request(body([{ field: 'product', value: '  Acme Portal ' }, questionnaire, evidence]).stream, token),
    )
    expect(named).toMatchObject({ ok: true })
    const jobId = (named as { jobId: string }).jobId
    expect((await db.sql`select product from jobs where id = ${jobId}`)[0]!.product).toBe('Acme Portal')
    // What the worker reads when it starts the run (and hands to the answering, app/pipeline/run.server.ts).
    expect(await startJob(db.sql, jobId)).toMatchObject({ product: 'Acme Portal' })

    const blank = await handleFillUpload(request(body([{ field: 'product', value: ' ' }, questionnaire]).stream, token))
    const blankId = (blank as { jobId: string }).jobId
    expect((await db.sql`select product from jobs where id = ${blankId}`)[0]!.product).toBeNull()

    const long = await handleFillUpload(
      request(body([{ field: 'product', value: 'x'.repeat(121) }, questionnaire]).stream, token),
    )
    expect(long).toMatchObject({ ok: false, status: 400, code: 'invalid_upload' })
    expect((long as { problems: { title: string; message: string }[] }).problems[0]).toMatchObject({
      title: 'Invalid Product',
      message: expect.stringMatching(/at most 120 characters/),
    })
    expect(await used(row.id)).toBe(2)

    await deleteJobFiles(db.sql, services().store, jobId)
    await db.sql.begin((tx) => purgeJobs(tx, { jobId }))
    expect((await db.sql`select product from jobs where id = ${jobId}`)[0]!.product).toBeNull()
  })
})

describe('an upload spends before it reads', () => {
  it('answers an exhausted token 402 having read no more than the 1 MB it drains for the answer', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'single' })
    await createAnswerJob(db.sql, services().store, { tokenId: row.id, questionnaire: csvFile(), evidence: [] })
    const big = body([questionnaire, { field: 'evidence', name: 'big.pdf', bytes: slices(400, 64 * 1024) }])
    const outcome = await handleFillUpload(request(big.stream, token))
    expect(outcome).toMatchObject({ ok: false, status: 402, code: 'quota_exhausted' })
    expect(big.counter.pulled).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024)
    expect(big.counter.done).toBe(false)
  })

  it('answers an expired token that still has live results 402 token_expired, not quota_exhausted', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'trial' })
    await createAnswerJob(db.sql, services().store, { tokenId: row.id, questionnaire: csvFile(), evidence: [] })
    await db.sql`update tokens set expires_at = now() - interval '1 minute' where id = ${row.id}`
    const outcome = await handleFillUpload(request(body([questionnaire]).stream, token))
    expect(outcome).toMatchObject({
      ok: false,
      status: 402,
      code: 'token_expired',
      problems: [{ message: 'This access token has expired. Purchase a plan to continue.' }],
    })
  })

  it('stores the files while the body is still arriving, in chunks, and never as one piece', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    const storedEarly: number[] = []
    const files: Part[] = Array.from({ length: 4 }, (_, i) => ({
      field: 'evidence',
      name: `policy-${i}.pdf`,
      bytes: function* () {
        yield enc.encode('%PDF-1.7\n')
        for (let s = 0; s < 48; s++) yield randomBytes(64 * 1024)
      },
    }))
    const b = body([questionnaire, ...files, evidence])
    const stream = b.stream.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        async transform(chunk, c) {
          // Ten of the body's twelve megabytes sent: the first files are in the database already.
          if (b.counter.pulled > 10 * CHUNK_BYTES && !storedEarly.length)
            storedEarly.push(
              (
                await db.sql<{ n: number }[]>`
                select count(*)::int as n from file_chunks c join files f on f.id = c.file_id
                join jobs j on j.id = f.job_id where j.token_id = ${row.id}`
              )[0]!.n,
            )
          c.enqueue(chunk)
        },
      }),
    )
    const outcome = await handleFillUpload(request(stream, token))
    expect(outcome).toMatchObject({ ok: true, evidenceCount: 5 })
    expect(storedEarly[0]).toBeGreaterThanOrEqual(5)
    const sizes = await db.sql<{ n: number }[]>`
      select length(c.content)::int as n from file_chunks c join files f on f.id = c.file_id
      where f.job_id = ${outcome.ok ? outcome.jobId : ''}`
    expect(sizes.length).toBeGreaterThanOrEqual(12)
    for (const { n } of sizes) expect(n).toBeLessThanOrEqual(CHUNK_BYTES + 65 * 1024)
    const [stored] = await services().store.list(outcome.ok ? outcome.jobId : '', 'evidence')
    expect(stored!.bytes.byteLength).toBe(9 + 48 * 64 * 1024)
  })

  it('gives a trial token one job at a time: a second upload is refused while the first is in flight, and after', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'trial' })
    let open!: () => void
    const first = body([questionnaire, evidence], { gate: { beforePart: 1, open: new Promise((r) => (open = r)) } })
    const firstOutcome = handleFillUpload(request(first.stream, token))
    await waitFor(
      async () => (await db.sql`select 1 from jobs where token_id = ${row.id} and state = 'uploading'`).length === 1,
    )

    const second = body([questionnaire, evidence])
    const refused = await handleFillUpload(request(second.stream, token))
    expect(refused).toMatchObject({ ok: false, status: 409, code: 'job_in_progress' })
    expect(await used(row.id)).toBe(1)

    open()
    expect(await firstOutcome).toMatchObject({ ok: true })
    // Queued, not yet done: still one at a time.
    const third = await handleFillUpload(request(body([questionnaire]).stream, token))
    expect(third).toMatchObject({ ok: false, status: 409, code: 'job_in_progress' })
    expect(await used(row.id)).toBe(1)
  })

  it('bounds a Professional token to three uploads in flight, with a 429 that says when to retry', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    let open!: () => void
    const gate = new Promise<void>((r) => (open = r))
    const running = [1, 2, 3].map(() =>
      handleFillUpload(request(body([questionnaire, evidence], { gate: { beforePart: 1, open: gate } }).stream, token)),
    )
    await waitFor(
      async () => (await db.sql`select 1 from jobs where token_id = ${row.id} and state = 'uploading'`).length === 3,
    )
    const fourth = await handleFillUpload(request(body([questionnaire]).stream, token))
    expect(fourth).toMatchObject({ ok: false, status: 429, code: 'too_many_uploads' })
    expect(apiErrorHeaders('too_many_uploads')).toMatchObject({ 'Retry-After': '10' })
    open()
    for (const outcome of await Promise.all(running)) expect(outcome).toMatchObject({ ok: true })
    expect(await used(row.id)).toBe(3)
  })

  it('gives the questionnaire back and keeps no file when an upload is refused or breaks off', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'trial' })
    const bad = await handleFillUpload(
      request(body([questionnaire, { field: 'evidence', name: 'tool.exe', bytes: randomBytes(100) }]).stream, token),
    )
    expect(bad).toMatchObject({ ok: false, status: 400, code: 'invalid_upload' })
    expect(await used(row.id)).toBe(0)

    const broken = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(
          enc.encode(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="questionnaire"; filename="v.csv"\r\n\r\nID,Q`,
          ),
        )
        c.error(new Error('the client went away'))
      },
    })
    await expect(handleFillUpload(request(broken, token))).rejects.toThrow('the client went away')
    expect(await used(row.id)).toBe(0)
    expect(await db.sql`select 1 from jobs where token_id = ${row.id}`).toHaveLength(0)
  })
})

function csvFile() {
  return { name: 'q.csv', bytes: questionnaireCsv() }
}

async function waitFor(probe: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await probe()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('timed out waiting')
}
