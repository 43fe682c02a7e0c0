import { createHash } from 'node:crypto'
import type { Queryable, Sql } from '../db.server'
import { decrypt, encrypt } from './crypto.server'

export type FileRole = 'questionnaire' | 'evidence' | 'xlsx' | 'pdf' | 'answers' | 'checkpoint'

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
        do update set name = excluded.name, size = excluded.size, sha256 = excluded.sha256, content = excluded.content`
    },

    async list(jobId: string, role: FileRole): Promise<StoredFile[]> {
      const rows = await sql<{ name: string; position: number; content: Buffer }[]>`
        select name, position, content from files where job_id = ${jobId} and role = ${role} order by position`
      return rows.map((r) => ({
        name: r.name,
        role,
        position: r.position,
        bytes: decrypt(key, r.content, context(jobId, role, r.position)),
      }))
    },

    async get(jobId: string, role: FileRole, position = 0, tx: Queryable = sql): Promise<StoredFile | null> {
      const [row] = await tx<{ name: string; content: Buffer }[]>`
        select name, content from files where job_id = ${jobId} and role = ${role} and position = ${position}`
      if (!row) return null
      return { name: row.name, role, position, bytes: decrypt(key, row.content, context(jobId, role, position)) }
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
