import { parseArgs } from 'node:util'
import { z } from 'zod'
import { createToken, PLANS, remaining } from '../app/access/tokens.server'
import { getEnv } from '../app/env.server'
import { openDatabase } from './database'
import { UsageError } from './main'

const HELP = `Usage: qfill token create --plan PLAN [--email EMAIL] [--quota N]

Mints an access token and prints it once; only its SHA-256 hash is stored.
  --plan    ${PLANS.join(', ')}
  --email   the holder's e-mail (optional)
  --quota   questionnaires allowed (default: the plan's; "unlimited" for none)`

const optionsSchema = z.object({
  plan: z.enum(PLANS, { errorMap: () => ({ message: `--plan must be one of ${PLANS.join(', ')}` }) }),
  email: z.string().email('--email must be an e-mail address').optional(),
  quota: z
    .union([z.literal('unlimited').transform(() => null), z.coerce.number().int().min(0).max(1_000_000)], {
      errorMap: () => ({ message: '--quota must be a whole number or "unlimited"' }),
    })
    .optional(),
})

export async function tokenCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv
  const { values } = parseArgs({
    args: rest,
    options: {
      plan: { type: 'string' },
      email: { type: 'string' },
      quota: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || sub !== 'create') {
    console.log(HELP)
    return values.help ? 0 : 2
  }
  const parsed = optionsSchema.safeParse(values)
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '))
  const db = await openDatabase(getEnv())
  try {
    const { token, row } = await createToken(db.sql, parsed.data)
    const left = remaining(row)
    console.error(
      `Created a ${row.plan} token${row.email ? ` for ${row.email}` : ''}: ${left === null ? 'unlimited' : `${left}`} questionnaire(s)` +
        `${row.expiresAt ? `, expires ${row.expiresAt.toISOString()}` : ''}. It is shown only this once:`,
    )
    console.log(token)
  } finally {
    await db.close()
  }
  return 0
}
