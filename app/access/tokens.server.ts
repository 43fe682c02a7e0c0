import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Queryable } from '../db.server'

export const PLANS = ['trial', 'single', 'starter', 'pro', 'monthly'] as const
export type Plan = (typeof PLANS)[number]

export const PLAN_LABELS: Record<Plan, string> = {
  trial: 'Free Trial',
  single: 'Pay Per Use',
  starter: 'Starter Plan',
  pro: 'Professional Plan',
  monthly: 'Professional Plan',
}

const DAY = 24 * 60 * 60 * 1000
/** Quota (questionnaires; null = unlimited) and lifetime of a new token of each plan. */
export const PLAN_DEFAULTS: Record<Plan, { quota: number | null; lifetimeMs: number | null }> = {
  trial: { quota: 2, lifetimeMs: null },
  single: { quota: 1, lifetimeMs: null },
  starter: { quota: 1, lifetimeMs: null },
  pro: { quota: null, lifetimeMs: 30 * DAY },
  monthly: { quota: null, lifetimeMs: 30 * DAY },
}

/** What a token may look like when typed or pasted: the spec's 10 to 128 characters, no spaces. */
export const tokenSchema = z
  .string({ required_error: 'Please enter your access token' })
  .transform((v) => v.replace(/[\s\u0000]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Please enter your access token')
      .min(10, 'Please enter a valid access token')
      .max(128, 'Access tokens are at most 128 characters'),
  )

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
  const expiresAt = input.expiresAt === undefined ? (defaults.lifetimeMs ? new Date(now.getTime() + defaults.lifetimeMs) : null) : input.expiresAt
  const [row] = await sql<TokenRow[]>`
    insert into tokens (token_hash, plan, email, quota, expires_at)
    values (${hashToken(token)}, ${input.plan}, ${input.email ?? null}, ${quota}, ${expiresAt})
    returning id, plan, email, quota, used, expires_at as "expiresAt", revoked_at as "revokedAt", created_at as "createdAt"`
  return { token, row: { ...row!, id: Number(row!.id) } }
}

export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }

/** Looks a token up by its hash. Expired and revoked tokens are reported as such, not as unknown. */
export async function checkToken(sql: Queryable, token: string, now = new Date()): Promise<TokenCheck> {
  const [row] = await sql<TokenRow[]>`
    select id, plan, email, quota, used, expires_at as "expiresAt", revoked_at as "revokedAt", created_at as "createdAt"
    from tokens where token_hash = ${hashToken(token)}`
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revokedAt) return { ok: false, reason: 'revoked' }
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, reason: 'expired' }
  return { ok: true, row: { ...row, id: Number(row.id) } }
}

export function remaining(row: Pick<TokenRow, 'quota' | 'used'>): number | null {
  return row.quota === null ? null : Math.max(0, row.quota - row.used)
}

export const TOKEN_MESSAGES = {
  unknown: 'Token not found or expired',
  expired: 'This access token has expired. Purchase a plan to continue.',
  revoked: 'This access token has been revoked.',
  exhausted: 'Token quota exhausted. Purchase a plan to continue.',
} as const
