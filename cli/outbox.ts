import { parseArgs } from 'node:util'
import { z } from 'zod'
import { getEnv } from '../app/infra/env.server'
import { addressTag, readOutbox } from '../app/mail/transport.server'
import { openDatabase } from './database'
import { UsageError } from './usage-error'

const HELP = `Usage: qfill outbox [--to EMAIL] [--limit N] [--reveal]

Prints the e-mails kept in the outbox, newest first: every message when SMTP_URL is not set, and any message
whose SMTP delivery failed. Access tokens are not stored in the clear: a message that carried one shows a
placeholder where it was.

  --to EMAIL   only messages to this address (the log names it by the tag printed here)
  --limit N    at most N messages (default 20)
  --reveal     unseal the access tokens and print them in the messages. Run it on the server, and pass each
               token to its recipient and to no one else.`

export async function outboxCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      to: { type: 'string' },
      limit: { type: 'string' },
      reveal: { type: 'boolean', default: false },
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
  const env = getEnv()
  const db = await openDatabase(env)
  try {
    const entries = await readOutbox(db.sql, { to: values.to, limit: limit.data, reveal: values.reveal })
    if (values.to) console.error(`Messages to ${values.to} (${addressTag(values.to)} in the log).`)
    if (!entries.length) {
      console.error('The outbox is empty.')
      return 0
    }
    const withTokens = entries.filter((e) => e.hasToken).length
    if (values.reveal && withTokens)
      console.error(
        `Revealing the access tokens of ${withTokens} message${withTokens === 1 ? '' : 's'} (--reveal): pass each only to its recipient.`,
      )
    for (const e of entries) {
      console.log(
        `#${e.id}  ${e.createdAt.toISOString()}  to ${e.recipient}  (${e.reason})\nSubject: ${e.subject}\n\n${e.text}\n${'-'.repeat(72)}`,
      )
    }
    if (!values.reveal && withTokens)
      console.error(
        `${withTokens} message${withTokens === 1 ? '' : 's'} carried an access token, withheld above: run "qfill outbox --reveal" to print it.`,
      )
    return 0
  } finally {
    await db.close()
  }
}
