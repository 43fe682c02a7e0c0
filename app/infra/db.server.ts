import postgres from 'postgres'

export type Sql = postgres.Sql
/** A connection or a transaction: what query helpers accept so callers can run them inside sql.begin(). */
export type Queryable = postgres.Sql | postgres.TransactionSql

// One pool per process, shared by the Remix build, the worker and the CLI even when they load this module twice.
const holder = globalThis as typeof globalThis & { __qfillSql?: Sql }

/**
 * A pool for a connection URL. A Unix-socket URL in libpq's form (`postgres://user:pass@localhost:5432/db?host=/dir`,
 * what the embedded Postgres gives) is understood by node-postgres (graphile-worker) as it is; postgres.js would send
 * `host` to the server as a setting, so it is turned into the socket option here.
 */
export function openPostgres(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): Sql {
  const parsed = new URL(url)
  const socketDir = parsed.searchParams.get('host')
  if (socketDir?.startsWith('/')) {
    parsed.searchParams.delete('host')
    return postgres(parsed.toString(), { ...options, host: socketDir })
  }
  return postgres(url, options)
}

export function connectDatabase(url: string, options: { max?: number } = {}): Sql {
  holder.__qfillSql ??= openPostgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'qfill' },
  })
  return holder.__qfillSql
}

export function db(): Sql {
  if (!holder.__qfillSql) throw new Error('The database is not connected yet: call connectDatabase() at start-up.')
  return holder.__qfillSql
}

export async function disconnectDatabase() {
  const sql = holder.__qfillSql
  holder.__qfillSql = undefined
  await sql?.end({ timeout: 5 })
}
