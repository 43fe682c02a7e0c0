import type { Task } from 'graphile-worker'
import type { Sql } from '../app/db.server'
import { services } from '../app/services.server'

/** A job still queued or processing this long after upload is abandoned: its files go (ADR 012). */
export const ABANDONED_AFTER_HOURS = 24

/** What one purge run did. */
export interface PurgeCounts {
  /** Jobs whose retention ended in this run (completed or failed). */
  expired: number
  /** Jobs left queued or processing for ABANDONED_AFTER_HOURS, now failed and deleted. */
  abandoned: number
  /** File rows deleted, of any job marked deleted (expired, abandoned, or deleted by its owner). */
  files: number
  /** Job rows whose file names, sheet names and evidence list were cleared. */
  scrubbed: number
}

/**
 * Deletes the files of every job past its expiry (1 hour after completion or failure by default), of deleted jobs
 * (including results a worker stored after the owner pressed 'Delete Files Now') and of abandoned jobs, then
 * clears the names the job row still holds. Runs every minute.
 */
export const purgeExpiredFiles: Task = async (_payload, helpers) => {
  const counts = await purgeExpired()
  if (counts.expired || counts.abandoned || counts.files || counts.scrubbed) {
    helpers.logger.info(
      `purge: ${counts.expired} expired, ${counts.abandoned} abandoned job(s); ${counts.files} file(s) deleted, ${counts.scrubbed} job row(s) cleared`,
    )
  }
}

export async function purgeExpired(now?: Date): Promise<PurgeCounts> {
  const { sql } = services()
  const at = now ?? null
  const counts = await sql.begin(async (tx) => {
    const expired = await tx<{ id: string }[]>`
      update jobs set deleted_at = coalesce(${at}::timestamptz, now())
      where deleted_at is null and expires_at is not null and expires_at <= coalesce(${at}::timestamptz, now())
      returning id`
    const abandoned = await tx<{ id: string }[]>`
      update jobs set status = 'failed', error = 'This job did not finish in time; its files were deleted. Please upload it again.',
        completed_at = coalesce(completed_at, coalesce(${at}::timestamptz, now())), deleted_at = coalesce(${at}::timestamptz, now())
      where deleted_at is null and status in ('queued', 'processing')
        and created_at <= coalesce(${at}::timestamptz, now()) - make_interval(hours => ${ABANDONED_AFTER_HOURS})
      returning id`
    for (const { id } of abandoned) {
      await tx`select graphile_worker.remove_job(${`answer:${id}`}::text)`
    }
    // Every file of every deleted job, whatever put it there and whenever.
    const files = await tx`delete from files f using jobs j where f.job_id = j.id and j.deleted_at is not null`
    // Names the owner uploaded (questionnaire, evidence files, sheets) and anything quoting them: the counts stay
    // so the result page and token status can still say what was done.
    const scrubbed = await tx`
      update jobs set questionnaire_name = '',
        summary = case when summary is null then null else summary - array['sheets', 'evidence', 'notes', 'topReasons'] end
      where deleted_at is not null and deleted_at >= coalesce(${at}::timestamptz, now()) - interval '1 day'
        and (questionnaire_name <> '' or summary ?| array['sheets', 'evidence', 'notes', 'topReasons'])`
    return { expired: expired.length, abandoned: abandoned.length, files: files.count, scrubbed: scrubbed.count }
  })
  // Rate-limit windows long over (the limiter ignores them; this keeps the table small).
  await sql`delete from rate_limits where expire < ${Date.now() - 60 * 60 * 1000}`.catch(() => {})
  return counts
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
    const emails = await tx`
      with ended as (
        select id from tokens
        where email is not null
          and coalesce(revoked_at, expires_at)
            <= coalesce(${at}::timestamptz, now()) - ${RETENTION.emailAfterTokenEnds}::interval
      ),
      claims as (update trial_claims set email = null where email is not null and token_id in (select id from ended)),
      checkouts as (
        update checkout_sessions set email = null where email is not null and token_id in (select id from ended)
      )
      update tokens set email = null where id in (select id from ended)`
    const jobs = await tx`
      delete from jobs where created_at <= coalesce(${at}::timestamptz, now()) - ${RETENTION.usageRecords}::interval`
    const stripeEvents = await tx`
      delete from stripe_events where received_at <= coalesce(${at}::timestamptz, now()) - ${RETENTION.usageRecords}::interval`
    const sessions = await tx`delete from sessions where expires_at <= coalesce(${at}::timestamptz, now())`
    const outbox = await tx`
      delete from outbox where created_at <= coalesce(${at}::timestamptz, now()) - ${RETENTION.outbox}::interval`
    return {
      emails: emails.count,
      jobs: jobs.count,
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
      await conn.unsafe('vacuum (full) files').catch((error: { code?: string }) => {
        if (error.code !== '55P03') throw error // lock_not_available: a busy moment, try next time
      })
      await conn.unsafe('reset lock_timeout')
    } else {
      await conn.unsafe('vacuum files')
    }
  } finally {
    conn.release()
  }
}
