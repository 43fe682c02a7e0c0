import type { Queryable } from '../infra/db.server'
import { PLAN_DEFAULTS, TOKEN_MESSAGES, type Plan } from './tokens.server'

/**
 * A token's quota and validity over time: spend (an upload, before its first byte), refund (a job that failed for
 * our reasons), grant (a questionnaire bought for the token) and renew (a paid invoice). The only code that changes
 * `tokens.used`, `tokens.quota` or moves `tokens.expires_at` after issue (besides an operator's `qfill token extend`).
 */

/** Uploads one token may have in flight at once, whatever its plan (each holds a connection and its files). */
export const MAX_UPLOADS_IN_FLIGHT = 3

export type SpendRefusal = 'unknown' | 'revoked' | 'expired' | 'exhausted' | 'busy' | 'uploads'

/** What an upload refused for spending answers: status, code and a message that says what to do. */
export const SPEND_REFUSALS: Record<SpendRefusal, { status: 401 | 402 | 409 | 429; code: string; message: string }> = {
  unknown: { status: 401, code: 'invalid_token', message: TOKEN_MESSAGES.unknown },
  revoked: { status: 401, code: 'token_revoked', message: TOKEN_MESSAGES.revoked },
  expired: { status: 402, code: 'token_expired', message: TOKEN_MESSAGES.expired },
  exhausted: { status: 402, code: 'quota_exhausted', message: TOKEN_MESSAGES.exhausted },
  busy: {
    status: 409,
    code: 'job_in_progress',
    message:
      'This token already has a questionnaire in progress, and its plan processes one at a time: wait until it has finished, then upload the next.',
  },
  uploads: {
    status: 429,
    code: 'too_many_uploads',
    message: `This token already has ${MAX_UPLOADS_IN_FLIGHT} uploads in progress: wait until one of them has finished, then try again.`,
  },
}

export type Spent = { ok: true; plan: Plan } | { ok: false; reason: SpendRefusal }

/**
 * Spends one questionnaire of the token for a new job, under a lock on the token row so two uploads cannot both
 * take the last one. Refused when the token is revoked or expired, its quota is used up, its plan runs one job at
 * a time and one is live, or it has MAX_UPLOADS_IN_FLIGHT uploads still reading. Call it in the transaction that
 * creates the job.
 */
export async function spend(tx: Queryable, tokenId: number, now = new Date()): Promise<Spent> {
  const [token] = await tx<{ plan: Plan; quota: number | null; used: number; revoked: boolean; expired: boolean }[]>`
    select plan, quota, used, revoked_at is not null as revoked,
      (expires_at is not null and expires_at <= ${now}) as expired
    from tokens where id = ${tokenId} for update`
  if (!token) return { ok: false, reason: 'unknown' }
  if (token.revoked) return { ok: false, reason: 'revoked' }
  if (token.expired) return { ok: false, reason: 'expired' }
  if (token.quota !== null && token.used >= token.quota) return { ok: false, reason: 'exhausted' }
  const [live] = await tx<{ live: number; uploading: number }[]>`
    select count(*)::int as live, count(*) filter (where state = 'uploading')::int as uploading
    from jobs where token_id = ${tokenId} and state in ('uploading', 'queued', 'processing')`
  const atOnce = PLAN_DEFAULTS[token.plan].jobsAtOnce
  if (atOnce !== null && live!.live >= atOnce) return { ok: false, reason: 'busy' }
  if (live!.uploading >= MAX_UPLOADS_IN_FLIGHT) return { ok: false, reason: 'uploads' }
  await tx`update tokens set used = used + 1 where id = ${tokenId}`
  return { ok: true, plan: token.plan }
}

/** Gives one questionnaire back (the job module records, on the job, that it was given back: at most once). */
export async function refund(tx: Queryable, tokenId: number): Promise<void> {
  await tx`update tokens set used = greatest(used - 1, 0) where id = ${tokenId}`
}

/** One more questionnaire for a token (a per-questionnaire payment), usable until `usableUntil` at least. */
export async function grant(tx: Queryable, tokenId: number, usableUntil: Date): Promise<void> {
  await tx`
    update tokens set quota = case when quota is null then null else quota + 1 end,
      expires_at = case when expires_at is null then null else greatest(expires_at, ${usableUntil}) end
    where id = ${tokenId}`
}

/** A paid period of a subscription: its tokens stay valid until `paidUntil` (never shortened). */
export async function renew(tx: Queryable, subscriptionId: string, paidUntil: Date): Promise<void> {
  await tx`
    update tokens set expires_at = greatest(expires_at, ${paidUntil})
    where stripe_subscription_id = ${subscriptionId} and revoked_at is null`
}

/** Ties a token to the subscription that pays for it; `renews` is false once the subscription has ended. */
export async function linkSubscription(tx: Queryable, tokenId: number, subscriptionId: string, renews: boolean) {
  await tx`update tokens set stripe_subscription_id = ${subscriptionId}, renews = ${renews} where id = ${tokenId}`
}

/** The subscription ended: its tokens keep the period paid for and stop renewing. */
export async function stopRenewal(tx: Queryable, subscriptionId: string): Promise<void> {
  await tx`update tokens set renews = false where stripe_subscription_id = ${subscriptionId}`
}
