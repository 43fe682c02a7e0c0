import { createHmac } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Queryable } from '../infra/db.server'
import { getEnv, secrets } from '../infra/env.server'
import { log } from '../infra/log.server'
import { decrypt, encrypt } from '../storage/crypto.server'
import type { MailMessage } from './templates'

export interface MailConfig {
  smtpUrl?: string
  from: string
}

export type MailResult = { delivered: true; messageId: string } | { delivered: false; outboxId: number; reason: string }

/** Where a kept message had its access token: `qfill outbox --reveal` puts the token back. */
export const TOKEN_PLACEHOLDER = '[access token withheld: an operator reveals it with qfill outbox --reveal]'

/**
 * Sends a message by SMTP when SMTP_URL is set. Without it (the embedded default), or when delivery fails, the
 * message goes to the outbox table for an operator (`qfill outbox`), with its access token replaced by a
 * placeholder and the token itself sealed with the file key (issue 16, finding 9): the real token leaves only by
 * SMTP, or by `qfill outbox --reveal` run on the server. Log lines name the recipient by a keyed hash of the
 * address (addressTag), never the address, and never the body.
 */
export async function sendMail(sql: Queryable, config: MailConfig, message: MailMessage): Promise<MailResult> {
  if (config.smtpUrl) {
    try {
      const transport = nodemailer.createTransport(config.smtpUrl)
      const info = await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
      transport.close()
      log('info', `mail to ${addressTag(message.to)} sent ("${message.subject}")`)
      return { delivered: true, messageId: info.messageId }
    } catch (error) {
      return toOutbox(sql, message, `SMTP delivery failed: ${smtpReason(error)}`)
    }
  }
  return toOutbox(sql, message, 'SMTP_URL is not set')
}

/** The SMTP error without the addresses servers like to quote back ("<x@y>: Recipient address rejected"). */
function smtpReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>').slice(0, 300)
}

/**
 * How logs name a recipient: HMAC-SHA-256 of the lower-cased address under the file key, 16 hex digits. The
 * same address always gets the same tag (an operator can follow one customer's mails, and `qfill outbox --to`
 * prints it), but the tag cannot be reversed by hashing a list of likely addresses without the key.
 */
export function addressTag(email: string, key: Buffer = secrets(getEnv()).fileKey): string {
  return `addr:${createHmac('sha256', key).update(`qfill-mail-log:${email.trim().toLowerCase()}`).digest('hex').slice(0, 16)}`
}

function withheld(text: string, token: string | undefined): string {
  if (!token) return text
  return text.split(token).join(TOKEN_PLACEHOLDER).split(encodeURIComponent(token)).join(TOKEN_PLACEHOLDER)
}

async function toOutbox(sql: Queryable, message: MailMessage, reason: string): Promise<MailResult> {
  const [row] = await sql<{ id: string }[]>`
    insert into outbox (recipient, subject, text_body, html_body, reason)
    values (${message.to}, ${message.subject}, ${withheld(message.text, message.token)},
            ${withheld(message.html, message.token)}, ${reason})
    returning id`
  const outboxId = Number(row!.id)
  if (message.token) {
    const sealed = encrypt(secrets(getEnv()).fileKey, Buffer.from(message.token, 'utf8'), `outbox:${outboxId}`)
    await sql`update outbox set token_sealed = ${sealed} where id = ${outboxId}`
  }
  log(
    'warn',
    `mail to ${addressTag(message.to)} ("${message.subject}") kept in the outbox as #${outboxId} (${reason}); read it with "qfill outbox"`,
  )
  return { delivered: false, outboxId, reason }
}

export interface OutboxEntry {
  id: number
  recipient: string
  subject: string
  /** The body as stored: any access token replaced by TOKEN_PLACEHOLDER, unless revealed. */
  text: string
  reason: string
  createdAt: Date
  /** Whether an access token was withheld from the stored body. */
  hasToken: boolean
}

/**
 * The outbox, newest first. With `reveal`, the withheld tokens are unsealed and put back into the bodies: only for
 * `qfill outbox --reveal`, run by an operator on the server.
 */
export async function readOutbox(
  sql: Queryable,
  options: { to?: string; limit?: number; reveal?: boolean } = {},
): Promise<OutboxEntry[]> {
  const rows = await sql<(Omit<OutboxEntry, 'id' | 'hasToken'> & { id: string; tokenSealed: Buffer | null })[]>`
    select id, recipient, subject, text_body as text, reason, created_at as "createdAt", token_sealed as "tokenSealed"
    from outbox
    where ${options.to ?? null}::text is null or lower(recipient) = lower(${options.to ?? null}::text)
    order by id desc limit ${options.limit ?? 20}`
  const key = options.reveal ? secrets(getEnv()).fileKey : null
  return rows.map(({ tokenSealed, ...r }) => {
    const id = Number(r.id)
    let text = r.text
    if (key && tokenSealed) {
      const token = decrypt(key, tokenSealed, `outbox:${id}`).toString('utf8')
      text = text.split(TOKEN_PLACEHOLDER).join(token)
    }
    return { ...r, id, text, hasToken: tokenSealed !== null }
  })
}
