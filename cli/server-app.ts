import type { Server } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express, { type Express, type RequestHandler } from 'express'
import type { Sql } from '../app/infra/db.server'
import { secrets, type Env } from '../app/infra/env.server'
import { csrf } from '../app/http/csrf.server'
import { requestLogging } from '../app/http/logging.server'
import { errorHandler, formBodyGuard, methodGuard } from '../app/http/request-guards.server'
import { rateLimit } from '../app/http/rate-limit.server'
import { securityHeaders } from '../app/http/security-headers.server'
import { logger } from '../app/infra/log.server'
import { UsageError } from './usage-error'

/**
 * The HTTP stack of QFill, built here once for every runtime: `qfill serve` under Node and `npm run start:deno`
 * under Deno (through its Node compatibility) run this same Express app, so both answer with the same request
 * ids and logs, security headers, static files, rate limits, CSRF refusals and Remix routes (whose API routes
 * check body limits and answer JSON errors themselves). Order matters: headers and the request id first, so even
 * a refusal carries them; static files before the rate limits, so assets never spend a client's budget.
 */
export interface ServerAppOptions {
  env: Env
  sql: Sql
  /** The project folder (build/client is served from it). */
  root: string
  /** The Remix server build, or a loader of it (Vite's in development). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Development: Vite's middlewares in place of the built client files, and Vite-friendly headers. */
  dev?: { middlewares: RequestHandler }
}

export function createServerApp(options: ServerAppOptions): Express {
  const { env } = options
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', true)
  app.use(securityHeaders({ dev: Boolean(options.dev) }))
  app.use(requestLogging())
  // TRACE and unknown methods: 405 before anything else runs.
  app.use(methodGuard())
  if (options.dev) app.use(options.dev.middlewares)
  else {
    const client = path.join(options.root, 'build/client')
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }))
    app.use(express.static(client, { maxAge: '1h' }))
  }
  app.use(
    rateLimit({
      sql: options.sql,
      sessionSecret: secrets(env).sessionSecret,
      enabled: env.RATE_LIMITS,
      trustProxy: env.TRUST_PROXY ?? (env.FLY_APP_NAME ? 'fly' : 'none'),
    }),
    csrf({ allowedOrigins: env.PUBLIC_URL ? [env.PUBLIC_URL] : [] }),
    // Malformed page bodies (multipart without a boundary, JSON to a form route): 400 with a message.
    formBodyGuard(),
  )
  app.all(
    '*',
    createRequestHandler({
      build: options.build,
      mode: options.dev ? 'development' : 'production',
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  )
  // No stack trace or path in any answer unless --dev.
  app.use(errorHandler({ dev: Boolean(options.dev), log: (err) => logger().error({ err }, 'request error') }))
  return app
}

/** Listens on env.PORT and env.HOST; a port in use is a UsageError saying what to do. */
export async function listen(app: Express, env: Pick<Env, 'PORT' | 'HOST'>): Promise<Server> {
  let server: Server
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(env.PORT, env.HOST, () => resolve(s))
      s.on('error', reject)
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`port ${env.PORT} is already in use: stop the other server or set PORT to a free port.`)
    }
    throw error
  }
  // Uploads of 10 evidence files can take a while on slow links.
  server.requestTimeout = 10 * 60 * 1000
  return server
}
