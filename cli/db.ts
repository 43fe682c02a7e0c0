import { getEnv } from '../app/env.server'
import { openDatabase } from './database'
import { UsageError } from './usage-error'

export async function dbCommand(argv: string[]): Promise<number> {
  if (argv[0] !== 'migrate') throw new UsageError('usage: qfill db migrate')
  const db = await openDatabase(getEnv(), { log: (line) => console.log(line) })
  await db.close()
  return 0
}
