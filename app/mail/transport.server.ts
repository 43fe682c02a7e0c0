import nodemailer from 'nodemailer'
import type { Queryable } from '../db.server'
import { log } from '../log.server'
import type { MailMessage } from './templates'

export interface MailConfig {
  smtpUrl?: string
  from: string
}

export type MailResult = { delivered: true; messageId: string } | { delivered: false; outboxId: number; reason: string }

/**
 * Sends a message by SMTP when SMTP_URL is set. Without it (the embedded default), or when delivery fails, the
 * message goes to the outbox table for an operator (`qfill outbox`); the log line names recipient and subject
 * only, never the body, because bodies carry access tokens.
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
      return { delivered: true, messageId: info.messageId }
    } catch (error) {
      return toOutbox(sql, message, `SMTP delivery failed: ${(error as Error).message}`)
    }
  }
  return toOutbox(sql, message, 'SMTP_URL is not set')
}

async function toOutbox(sql: Queryable, message: MailMessage, reason: string): Promise<MailResult> {
  const [row] = await sql<{ id: string }[]>`
    insert into outbox (recipient, subject, text_body, html_body, reason)
    values (${message.to}, ${message.subject}, ${message.text}, ${message.html}, ${reason})
    returning id`
  const outboxId = Number(row!.id)
  log(
    'warn',
    `mail to ${message.to} ("${message.subject}") kept in the outbox as #${outboxId} (${reason}); read it with "qfill outbox"`,
  )
  return { delivered: false, outboxId, reason }
}

export interface OutboxEntry {
  id: number
  recipient: string
  subject: string
  text: string
  reason: string
  createdAt: Date
}

export async function readOutbox(
  sql: Queryable,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  const rows = await sql<(Omit<OutboxEntry, 'id'> & { id: string })[]>`
    select id, recipient, subject, text_body as text, reason, created_at as "createdAt" from outbox
    where ${options.to ?? null}::text is null or lower(recipient) = lower(${options.to ?? null}::text)
    order by id desc limit ${options.limit ?? 20}`
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}
