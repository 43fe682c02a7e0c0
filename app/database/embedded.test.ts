import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { openPostgres } from '../infra/db.server'
import { embeddedUrl, letOthersThrough, socketDirFor, startEmbeddedPostgres } from './embedded.server'

describe('letOthersThrough', () => {
  it('adds the search bit (not read) for others to a private folder and the private folders above it', () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'qfill-private-')) // 0700, as `mktemp -d` makes it
    const inner = path.join(top, 'qfill', '.data')
    mkdirSync(inner, { recursive: true, mode: 0o700 })
    const changed = letOthersThrough(inner)
    expect(changed).toEqual(expect.arrayContaining([inner, path.join(top, 'qfill'), top]))
    for (const dir of [inner, top]) {
      const mode = statSync(dir).mode & 0o777
      expect(mode & 0o001).toBe(0o001)
      expect(mode & 0o004).toBe(0) // others may enter, not list
    }
    expect(letOthersThrough(inner)).toEqual([])
  })
})

/** Whether anything accepts TCP connections on 127.0.0.1:port. */
function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/** Logs in as postgres/postgres over TCP, as any local process could before (issue 16, finding 11). */
async function legacyLogin(port: number): Promise<string> {
  const sql = postgres({ host: '127.0.0.1', port, user: 'postgres', pass: 'postgres', database: 'postgres', max: 1 })
  try {
    await sql`select 1`
    return 'logged in'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error)
  } finally {
    await sql.end({ timeout: 1 })
  }
}

// Issue 16, finding 11: "Embedded Postgres uses fixed credentials (postgres/postgres, password auth on 127.0.0.1):
// any local user or process is a superuser." Real clusters, started as `npm start` starts them.
describe('the embedded Postgres', () => {
  it('has a random password of its own, kept 0600 beside it, and listens on a Unix socket in its folder only', async () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'qfill-pg-'))
    const dataDir = path.join(top, 'postgres')
    const pg = await startEmbeddedPostgres({ dataDir, database: 'qfill' })
    try {
      const url = new URL(pg.url)
      const password = decodeURIComponent(url.password)
      expect(password).not.toBe('postgres')
      expect(password.length).toBeGreaterThanOrEqual(32)
      const secrets = path.join(top, 'secrets.json')
      expect(JSON.parse(readFileSync(secrets, 'utf8')).postgresPassword).toBe(password)
      expect(statSync(secrets).mode & 0o777).toBe(0o600)
      expect(url.searchParams.get('host')).toBe(socketDirFor(dataDir))
      expect(socketDirFor(dataDir)).toBe(dataDir)
      const port = Number(url.port)
      expect(statSync(path.join(dataDir, `.s.PGSQL.${port}`)).isSocket()).toBe(true)
      // No TCP at all: postgres/postgres (or anything else) over TCP is refused.
      expect(await tcpOpen(port)).toBe(false)
      expect(await legacyLogin(port)).toBe('ECONNREFUSED')
      const sql = openPostgres(pg.url, { max: 1 })
      expect((await sql<{ db: string }[]>`select current_database() as db`)[0]!.db).toBe('qfill')
      // The wrong password over the socket is refused too.
      const wrong = openPostgres(embeddedUrl({ password: 'postgres', port, database: 'qfill', socketDir: dataDir }), {
        max: 1,
      })
      await expect(wrong`select 1`).rejects.toThrow(/password authentication failed/)
      await Promise.all([sql.end(), wrong.end()])
    } finally {
      await pg.stop()
      rmSync(top, { recursive: true, force: true })
    }
  }, 120_000)

  it('gives a cluster made with postgres/postgres (before this fix) a random password at its next start', async () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'qfill-pg-'))
    const dataDir = path.join(top, 'postgres')
    // The first start makes the cluster; forgetting the stored password and setting the old one recreates the
    // state an older QFill left behind.
    const first = await startEmbeddedPostgres({ dataDir, database: 'qfill' })
    const sql = openPostgres(first.url, { max: 1 })
    await sql.unsafe(`alter role postgres password 'postgres'`)
    await sql.end()
    await first.stop()
    rmSync(path.join(top, 'secrets.json'))
    const notices: string[] = []
    const again = await startEmbeddedPostgres({ dataDir, database: 'qfill', notice: (l) => notices.push(l) })
    try {
      const password = decodeURIComponent(new URL(again.url).password)
      expect(password).not.toBe('postgres')
      expect(notices.join('\n')).toContain('replaced the embedded Postgres password')
      const port = Number(new URL(again.url).port)
      const legacy = openPostgres(embeddedUrl({ password: 'postgres', port, database: 'qfill', socketDir: dataDir }), {
        max: 1,
      })
      await expect(legacy`select 1`).rejects.toThrow(/password authentication failed/)
      await legacy.end()
      expect(await legacyLogin(port)).toBe('ECONNREFUSED')
    } finally {
      await again.stop()
      rmSync(top, { recursive: true, force: true })
    }
  }, 180_000)
})
