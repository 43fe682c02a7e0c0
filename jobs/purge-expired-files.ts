import type { Task } from 'graphile-worker'
import type { Sql } from '../app/infra/db.server'
import { forgetEndedEmails } from '../app/access/tokens.server'
import { discardUpload, failForGood } from '../app/job/actions.server'
import { expireJobs, forgetJobs, purgeJobs } from '../app/job/lifecycle.server'
import { abandonedJobIds, staleUploadIds } from '../app/job/read.server'
import { services } from '../app/infra/services.server'

/** A job still queued or processing this long after it was accepted is abandoned: it fails (ADR 012). */
export const ABANDONED_AFTER_HOURS = 24
/** An upload still reading after this long lost its request (the web process stopped): it is discarded. */
export const STALE_UPLOAD_MINUTES = 30

/** What one purge run did. */
export interface PurgeCounts {
  /** Jobs whose retention ended in this run (completed or failed). */
  expired: number
  /** Jobs left queued or processing for ABANDONED_AFTER_HOURS, now failed (quota given back) and purged. */
  abandoned: number
  /** Uploads that never finished, discarded (quota given back). */
  uploads: number
  /** File rows deleted, of any job whose files are gone (expired, abandoned, cancelled or deleted by its owner). */
  files: number
  /** Job rows purged: their file names, sheet names and evidence list cleared. */
  scrubbed: number
}

/**
 * Ends what is due, with the lifecycle's transitions: abandoned jobs fail (quota back), broken-off uploads go,
 * finished jobs past their retention (1 hour after completion or failure by default) expire, and every expired,
 * cancelled or deleted job is purged: its files deleted and the names its row holds cleared. Runs every minute.
 */
export const purgeExpiredFiles: Task = async (_payload, helpers) => {
  const counts = await purgeExpired()
  if (counts.expired || counts.abandoned || counts.uploads || counts.files || counts.scrubbed) {
    helpers.logger.info(
      `purge: ${counts.expired} expired, ${counts.abandoned} abandoned job(s), ${counts.uploads} broken-off upload(s); ${counts.files} file(s) deleted, ${counts.scrubbed} job row(s) cleared`,
    )
  }
}

export async function purgeExpired(now?: Date): Promise<PurgeCounts> {
  const { sql, store } = services()
  const abandoned = await abandonedJobIds(sql, ABANDONED_AFTER_HOURS, now)
  for (const id of abandoned)
    await failForGood(sql, id, { error: { code: 'abandoned', params: {} }, refund: true, retentionMinutes: 0 })
  const uploads = await staleUploadIds(sql, STALE_UPLOAD_MINUTES, now)
  for (const id of uploads) await discardUpload(sql, id)
  const counts = await sql.begin(async (tx) => {
    const expired = await expireJobs(tx, { at: now })
    const purged = await purgeJobs(tx, { at: now })
    const files = await store.removeGone(tx)
    return { expired: expired.length, files, scrubbed: purged.length }
  })
  // Rate-limit windows long over (the limiter ignores them; this keeps the table small).
  await sql`delete from rate_limits where expire < ${Date.now() - 60 * 60 * 1000}`.catch(() => {})
  return { ...counts, abandoned: abandoned.length, uploads: uploads.length }
}

export const RETENTION_TASK = 'enforce_retention'

/** How long records are kept (the /privacy retention table states the same). */
export const RETENTION = {
  /** A token's e-mail address (and its checkout and trial-claim copies) after the token expired or was revoked. */
  emailAfterTokenEnds: '1 day',
  /** Job rows (counts, confidence, status: the usage records) and sessions, payments and Stripe event ids. */
  usageRecords: '12 months',
  /** Messages kept in the outbox for an operator when no SMTP server delivered them. */
  outbox: '7 days',
} as const

export interface RetentionCounts {
  emails: number
  jobs: number
  sessions: number
  outbox: number
  stripeEvents: number
}

/**
 * Deletes what the privacy policy says goes: e-mail addresses a day after their token ended (the trial claim keeps
 * only a hash), job rows and payment records after 12 months, expired sessions, undelivered messages after 7 days.
 * Runs daily; idempotent.
 */
export async function enforceRetention(sql: Sql, now?: Date): Promise<RetentionCounts> {
  const at = now ?? null
  return sql.begin(async (tx) => {
    const emails = await forgetEndedEmails(tx, RETENTION.emailAfterTokenEnds, now)
    const jobs = await forgetJobs(tx, { olderThan: RETENTION.usageRecords, at: now })
    const stripeEvents = await tx`
      delete from stripe_events where received_at <= coalesce(${at}::timestamptz, now()) - ${RETENTION.usageRecords}::interval`
    const sessions = await tx`delete from sessions where expires_at <= coalesce(${at}::timestamptz, now())`
    const outbox = await tx`
      delete from outbox where created_at <= coalesce(${at}::timestamptz, now()) - ${RETENTION.outbox}::interval`
    return {
      emails,
      jobs,
      sessions: sessions.count,
      outbox: outbox.count,
      stripeEvents: stripeEvents.count,
    }
  })
}

export const enforceRetentionTask: Task = async (_payload, helpers) => {
  const c = await enforceRetention(services().sql)
  helpers.logger.info(
    `retention: ${c.emails} e-mail address(es), ${c.jobs} job record(s), ${c.sessions} session(s), ${c.outbox} outbox message(s), ${c.stripeEvents} payment event id(s) deleted`,
  )
}

export const VACUUM_TASK = 'vacuum_files'

/**
 * Deleted rows stay in the table's pages until VACUUM removes them. Every 15 minutes a plain VACUUM (no lock that
 * blocks reads or writes) makes them unreachable and their space reusable; once a day VACUUM FULL rewrites the
 * table so no page of the live files holds a deleted file's ciphertext. It gives up rather than wait behind a
 * long upload (lock_timeout), and tries again the next day.
 */
export const vacuumFiles: Task = async (payload, helpers) => {
  const full = Boolean((payload as { full?: unknown } | null)?.full)
  await vacuum(services().sql, { full })
  helpers.logger.info(`vacuumed the files table${full ? ' (full)' : ''}`)
}

export async function vacuum(sql: Sql, options: { full?: boolean } = {}) {
  const conn = await sql.reserve()
  try {
    if (options.full) {
      await conn.unsafe(`set lock_timeout = '5s'`)
      await conn.unsafe('vacuum (full) files, file_chunks').catch((error: { code?: string }) => {
        if (error.code !== '55P03') throw error // lock_not_available: a busy moment, try next time
      })
      await conn.unsafe('reset lock_timeout')
    } else {
      await conn.unsafe('vacuum files, file_chunks')
    }
  } finally {
    conn.release()
  }
}
