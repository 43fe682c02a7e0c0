import { createHash } from 'node:crypto'
import type { Queryable, Sql } from '../infra/db.server'
import { chunkWriter, readChunks } from './chunks.server'
import { decrypt, encrypt } from './crypto.server'

export type FileRole = 'questionnaire' | 'evidence' | 'xlsx' | 'pdf' | 'answers' | 'checkpoint'

interface Row {
  id: string
  name: string
  position: number
  content: Buffer | null
  chunks: number | null
}

export interface StoredFile {
  name: string
  role: FileRole
  position: number
  bytes: Buffer
}

/**
 * The file store. Today it is a table of encrypted bytea rows, so any web or worker machine can read any job's
 * files; object storage can replace it behind these functions without touching callers.
 */
export function fileStore(sql: Sql, key: Buffer) {
  const context = (jobId: string, role: FileRole, position: number) => `${jobId}/${role}/${position}`
  const open = async (tx: Queryable, jobId: string, role: FileRole, row: Row): Promise<StoredFile> => {
    const at = context(jobId, role, row.position)
    const bytes =
      row.content !== null
        ? decrypt(key, row.content, at)
        : await readChunks(tx, key, { id: row.id, chunks: row.chunks ?? 0, context: at })
    return { name: row.name, role, position: row.position, bytes }
  }

  return {
    async put(
      jobId: string,
      file: { role: FileRole; name: string; bytes: Uint8Array; position?: number },
      tx: Queryable = sql,
    ) {
      const position = file.position ?? 0
      const content = encrypt(key, file.bytes, context(jobId, file.role, position))
      const sha256 = createHash('sha256').update(file.bytes).digest()
      await tx`
        insert into files (job_id, role, position, name, size, sha256, content)
        values (${jobId}, ${file.role}, ${position}, ${file.name}, ${file.bytes.byteLength}, ${sha256}, ${content})
        on conflict (job_id, role, position)
        do update set name = excluded.name, size = excluded.size, sha256 = excluded.sha256, content = excluded.content,
          chunks = null`
      // A file written in chunks before and replaced whole now: its old chunks go.
      await tx`
        delete from file_chunks where file_id =
          (select id from files where job_id = ${jobId} and role = ${file.role} and position = ${position})`
    },

    /** A file written as it arrives, in encrypted chunks (uploads); stored once finish() resolves. */
    writer(jobId: string, file: { role: FileRole; name: string; position?: number }, tx: Queryable = sql) {
      const position = file.position ?? 0
      return chunkWriter(tx, key, { jobId, ...file, position, context: context(jobId, file.role, position) })
    },

    async list(jobId: string, role: FileRole): Promise<StoredFile[]> {
      const rows = await sql<Row[]>`
        select id, name, position, content, chunks from files where job_id = ${jobId} and role = ${role}
        order by position`
      return Promise.all(rows.map((r) => open(sql, jobId, role, r)))
    },

    async get(jobId: string, role: FileRole, position = 0, tx: Queryable = sql): Promise<StoredFile | null> {
      const [row] = await tx<Row[]>`
        select id, name, position, content, chunks from files
        where job_id = ${jobId} and role = ${role} and position = ${position}`
      return row ? open(tx, jobId, role, row) : null
    },

    /** Removes a job's files of the given roles; returns how many were deleted. */
    async removeRoles(jobId: string, roles: FileRole[], tx: Queryable = sql): Promise<number> {
      const result = await tx`delete from files where job_id = ${jobId} and role in ${tx(roles)}`
      return result.count
    },

    /**
     * Removes every file of every job whose files are gone (cancelled, deleted, expired or purged), whatever put
     * them there and whenever: the purge's sweep. Returns how many were deleted.
     */
    async removeGone(tx: Queryable = sql): Promise<number> {
      const result = await tx`
        delete from files f using jobs j
        where f.job_id = j.id and j.state in ('cancelled', 'deleted', 'expired', 'purged')`
      return result.count
    },

    /** Removes every file of a job; returns how many were deleted. */
    async removeAll(jobId: string, tx: Queryable = sql): Promise<number> {
      const result = await tx`delete from files where job_id = ${jobId}`
      return result.count
    },
  }
}

export type FileStore = ReturnType<typeof fileStore>
