import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { z } from 'zod'
import type { Sql } from '../infra/db.server'
import { sendMail, type MailConfig, type MailResult } from '../mail/transport.server'
import { tokenEmail } from '../mail/templates'
import { createToken } from './tokens.server'

const require = createRequire(import.meta.url)
// Maintained lists (npm): free webmail providers and disposable-address services.
const FREE_DOMAINS = new Set<string>(require('free-email-domains') as string[])
const DISPOSABLE_DOMAINS = new Set<string>(require('disposable-email-domains') as string[])

export const CORPORATE_EMAIL_MESSAGE =
  'Personal email domains (such as Gmail, Outlook or Yahoo) and disposable addresses are not accepted for the free trial. Please use your work email address.'

export const emailSchema = z
  .string({ required_error: 'Please enter your email address' })
  .trim()
  .min(1, 'Please enter your email address')
  .max(254, 'Email addresses are at most 254 characters')
  .email('Please enter a valid email address')
  .transform((v) => v.toLowerCase())

/** Whether an address belongs to a personal webmail or disposable domain (or any subdomain of one). */
export function isPersonalEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  const parts = domain.split('.')
  for (let i = 0; i < parts.length - 1; i++) {
    const candidate = parts.slice(i).join('.')
    if (FREE_DOMAINS.has(candidate) || DISPOSABLE_DOMAINS.has(candidate)) return true
  }
  return false
}

/**
 * What remembers that an address had its trial once the address itself is deleted (a day after its token ends):
 * SHA-256 of the lower-cased address with a fixed prefix. sql/00070_retention.sql computes the same in SQL.
 */
export function trialClaimHash(email: string): string {
  return createHash('sha256').update(`qfill-trial-claim:${email.toLowerCase()}`, 'utf8').digest('hex')
}

export type TrialResult =
  | { ok: true; email: string; mail: MailResult; expiresAt: Date | null }
  | { ok: false; code: 'corporate_email_required' | 'trial_already_used'; message: string; status: number }

/**
 * Issues a free trial: one per address, work addresses only. The token is e-mailed (or kept in the outbox when no
 * SMTP server is configured) and never returned to the caller, so only the owner of the address can use it.
 */
export async function createFreeTrial(
  sql: Sql,
  input: { email: string; mail: MailConfig; baseUrl: string; now?: Date },
): Promise<TrialResult> {
  const email = input.email.toLowerCase()
  if (isPersonalEmail(email))
    return { ok: false, code: 'corporate_email_required', message: CORPORATE_EMAIL_MESSAGE, status: 400 }
  const issued = await sql
    .begin(async (tx) => {
      const created = await createToken(tx, { plan: 'trial', email, now: input.now })
      const claimed = await tx`
        insert into trial_claims (email, email_hash, token_id) values (${email}, ${trialClaimHash(email)}, ${created.row.id})
        on conflict do nothing returning token_id`
      if (!claimed.length) throw new TrialTaken()
      return created
    })
    .catch((error) => {
      if (error instanceof TrialTaken) return null
      throw error
    })
  if (!issued) {
    return {
      ok: false,
      code: 'trial_already_used',
      message:
        'A free trial has already been issued to this email address. Check your inbox for the token, or purchase a plan to continue.',
      status: 409,
    }
  }
  const mail = await sendMail(
    sql,
    input.mail,
    tokenEmail({
      to: email,
      token: issued.token,
      plan: 'trial',
      quota: issued.row.quota,
      expiresAt: issued.row.expiresAt,
      baseUrl: input.baseUrl,
    }),
  )
  return { ok: true, email, mail, expiresAt: issued.row.expiresAt }
}

class TrialTaken extends Error {}
