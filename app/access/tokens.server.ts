import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../infra/db.server'
import { remaining } from './figures'

export const PLANS = ['trial', 'single', 'starter', 'pro', 'monthly'] as const
export type Plan = (typeof PLANS)[number]

export const PLAN_LABELS: Record<Plan, string> = {
  trial: 'Free Trial',
  single: 'Pay Per Use',
  starter: 'Starter Plan',
  pro: 'Professional Plan',
  monthly: 'Professional Plan',
}

/** A plan's label, or the raw value for a plan this build does not know (the spec: "other values shown raw"). */
export function planLabel(plan: string): string {
  return (PLAN_LABELS as Record<string, string>)[plan] ?? plan
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/**
 * Quota (questionnaires; null = unlimited) and lifetime of a new token of each plan (the spec's section 6): a
 * trial and a pay-per-use token expire 1 hour after issue (pay per use also once its questionnaire is spent),
 * Professional lasts 30 days and is renewed by each paid invoice. `jobsAtOnce`: how many questionnaires the plan
 * has queued or processing at a time (null: no limit beyond the uploads in flight, access/quota.server.ts).
 */
export const PLAN_DEFAULTS: Record<
  Plan,
  { quota: number | null; lifetimeMs: number | null; jobsAtOnce: number | null }
> = {
  trial: { quota: 2, lifetimeMs: HOUR, jobsAtOnce: 1 },
  single: { quota: 1, lifetimeMs: HOUR, jobsAtOnce: 1 },
  starter: { quota: 1, lifetimeMs: HOUR, jobsAtOnce: 1 },
  pro: { quota: null, lifetimeMs: 30 * DAY, jobsAtOnce: null },
  monthly: { quota: null, lifetimeMs: 30 * DAY, jobsAtOnce: null },
}
export const PRO_PERIOD_MS = 30 * DAY

/** Unlimited plans' jobs go first in the queue (graphile-worker runs lower priority numbers first). */
export function jobPriority(plan: Plan): number {
  return plan === 'pro' || plan === 'monthly' ? -10 : 0
}

export interface TokenRow {
  id: number
  plan: Plan
  email: string | null
  quota: number | null
  used: number
  expiresAt: Date | null
  revokedAt: Date | null
  createdAt: Date
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}

export function generateToken(): string {
  return `qf_${randomBytes(32).toString('base64url')}`
}

/** Creates a token and returns it in the clear: the only time it exists outside its holder's hands. */
export async function createToken(
  sql: Queryable,
  input: { plan: Plan; email?: string | null; quota?: number | null; expiresAt?: Date | null; now?: Date },
): Promise<{ token: string; row: TokenRow }> {
  const defaults = PLAN_DEFAULTS[input.plan]
  const token = generateToken()
  const now = input.now ?? new Date()
  const quota = input.quota === undefined ? defaults.quota : input.quota
  const expiresAt =
    input.expiresAt === undefined
      ? defaults.lifetimeMs
        ? new Date(now.getTime() + defaults.lifetimeMs)
        : null
      : input.expiresAt
  const [row] = await sql<TokenRow[]>`
    insert into tokens (token_hash, plan, email, quota, expires_at, created_at)
    values (${hashToken(token)}, ${input.plan}, ${input.email ?? null}, ${quota}, ${expiresAt}, ${now})
    returning id, plan, email, quota, used, expires_at as "expiresAt", revoked_at as "revokedAt", created_at as "createdAt"`
  return { token, row: { ...row!, id: Number(row!.id) } }
}

export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }

/**
 * What a token may be used for. 'upload' needs an unexpired token. 'read' (status, downloads, the token-status
 * page) also accepts a token whose expiry has passed while one of its questionnaires is still being processed
 * or its files are still available: a trial token that expires at minute 60 must not lock its holder out of a
 * result completed at minute 62. Once those files are gone, the token is expired for everything.
 */
export type TokenPurpose = 'upload' | 'read'

const TOKEN_COLUMNS = `id, plan, email, quota, used, expires_at as "expiresAt", revoked_at as "revokedAt", created_at as "createdAt"`

function usable(row: TokenRow & { liveJobs: boolean }, now: Date, purpose: TokenPurpose): TokenCheck {
  const { liveJobs, ...token } = row
  if (token.revokedAt) return { ok: false, reason: 'revoked' }
  if (token.expiresAt && token.expiresAt <= now && !(purpose === 'read' && liveJobs))
    return { ok: false, reason: 'expired' }
  return { ok: true, row: { ...token, id: Number(token.id) } }
}

async function lookUp(sql: Queryable, where: 'token_hash' | 'id', value: Buffer | number, now: Date) {
  const [row] = await sql.unsafe<(TokenRow & { liveJobs: boolean })[]>(
    `select ${TOKEN_COLUMNS}, exists (
       select 1 from jobs j where j.token_id = tokens.id
         and (j.state in ('queued', 'processing') or (j.state = 'completed' and j.expires_at > $2))
     ) as "liveJobs"
     from tokens where ${where} = $1`,
    [value as never, now],
  )
  return row
}

/** Looks a token up by its hash. Expired and revoked tokens are reported as such, not as unknown. */
export async function checkToken(
  sql: Queryable,
  token: string,
  options: { now?: Date; purpose?: TokenPurpose } = {},
): Promise<TokenCheck> {
  const now = options.now ?? new Date()
  const row = await lookUp(sql, 'token_hash', hashToken(token), now)
  if (!row) return { ok: false, reason: 'unknown' }
  return usable(row, now, options.purpose ?? 'read')
}

export async function checkTokenById(
  sql: Queryable,
  id: number,
  options: { now?: Date; purpose?: TokenPurpose } = {},
): Promise<TokenCheck> {
  const now = options.now ?? new Date()
  const row = await lookUp(sql, 'id', id, now)
  if (!row) return { ok: false, reason: 'unknown' }
  return usable(row, now, options.purpose ?? 'read')
}

export { remaining } from './figures'

/** Whether a token can take another questionnaire now: not expired, not revoked, quota left. */
export function canUpload(row: TokenRow, now = new Date()): boolean {
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return false
  const left = remaining(row)
  return left === null || left > 0
}

export const TOKEN_MESSAGES = {
  unknown: 'Token not found or expired',
  expired: 'This access token has expired. Purchase a plan to continue.',
  revoked: 'This access token has been revoked.',
  exhausted: 'Token quota exhausted. Purchase a plan to continue.',
} as const

/** Revokes a token: it stops working everywhere at once, and its browser sessions are deleted. */
export async function revokeToken(sql: Queryable, id: number, now = new Date()): Promise<boolean> {
  const rows =
    await sql`update tokens set revoked_at = coalesce(revoked_at, ${now}), renews = false where id = ${id} returning id`
  await sql`delete from sessions where token_id = ${id}`
  return rows.length > 0
}

/** Moves a token's expiry (operators: `qfill token extend`). */
export async function extendToken(sql: Queryable, id: number, expiresAt: Date | null): Promise<TokenRow | null> {
  const [row] = await sql.unsafe<TokenRow[]>(
    `update tokens set expires_at = $2 where id = $1 returning ${TOKEN_COLUMNS}`,
    [id, expiresAt as never],
  )
  return row ? { ...row, id: Number(row.id) } : null
}

export async function listTokens(
  sql: Queryable,
  options: { email?: string; limit?: number } = {},
): Promise<TokenRow[]> {
  const rows = await sql.unsafe<TokenRow[]>(
    `select ${TOKEN_COLUMNS} from tokens where ($1::text is null or lower(email) = lower($1)) order by id desc limit $2`,
    [options.email ?? null, options.limit ?? 50],
  )
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/**
 * Clears the e-mail address of every token that ended (expired or revoked) more than `after` ago, with its copies
 * on the trial claim and the checkout session (retention, /privacy). Returns how many tokens it cleared.
 */
export async function forgetEndedEmails(sql: Queryable, after: string, at?: Date): Promise<number> {
  const result = await sql`
    with ended as (
      select id from tokens
      where email is not null
        and coalesce(revoked_at, expires_at) <= coalesce(${at ?? null}::timestamptz, now()) - ${after}::interval
    ),
    claims as (update trial_claims set email = null where email is not null and token_id in (select id from ended)),
    checkouts as (
      update checkout_sessions set email = null where email is not null and token_id in (select id from ended)
    )
    update tokens set email = null where id in (select id from ended)`
  return result.count
}
