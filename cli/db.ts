import { getEnv } from '../app/infra/env.server'
import { lifecycle } from '../app/infra/log.server'
import { openDatabase } from './database'
import { UsageError } from './usage-error'

export async function dbCommand(argv: string[]): Promise<number> {
  if (argv[0] !== 'migrate' || argv.length > 1) throw new UsageError('usage: qfill db migrate')
  const db = await openDatabase(getEnv(), { log: (line) => lifecycle(line, { component: 'database' }) })
  await db.close()
  return 0
}
