// `npm run start:deno`: the production build (npm run build) served by Deno 2, with the worker, in one process.
// Needs DATABASE_URL (the embedded Postgres is Node-only), SESSION_SECRET and FILE_ENCRYPTION_KEY, like any
// machine that shares a database. Env: PORT (3000), HOST (0.0.0.0), RUN_WORKER, WORKER_CONCURRENCY, LOG_LEVEL.
import { extname, join, normalize } from 'node:path'
import { createRequestHandler, type ServerBuild } from '@remix-run/server-runtime'
import { migrate, migrateWorkerSchema } from '../app/database/migrate.server.ts'
import { connectDatabase, disconnectDatabase } from '../app/db.server.ts'
import { getEnv, secrets } from '../app/env.server.ts'
import { startWorker } from '../jobs/worker.server.ts'

declare const Deno: {
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>
  addSignalListener(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void
  exit(code: number): never
  serve(
    options: { port: number; hostname: string; onListen(address: { hostname: string; port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): { shutdown(): Promise<void> }
}

const log = (line: string) => console.log(`[qfill] ${line}`)
const env = getEnv()
if (!env.DATABASE_URL) {
  console.error(
    'qfill: DATABASE_URL is required under Deno (the embedded Postgres runs only under Node: use npm start).',
  )
  Deno.exit(2)
}
secrets(env)
const root = new URL('..', import.meta.url).pathname
const sql = connectDatabase(env.DATABASE_URL)
const applied = await migrate(sql, { log })
if (!applied.length) log('database schema is up to date')
await migrateWorkerSchema(env.DATABASE_URL)
const worker = env.RUN_WORKER
  ? await startWorker({ connectionString: env.DATABASE_URL, concurrency: env.WORKER_CONCURRENCY })
  : null
if (worker) log(`worker running (concurrency ${env.WORKER_CONCURRENCY})`)

// A computed specifier, so type-checking does not need the build to exist yet.
const build = (await import(new URL('../build/server/index.js', import.meta.url).href)) as ServerBuild
const handle = createRequestHandler(build, 'production')

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
}
const clientDir = join(root, 'build/client')

/** build/client files (hashed assets cached for a year), like express.static under Node. */
async function staticFile(request: Request): Promise<Response | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const pathname = decodeURIComponent(new URL(request.url).pathname)
  const type = TYPES[extname(pathname)]
  if (!type) return null
  const file = normalize(join(clientDir, pathname))
  if (!file.startsWith(`${clientDir}/`)) return null
  try {
    const bytes = await Deno.readFile(file)
    const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'
    return new Response(request.method === 'HEAD' ? null : bytes, {
      headers: { 'Content-Type': type, 'Cache-Control': cache },
    })
  } catch {
    return null
  }
}

const server = Deno.serve(
  {
    port: env.PORT,
    hostname: env.HOST,
    onListen: ({ port }) =>
      log(
        `QFill is running on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port} (Deno, ${worker ? 'with' : 'without'} worker)`,
      ),
  },
  async (request) => (await staticFile(request)) ?? handle(request),
)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  log(`${signal}: shutting down`)
  await server.shutdown()
  await worker?.stop()
  await disconnectDatabase()
  Deno.exit(0)
}
Deno.addSignalListener('SIGINT', () => void stop('SIGINT'))
Deno.addSignalListener('SIGTERM', () => void stop('SIGTERM'))
