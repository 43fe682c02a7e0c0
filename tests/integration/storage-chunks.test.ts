import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { reserveUpload } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { openPostgres } from '../../app/infra/db.server'
import { CHUNK_BYTES } from '../../app/storage/chunks.server'
import { fileStore } from '../../app/storage/files.server'
import { useTestDatabase } from '../setup/database'

/** Files written as they arrive: encrypted chunks that read back whole, and refuse to read when tampered with. */
const db = useTestDatabase()

async function reservedJob(): Promise<string> {
  const { row } = await createToken(db.sql, { plan: 'pro' })
  const reserved = await reserveUpload(db.sql, row.id)
  if (!reserved.ok) throw new Error(reserved.reason)
  return reserved.jobId
}

describe('chunked files', () => {
  it('store a file written piece by piece in chunks of about 1 MB, and read it back whole', async () => {
    const { store } = services()
    const jobId = await reservedJob()
    const bytes = randomBytes(Math.round(2.5 * CHUNK_BYTES))
    const writer = store.writer(jobId, { role: 'evidence', name: 'big.pdf', position: 0 })
    for (let at = 0; at < bytes.byteLength; at += 65_536) await writer.write(bytes.subarray(at, at + 65_536))
    const { size } = await writer.finish()
    expect(size).toBe(bytes.byteLength)
    const [row] = await db.sql<{ chunks: number; inline: boolean }[]>`
      select chunks, content is not null as inline from files where job_id = ${jobId}`
    expect(row).toEqual({ chunks: 3, inline: false })
    const chunks = await db.sql<{ n: number }[]>`
      select length(c.content)::int as n from file_chunks c join files f on f.id = c.file_id where f.job_id = ${jobId}`
    for (const c of chunks) expect(c.n).toBeLessThan(CHUNK_BYTES + 70_000)
    // Nothing of the plaintext is in the table.
    const [raw] = await db.sql<{ b: Buffer }[]>`
      select c.content as b from file_chunks c join files f on f.id = c.file_id where f.job_id = ${jobId} and c.seq = 0`
    expect(raw!.b.includes(bytes.subarray(0, 64))).toBe(false)
    const [back] = await store.list(jobId, 'evidence')
    expect(Buffer.compare(back!.bytes, bytes)).toBe(0)
    expect((await store.get(jobId, 'evidence'))!.bytes.byteLength).toBe(bytes.byteLength)
  })

  it('refuses a file cut short or with chunks swapped', async () => {
    const { store } = services()
    const jobId = await reservedJob()
    const writer = store.writer(jobId, { role: 'evidence', name: 'x.pdf' })
    await writer.write(randomBytes(2 * CHUNK_BYTES + 10))
    await writer.finish()
    const [file] = await db.sql<{ id: string }[]>`select id from files where job_id = ${jobId}`
    // Swap the first two chunks' contents.
    await db.sql`
      update file_chunks c set content = o.content from file_chunks o
      where c.file_id = ${file!.id} and o.file_id = c.file_id and c.seq + o.seq = 1`
    await expect(store.get(jobId, 'evidence')).rejects.toThrow()
    // Drop the last chunk and claim one fewer: the new last one was not sealed as last.
    await db.sql`delete from file_chunks where file_id = ${file!.id} and seq = 2`
    await db.sql`update files set chunks = 2 where id = ${file!.id}`
    await expect(store.get(jobId, 'evidence')).rejects.toThrow()
  })

  it('replaces a chunked file written again whole, leaving no old chunk behind', async () => {
    const { store } = services()
    const jobId = await reservedJob()
    const writer = store.writer(jobId, { role: 'questionnaire', name: 'q.csv' })
    await writer.write(randomBytes(CHUNK_BYTES + 1))
    await writer.finish()
    await store.put(jobId, { role: 'questionnaire', name: 'q.csv', bytes: new Uint8Array([1, 2, 3]) })
    expect([...(await store.get(jobId, 'questionnaire'))!.bytes]).toEqual([1, 2, 3])
    const left = await db.sql`select 1 from file_chunks c join files f on f.id = c.file_id where f.job_id = ${jobId}`
    expect(left).toHaveLength(0)
  })

  it('are written while the same pool answers other queries, without losing a connection', async () => {
    // Two connections, many writers and queries at once: postgres.js pipelines queries onto busy connections, and
    // a query that arrives while a connection is in COPY mode makes the server drop it. The writer copies on a
    // connection of its own.
    const pool = openPostgres(db.url, { max: 2, onnotice: () => {} })
    try {
      const store = fileStore(pool, randomBytes(32))
      const jobs = await Promise.all(Array.from({ length: 4 }, () => reservedJob()))
      const bytes = randomBytes(Math.round(2.5 * CHUNK_BYTES))
      const writes = jobs.map(async (jobId) => {
        const writer = store.writer(jobId, { role: 'evidence', name: 'big.pdf', position: 0 })
        for (let at = 0; at < bytes.byteLength; at += 65_536) await writer.write(bytes.subarray(at, at + 65_536))
        return writer.finish()
      })
      const queries = Array.from({ length: 200 }, (_, i) => pool`select ${i}::int as n`.then((r) => r[0]!.n))
      const [written, answered] = await Promise.all([Promise.all(writes), Promise.all(queries)])
      expect(written.map((w) => w.size)).toEqual(jobs.map(() => bytes.byteLength))
      expect(answered).toEqual(Array.from({ length: 200 }, (_, i) => i))
      for (const jobId of jobs) expect(Buffer.compare((await store.get(jobId, 'evidence'))!.bytes, bytes)).toBe(0)
    } finally {
      await pool.end()
    }
  })
})
