import { getEnv } from '../app/env.server'
import { startWorker } from '../jobs/worker.server'
import { openDatabase } from './database'

/** `npm run worker`: a worker alone, for scaling out; it needs DATABASE_URL or a local `npm start` to share with. */
export async function workerCommand(_argv: string[]): Promise<number> {
  const env = getEnv()
  const db = await openDatabase(env, { log: (line) => console.log(`[qfill worker] ${line}`) })
  const runner = await startWorker({ connectionString: db.url, concurrency: env.WORKER_CONCURRENCY })
  const stop = async () => {
    await runner.stop()
    await db.close()
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  await runner.promise
  return 0
}
