import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../../app/infra/project-root.server'
import { relayTo } from './db-relay'

/**
 * A worker in its own network namespace (Linux `unshare --net`), where a global unicast address exists on the
 * namespace's loopback device and a callback receiver listens on it. The callback guard is never switched off:
 * the worker really connects to a public address, which here leads to the receiver and nowhere else. The
 * namespace reaches the test database only through a Unix-socket relay (sockets are files, shared with the
 * host). Needs root or unprivileged user namespaces, and iproute2; `netnsUnavailable()` says why not.
 */

/** A global unicast address (not in any special-purpose range) that exists only inside the namespace. */
export const NAMESPACE_ADDRESS = '203.0.114.7'

export function netnsUnavailable(): string | null {
  const probe = spawnSync('unshare', ['--net', '--map-root-user', 'ip', 'link', 'set', 'lo', 'up'], {
    encoding: 'utf8',
  })
  if (probe.error) return `unshare could not run (${probe.error.message})`
  if (probe.status !== 0) return `unshare --net is not permitted here: ${probe.stderr.trim()}`
  return null
}

export interface ReceivedCallback {
  method: string
  url: string
  headers: Record<string, string>
  body: string
  answered: number
}

export interface NamespacedWorker {
  receiverUrl: string
  received(): ReceivedCallback[]
  output(): string
  stop(): Promise<void>
}

export async function startNamespacedWorker(options: {
  databaseUrl: string
  /** Statuses the receiver answers per path, in order; then 204. */
  plan?: Record<string, number[]>
  env?: Record<string, string>
}): Promise<NamespacedWorker> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-netns-'))
  const socket = path.join(dir, 'db.sock')
  const log = path.join(dir, 'received.jsonl')
  const db = new URL(options.databaseUrl)
  const relay = relayTo(options.databaseUrl)
  await new Promise<void>((resolve) => relay.listen(socket, resolve))
  const relayPort = db.port || '5432'
  const inside = new URL(options.databaseUrl)
  inside.hostname = '127.0.0.1'
  inside.searchParams.delete('host') // inside, the netns child offers the relay on 127.0.0.1:relayPort
  const root = projectRoot()
  const script = [
    'set -e',
    'ip link set lo up',
    `ip addr add ${NAMESPACE_ADDRESS}/32 dev lo`,
    `node ${JSON.stringify(path.join(root, 'tests/support/netns-child.mjs'))} &`,
    `exec node ${JSON.stringify(path.join(root, 'bin/qfill.js'))} worker`,
  ].join('\n')
  let output = ''
  const child: ChildProcess = spawn('unshare', ['--net', '--map-root-user', 'sh', '-c', script], {
    cwd: root,
    detached: true, // its own process group: stop() ends the worker and the receiver together
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://qfill.example.com', // required in production (ADR 026); the worker builds no links here
      DATABASE_URL: inside.toString(),
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      RELAY_SOCKET: socket,
      RELAY_PORT: relayPort,
      RECEIVER_HOST: NAMESPACE_ADDRESS,
      RECEIVER_PORT: '8080',
      RECEIVER_LOG: log,
      RECEIVER_PLAN: JSON.stringify(options.plan ?? {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`namespaced worker did not start in 60 s:\n${output}`)), 60_000)
    const check = () => {
      if (output.includes('netns-child ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`namespaced worker exited with ${code}:\n${output}`))
    })
  })
  return {
    receiverUrl: `http://${NAMESPACE_ADDRESS}:8080`,
    received: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as ReceivedCallback)
        : [],
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        process.kill(-child.pid!, 'SIGTERM')
        const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000)
        await exited
        clearTimeout(kill)
      }
      await new Promise((resolve) => relay.close(resolve))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
