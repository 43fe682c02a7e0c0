import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { getEnv, secrets } from '../app/env.server'
import { csrf } from '../app/http/csrf.server'
import { rateLimit } from '../app/http/rate-limit.server'
import { securityHeaders } from '../app/http/security-headers.server'
import { logger, requestLogging } from '../app/http/logging.server'
import { errorHandler, formBodyGuard, methodGuard } from '../app/http/request-guards.server'
import { projectRoot } from '../app/project-root.server'
import { startWorker } from '../jobs/worker.server'
import { openDatabase } from './database'
import { UsageError } from './usage-error'

/** `npm start`: database (embedded unless DATABASE_URL), migrations, worker and web server in one process. */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { dev: { type: 'boolean', default: false } } })
  const env = getEnv()
  const { sessionSecret } = secrets(env) // fail now, not on the first request, if the secrets are unusable
  const log = (line: string) => console.log(`[qfill] ${line}`)
  const root = projectRoot()
  const buildPath = path.join(root, 'build/server/index.js')
  if (!values.dev && !existsSync(buildPath))
    throw new UsageError('no build found: run "npm run build" first (npm start does it for you).')

  const db = await openDatabase(env, { log })
  const worker = env.RUN_WORKER
    ? await startWorker({ connectionString: db.url, concurrency: env.WORKER_CONCURRENCY })
    : null
  if (worker) log(`worker running (concurrency ${env.WORKER_CONCURRENCY})`)

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', true)
  app.use(securityHeaders({ dev: values.dev }))
  app.use(requestLogging())
  app.use(methodGuard())
  let vite: import('vite').ViteDevServer | undefined
  if (values.dev) {
    const { createServer } = await import('vite')
    vite = await createServer({ root, server: { middlewareMode: true } })
    app.use(vite.middlewares)
  } else {
    app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }))
    app.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }))
  }
  const build = vite
    ? () => vite!.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(pathToFileURL(buildPath).href)) as ServerBuild)
  app.use(
    rateLimit({
      sql: db.sql,
      sessionSecret,
      enabled: env.RATE_LIMITS,
      trustProxy: env.TRUST_PROXY ?? (env.FLY_APP_NAME ? 'fly' : 'none'),
    }),
    csrf({ allowedOrigins: env.PUBLIC_URL ? [env.PUBLIC_URL] : [] }),
    formBodyGuard(),
  )
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: values.dev ? 'development' : 'production',
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  )
  app.use(errorHandler({ dev: values.dev, log: (err) => logger().error({ err }, 'request error') }))

  let server: Server
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(env.PORT, env.HOST, () => resolve(s))
      s.on('error', reject)
    })
  } catch (error) {
    await vite?.close()
    await worker?.stop()
    await db.close()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`port ${env.PORT} is already in use: stop the other server or set PORT to a free port.`)
    }
    throw error
  }
  // Uploads of 10 evidence files can take a while on slow links.
  server.requestTimeout = 10 * 60 * 1000
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  log(
    `QFill is running on http://${shown}:${env.PORT} (${db.embedded ? 'embedded Postgres' : 'DATABASE_URL'}, ${env.RUN_WORKER ? 'with' : 'without'} worker)`,
  )

  await new Promise<void>((resolve) => {
    let stopping = false
    const stop = async (signal: string) => {
      if (stopping) return
      stopping = true
      log(`${signal}: shutting down`)
      server.closeIdleConnections?.()
      await new Promise((r) => server.close(r))
      await vite?.close()
      await worker?.stop()
      await db.close()
      resolve()
    }
    process.once('SIGINT', () => void stop('SIGINT'))
    process.once('SIGTERM', () => void stop('SIGTERM'))
  })
  return 0
}
