import { parseArgs } from 'node:util'
import { z } from 'zod'
import {
  createToken,
  extendToken,
  listTokens,
  planLabel,
  PLANS,
  remaining,
  revokeToken,
  type TokenRow,
} from '../app/access/tokens.server'
import { getEnv } from '../app/infra/env.server'
import { openDatabase } from './database'
import { UsageError } from './usage-error'

const HELP = `Usage: qfill token <create|list|revoke|extend> [options]

  create --plan PLAN [--email EMAIL] [--quota N] [--expires-in DURATION]
            Mints an access token and prints it once; only its SHA-256 hash is stored.
            --plan ${PLANS.join(', ')}; --quota a number or "unlimited" (default: the plan's);
            --expires-in e.g. 1h, 30d or "never" (default: the plan's: trial and pay per use 1h, pro 30d).
  list [--email EMAIL] [--limit N]
            Lists tokens (id, plan, usage, expiry, state), newest first. Tokens themselves are never shown.
  revoke ID
            Revokes a token at once and ends its browser sessions.
  extend ID (--by DURATION | --until ISO-DATE | --never)
            Moves a token's expiry: from now (or from its current expiry if later) by DURATION, to a date, or removes it.`

const duration = z
  .string()
  .regex(/^(\d+)(m|h|d)$/, 'durations look like 30m, 12h or 30d')
  .transform((v) => {
    const [, n, unit] = /^(\d+)(m|h|d)$/.exec(v)!
    return Number(n) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 'm' | 'h' | 'd']
  })

const createSchema = z.object({
  plan: z.enum(PLANS, { errorMap: () => ({ message: `--plan must be one of ${PLANS.join(', ')}` }) }),
  email: z.string().email('--email must be an e-mail address').optional(),
  quota: z
    .union([z.literal('unlimited').transform(() => null), z.coerce.number().int().min(0).max(1_000_000)], {
      errorMap: () => ({ message: '--quota must be a whole number or "unlimited"' }),
    })
    .optional(),
  'expires-in': z
    .union([z.literal('never').transform(() => null), duration], {
      errorMap: () => ({ message: '--expires-in must look like 30m, 12h, 30d or "never"' }),
    })
    .optional(),
})

const idSchema = z.coerce
  .number({ invalid_type_error: 'give the token id shown by "qfill token list"' })
  .int()
  .positive('give the token id shown by "qfill token list"')

export async function tokenCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      plan: { type: 'string' },
      email: { type: 'string' },
      quota: { type: 'string' },
      'expires-in': { type: 'string' },
      limit: { type: 'string' },
      by: { type: 'string' },
      until: { type: 'string' },
      never: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || !sub || !['create', 'list', 'revoke', 'extend'].includes(sub)) {
    console.log(HELP)
    return values.help ? 0 : 2
  }
  const check = <S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '))
    return parsed.data
  }
  // Check the arguments before opening the database, so typos fail fast.
  const create = sub === 'create' ? check(createSchema, values) : null
  const id = sub === 'revoke' || sub === 'extend' ? check(idSchema, positionals[0]) : null
  let extendTo: ((current: Date | null) => Date | null) | null = null
  if (sub === 'extend') {
    const chosen = [values.by, values.until, values.never || undefined].filter((v) => v !== undefined)
    if (chosen.length !== 1) throw new UsageError('extend needs exactly one of --by DURATION, --until DATE or --never')
    if (values.by) {
      const ms = check(duration, values.by)
      extendTo = (current) => new Date(Math.max(Date.now(), current?.getTime() ?? 0) + ms)
    } else if (values.until) {
      const until = new Date(values.until)
      if (Number.isNaN(until.getTime()))
        throw new UsageError('--until must be a date such as 2026-12-31 or 2026-12-31T12:00:00Z')
      extendTo = () => until
    } else extendTo = () => null
  }
  const db = await openDatabase(getEnv())
  try {
    if (create) {
      const ms = create['expires-in']
      const { token, row } = await createToken(db.sql, {
        plan: create.plan,
        email: create.email,
        quota: create.quota,
        expiresAt: ms === undefined ? undefined : ms === null ? null : new Date(Date.now() + ms),
      })
      const left = remaining(row)
      console.error(
        `Created token #${row.id} (${row.plan})${row.email ? ` for ${row.email}` : ''}: ${left === null ? 'unlimited' : `${left}`} questionnaire(s)` +
          `${row.expiresAt ? `, expires ${row.expiresAt.toISOString()}` : ', no expiry'}. It is shown only this once:`,
      )
      console.log(token)
      return 0
    }
    if (sub === 'list') {
      const limit = values.limit ? check(z.coerce.number().int().min(1).max(10_000), values.limit) : 50
      const rows = await listTokens(db.sql, { email: values.email, limit })
      if (!rows.length) console.error('No tokens.')
      else console.log(formatTable(rows))
      return 0
    }
    if (sub === 'revoke') {
      if (!(await revokeToken(db.sql, id!))) throw new UsageError(`no token #${id}`)
      console.error(`Token #${id} revoked; its browser sessions are ended.`)
      return 0
    }
    const [current] = await db.sql<
      { expiresAt: Date | null }[]
    >`select expires_at as "expiresAt" from tokens where id = ${id!}`
    if (!current) throw new UsageError(`no token #${id}`)
    const row = await extendToken(db.sql, id!, extendTo!(current.expiresAt))
    console.error(`Token #${id} now ${row!.expiresAt ? `expires ${row!.expiresAt.toISOString()}` : 'never expires'}.`)
    return 0
  } finally {
    await db.close()
  }
}

function state(row: TokenRow, now = new Date()): string {
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt && row.expiresAt <= now) return 'expired'
  const left = remaining(row)
  return left === 0 ? 'exhausted' : 'active'
}

function formatTable(rows: TokenRow[]): string {
  const lines = [['ID', 'PLAN', 'EMAIL', 'USED', 'EXPIRES', 'STATE']]
  for (const r of rows) {
    lines.push([
      String(r.id),
      planLabel(r.plan),
      r.email ?? '-',
      `${r.used}/${r.quota ?? '∞'}`,
      r.expiresAt ? r.expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z') : 'never',
      state(r),
    ])
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)))
  return lines
    .map((l) =>
      l
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
