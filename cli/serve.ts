import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { ServerBuild } from '@remix-run/node'
import { getEnv, secrets } from '../app/infra/env.server'
import { lifecycle } from '../app/infra/log.server'
import { projectRoot } from '../app/infra/project-root.server'
import { startWorker } from '../jobs/worker.server'
import { openDatabase } from './database'
import { createServerApp, listen } from './server-app'
import { UsageError } from './usage-error'

/**
 * `npm start` (and, under Deno, `npm run start:deno`): database (embedded unless DATABASE_URL), migrations, worker
 * and web server in one process.
 */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { dev: { type: 'boolean', default: false } } })
  const env = getEnv()
  secrets(env) // fail now, not on the first request, if the secrets are unusable
  const runtime = 'Deno' in globalThis ? 'Deno' : 'Node'
  const root = projectRoot()
  const buildPath = path.join(root, 'build/server/index.js')
  if (!values.dev && !existsSync(buildPath))
    throw new UsageError('no build found: run "npm run build" first (npm start does it for you).')

  const db = await openDatabase(env, { log: (line) => lifecycle(line, { component: 'database' }) })
  const worker = env.RUN_WORKER
    ? await startWorker({ connectionString: db.url, concurrency: env.WORKER_CONCURRENCY })
    : null
  if (worker) lifecycle(`worker running (concurrency ${env.WORKER_CONCURRENCY})`, { component: 'worker' })

  let vite: import('vite').ViteDevServer | undefined
  let server: Server
  try {
    if (values.dev) {
      const { createServer } = await import('vite')
      vite = await createServer({ root, server: { middlewareMode: true } })
    }
    const build = vite
      ? () => vite!.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
      : ((await import(pathToFileURL(buildPath).href)) as ServerBuild)
    const app = createServerApp({ env, sql: db.sql, root, build, dev: vite && { middlewares: vite.middlewares } })
    server = await listen(app, env)
  } catch (error) {
    await vite?.close()
    await worker?.stop()
    await db.close()
    throw error
  }
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  lifecycle(
    `QFill is running on http://${shown}:${env.PORT} (${runtime}, ${db.embedded ? 'embedded Postgres' : 'DATABASE_URL'}, ${env.RUN_WORKER ? 'with' : 'without'} worker)`,
    { port: env.PORT, runtime },
  )

  await new Promise<void>((resolve) => {
    let stopping = false
    const stop = async (signal: string) => {
      if (stopping) return
      stopping = true
      lifecycle(`${signal}: shutting down`)
      server.closeIdleConnections?.()
      await new Promise((r) => server.close(r))
      await vite?.close()
      await worker?.stop()
      await db.close()
      lifecycle('stopped')
      resolve()
    }
    process.once('SIGINT', () => void stop('SIGINT'))
    process.once('SIGTERM', () => void stop('SIGTERM'))
  })
  return 0
}
