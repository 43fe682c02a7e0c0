import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { connectOrStartEmbedded, freePort } from '../app/database/embedded.server'
import { projectRoot } from '../app/infra/project-root.server'

/** What the load benchmarks share: starting `qfill` commands as an operator would, and reading their memory. */

export { freePort }

/** Starts `qfill <args>` and resolves once its output matches `ready` (within 120 s). */
export function startQfill(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(projectRoot(), 'bin/qfill.js'), ...args], {
      cwd: projectRoot(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start in 120 s:\n${out}`)), 120_000)
    const onData = (d: Buffer) => {
      out += d
      if (ready.test(out)) {
        clearTimeout(timer)
        resolve(child)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    // BENCH_LOG=file keeps the command's output (its JSON log lines) for a look afterwards.
    if (process.env.BENCH_LOG) {
      const log = createWriteStream(process.env.BENCH_LOG, { flags: 'a' })
      child.stdout!.pipe(log)
      child.stderr!.pipe(log)
    }
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}:\n${out}`)))
  })
}

/** A process's resident memory in bytes (0 once it is gone). */
export function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

/**
 * What an operator would give a production deployment, for a benchmark: a temporary data folder, an embedded
 * Postgres in it passed as DATABASE_URL (production refuses to start one itself), PUBLIC_URL, fresh secrets.
 * `stop()` stops the database and removes the folder.
 */
export async function productionSetting(name: string): Promise<{
  env: NodeJS.ProcessEnv
  port: number
  stop(): Promise<void>
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `qfill-${name}-`))
  chmodSync(dataDir, 0o755) // initdb runs as its own user when started as root
  const port = await freePort()
  const pg = await connectOrStartEmbedded({ dataDir: path.join(dataDir, 'postgres') })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: pg.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    QFILL_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ANSWER_ENGINE: 'offline',
    TRUST_PROXY: 'x-forwarded-for',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }
  return {
    env,
    port,
    async stop() {
      await pg.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
