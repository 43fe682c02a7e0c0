import { createHash } from 'node:crypto'
import type { Queryable } from '../infra/db.server'
import { decrypt, encrypt } from './crypto.server'

/**
 * Files stored as they arrive: encrypted chunks of about CHUNK_BYTES each in `file_chunks` (migration 00092), so an
 * upload is never held whole in memory, by the web process or by one statement. Each chunk is sealed with its file,
 * its place and, for the last one, the mark that it is last (AES-GCM associated data): chunks cannot be reordered,
 * moved to another file or cut off without decryption failing.
 */

export const CHUNK_BYTES = 1024 * 1024

export const chunkContext = (file: string, seq: number, last: boolean) => `${file}#${seq}${last ? '/last' : ''}`

export interface ChunkWriter {
  /** Adds bytes; a full chunk is encrypted and stored before this resolves (the caller's backpressure). */
  write(bytes: Uint8Array): Promise<void>
  /** Stores the last chunk and the file's size and hash. */
  finish(): Promise<{ size: number; sha256: Buffer }>
}

export function chunkWriter(
  sql: Queryable,
  key: Buffer,
  file: { jobId: string; role: string; position: number; name: string; context: string },
): ChunkWriter {
  const hash = createHash('sha256')
  let fileId: string | null = null
  let seq = 0
  let size = 0
  let pending: Buffer[] = []
  let pendingBytes = 0

  const open = async () => {
    if (fileId !== null) return fileId
    const [row] = await sql<{ id: string }[]>`
      insert into files (job_id, role, position, name, size, sha256, content, chunks)
      values (${file.jobId}, ${file.role}, ${file.position}, ${file.name}, 0, ${Buffer.alloc(0)}, null, 0)
      returning id`
    fileId = row!.id
    return fileId
  }
  const flush = async (last: boolean) => {
    const id = await open()
    const plain = Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    await copyChunk(sql, id, seq, encrypt(key, plain, chunkContext(file.context, seq, last)))
    seq++
  }

  return {
    async write(bytes) {
      if (!bytes.byteLength) return
      size += bytes.byteLength
      hash.update(bytes)
      pending.push(Buffer.from(bytes))
      pendingBytes += bytes.byteLength
      if (pendingBytes >= CHUNK_BYTES) await flush(false)
    },
    async finish() {
      await flush(true)
      const sha256 = hash.digest()
      await sql`update files set size = ${size}, sha256 = ${sha256}, chunks = ${seq} where id = ${fileId}`
      return { size, sha256 }
    },
  }
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

/**
 * Stores one chunk with COPY in binary format: the ciphertext goes to the server as it is. A parameter would be
 * sent as hex text (postgres.js), three more copies of every megabyte, which is what made the web process grow
 * while uploads streamed.
 */
async function copyChunk(sql: Queryable, fileId: string, seq: number, content: Buffer): Promise<void> {
  const row = Buffer.alloc(COPY_SIGNATURE.byteLength + 8 + 2 + (4 + 8) + (4 + 4) + 4)
  let at = COPY_SIGNATURE.copy(row, 0)
  at = row.writeInt32BE(0, at) // flags
  at = row.writeInt32BE(0, at) // header extension length
  at = row.writeInt16BE(3, at) // fields of the row: file_id, seq, content
  at = row.writeInt32BE(8, at)
  at = row.writeBigInt64BE(BigInt(fileId), at)
  at = row.writeInt32BE(4, at)
  at = row.writeInt32BE(seq, at)
  row.writeInt32BE(content.byteLength, at)
  // On a connection of its own: postgres.js may pipeline the pool's next query onto a connection whose COPY
  // statement is sent but not yet answered, and a query arriving in copy mode makes the server drop the
  // connection ("protocol synchronization was lost"), failing every query on it. A transaction is already ours.
  const reserved = 'reserve' in sql && typeof sql.reserve === 'function' ? await sql.reserve() : null
  try {
    const copy = reserved ?? sql
    const stream = await copy`copy file_chunks (file_id, seq, content) from stdin with (format binary)`.writable()
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject)
      stream.once('finish', resolve)
      stream.write(row)
      stream.write(content)
      stream.end(Buffer.from([0xff, 0xff])) // the end of the copy data
    })
  } finally {
    reserved?.release()
  }
}

/** A chunked file's bytes, checked whole: every chunk present, in order, the last one marked last. */
export async function readChunks(
  sql: Queryable,
  key: Buffer,
  file: { id: string; chunks: number; context: string },
): Promise<Buffer> {
  const rows = await sql<{ seq: number; content: Buffer }[]>`
    select seq, content from file_chunks where file_id = ${file.id} order by seq`
  if (file.chunks === 0 || rows.length !== file.chunks || rows.some((r, i) => r.seq !== i))
    throw new Error('Stored file is incomplete: its chunks do not match its record.')
  return Buffer.concat(
    rows.map((r) => decrypt(key, r.content, chunkContext(file.context, r.seq, r.seq === file.chunks - 1))),
  )
}
