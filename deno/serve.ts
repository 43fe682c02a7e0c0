// `npm run start:deno`: the production build (npm run build) served by Deno 2, with the worker, in one process.
// It runs the very command Node runs (`qfill serve`: cli/serve.ts and the Express stack of cli/server-app.ts)
// through Deno's Node compatibility, so both runtimes answer with the same headers, limits, CSRF checks and logs.
// Needs DATABASE_URL (the embedded Postgres is Node-only), SESSION_SECRET and FILE_ENCRYPTION_KEY, like any
// machine that shares a database; the other settings are those of docs/deploy.md.
import os from 'node:os'
import { fileURLToPath } from 'node:url'

declare const Deno: { exit(code: number): never }

// graphile-worker looks for a config file from the working folder up to the home folder as it loads. Deno may
// read only the project folder (npm run start:deno), so the search ends there: the home folder, for this process,
// is the project folder. Imports follow, so that they load after this line.
const root = fileURLToPath(new URL('..', import.meta.url))
os.homedir = () => root
const { EnvError, getEnv } = await import('../app/infra/env.server.ts')
const { logger } = await import('../app/infra/log.server.ts')
const { serveCommand } = await import('../cli/serve.ts')
const { UsageError } = await import('../cli/usage-error.ts')

let code = 0
try {
  if (!getEnv().DATABASE_URL)
    throw new UsageError(
      'DATABASE_URL is required under Deno (the embedded Postgres runs only under Node: use npm start).',
    )
  code = await serveCommand([])
} catch (error) {
  const usage = error instanceof UsageError || error instanceof EnvError
  logger().error(usage ? {} : { err: error }, usage ? (error as Error).message : 'stopped by an error')
  code = usage ? 2 : 1
}
Deno.exit(code)
