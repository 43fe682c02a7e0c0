import { createHash } from 'node:crypto'
import type { Queryable } from '../infra/db.server'
import { idempotencyKeySchema } from './schemas/jobs'

/**
 * Idempotency-Key on POST /api/fill (ADR 029): a retried request (same token, key and body within 24 hours)
 * answers the job the first one created and spends nothing; the same key with another body is refused. The
 * key is claimed in the transaction that creates the job, so two concurrent requests with one key create one job.
 */

export const IDEMPOTENCY_WINDOW_HOURS = 24

/** The header's key, null when absent, or 'invalid'. */
export function idempotencyKeyOf(request: Request): string | null | 'invalid' {
  const raw = request.headers.get('idempotency-key')
  if (raw === null) return null
  const parsed = idempotencyKeySchema.safeParse(raw.trim())
  return parsed.success ? parsed.data : 'invalid'
}

/**
 * What makes two requests "the same body": their text fields (not the credential) and, in order, each file's
 * field, name and content hash. A multipart boundary or a header order differs between retries; these do not.
 */
export function requestFingerprint(
  fields: readonly (readonly [string, string])[],
  files: readonly { field: string; name: string; sha256: string }[],
): string {
  const hash = createHash('sha256')
  const sorted = fields
    .filter(([name]) => name !== 'token')
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y))
  hash.update(JSON.stringify(sorted))
  for (const file of files) hash.update(JSON.stringify([file.field, file.name, file.sha256]))
  return hash.digest('hex')
}

export type KeyState =
  { kind: 'new' } | { kind: 'pending' } | { kind: 'replay'; jobId: string; evidenceCount: number } | { kind: 'reused' }

/** The fingerprint of a key claimed by an upload whose body is still arriving. */
export const PENDING = ''

/**
 * What a key means for this token now: unused (or older than 24 h), claimed by an upload still arriving, the job it
 * created, or used for another body.
 */
export async function keyState(sql: Queryable, tokenId: number, key: string, fingerprint: string): Promise<KeyState> {
  const [row] = await sql<{ fingerprint: string; jobId: string; evidenceCount: number }[]>`
    select k.fingerprint, k.job_id as "jobId", j.evidence_count as "evidenceCount"
    from api_idempotency_keys k join jobs j on j.id = k.job_id
    where k.token_id = ${tokenId} and k.key = ${key}
      and k.created_at > now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`
  if (!row) return { kind: 'new' }
  if (row.fingerprint === PENDING) return { kind: 'pending' }
  return row.fingerprint === fingerprint ? { kind: 'replay', ...row } : { kind: 'reused' }
}

/** Whether this token used the key in the last 24 hours (whatever the body was). */
export async function keyUsed(sql: Queryable, tokenId: number, key: string): Promise<boolean> {
  const [row] = await sql`
    select 1 from api_idempotency_keys where token_id = ${tokenId} and key = ${key}
      and created_at > now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`
  return row !== undefined
}

/** Another request holds the key: the reserving transaction rolls back (no job, no charge). */
export class KeyTakenError extends Error {
  name = 'KeyTakenError'
}

/**
 * Claims the key for a new job, inside the transaction that reserves it (before the body is read, so with the
 * PENDING fingerprint; settleKey records the real one when the job is accepted, and a discarded job takes its claim
 * with it). A concurrent request with the same key waits here until the other transaction ends, then finds the key
 * taken; a key older than 24 hours is reused.
 */
export async function claimKey(
  tx: Queryable,
  claim: { tokenId: number; key: string; fingerprint: string; jobId: string },
): Promise<void> {
  const claimed = await tx`
    insert into api_idempotency_keys (token_id, key, fingerprint, job_id)
    values (${claim.tokenId}, ${claim.key}, ${claim.fingerprint}, ${claim.jobId})
    on conflict (token_id, key) do update
      set fingerprint = excluded.fingerprint, job_id = excluded.job_id, created_at = now()
      where api_idempotency_keys.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
    returning 1`
  if (!claimed.length) throw new KeyTakenError(`Idempotency-Key ${claim.key} is held by another request`)
}

/** The body arrived whole: the claim records what it was, in the transaction that accepts the job. */
export async function settleKey(
  tx: Queryable,
  claim: { tokenId: number; key: string; fingerprint: string; jobId: string },
): Promise<void> {
  await tx`
    update api_idempotency_keys set fingerprint = ${claim.fingerprint}
    where token_id = ${claim.tokenId} and key = ${claim.key} and job_id = ${claim.jobId}`
}

/** Forgets keys past their window (a daily task). */
export async function deleteExpiredKeys(sql: Queryable): Promise<number> {
  const deleted = await sql`
    delete from api_idempotency_keys where created_at <= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`
  return deleted.count
}
