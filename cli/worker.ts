import { getEnv } from '../app/infra/env.server'
import { lifecycle } from '../app/infra/log.server'
import { startWorker } from '../jobs/worker.server'
import { openDatabase } from './database'

/** `npm run worker`: a worker alone, for scaling out; it needs DATABASE_URL or a local `npm start` to share with. */
export async function workerCommand(_argv: string[]): Promise<number> {
  const env = getEnv()
  const db = await openDatabase(env, { log: (line) => lifecycle(line, { component: 'database' }) })
  const runner = await startWorker({ connectionString: db.url, concurrency: env.WORKER_CONCURRENCY })
  lifecycle(`worker running (concurrency ${env.WORKER_CONCURRENCY})`, { component: 'worker' })
  const stop = async (signal: string) => {
    lifecycle(`${signal}: shutting down`, { component: 'worker' })
    await runner.stop()
    await db.close()
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  await runner.promise
  lifecycle('stopped', { component: 'worker' })
  return 0
}
