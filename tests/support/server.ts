import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../../app/database/embedded.server'
import { projectRoot } from '../../app/infra/project-root.server'

export interface TestServer {
  url: string
  pid: number
  output(): string
  stop(): Promise<void>
}

/**
 * Runs the real server (`qfill serve`, the production build) against a test database, as its own process
 * started by binary so that killing its PID ends it. Production settings, rate limits included: every test runs
 * against the limits a user meets.
 */
export async function startServer(options: {
  databaseUrl: string
  worker?: boolean
  env?: Record<string, string>
}): Promise<TestServer> {
  const root = projectRoot()
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No production build: run "npm run build" first (npm test does).')
  }
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'bin/qfill.js'), 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Production requires it: the address links in e-mails and Stripe's return URLs point to.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RUN_WORKER: options.worker === false ? 'false' : 'true',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000)
    const check = () => {
      if (output.includes('QFill is running on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before starting:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
      }),
  }
}
