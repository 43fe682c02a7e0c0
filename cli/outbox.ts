import { parseArgs } from 'node:util'
import { z } from 'zod'
import { getEnv } from '../app/env.server'
import { readOutbox } from '../app/mail/transport.server'
import { openDatabase } from './database'
import { UsageError } from './usage-error'

const HELP = `Usage: qfill outbox [--to EMAIL] [--limit N]

Prints the e-mails kept in the outbox, newest first: every message when SMTP_URL is not set, and any message
whose SMTP delivery failed. They carry access tokens: pass them on to their recipients, and to no one else.`

export async function outboxCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      to: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    return 0
  }
  const limit = z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .safeParse(values.limit ?? '20')
  if (!limit.success) throw new UsageError('--limit must be a whole number from 1 to 1000')
  const db = await openDatabase(getEnv())
  try {
    const entries = await readOutbox(db.sql, { to: values.to, limit: limit.data })
    if (!entries.length) {
      console.error('The outbox is empty.')
      return 0
    }
    for (const e of entries) {
      console.log(
        `#${e.id}  ${e.createdAt.toISOString()}  to ${e.recipient}  (${e.reason})\nSubject: ${e.subject}\n\n${e.text}\n${'-'.repeat(72)}`,
      )
    }
    return 0
  } finally {
    await db.close()
  }
}
