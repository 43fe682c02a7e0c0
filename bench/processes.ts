import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../app/infra/project-root.server'

/** What the load benchmarks share: starting `qfill` commands as an operator would, and reading their memory. */

export { freePort } from '../app/database/embedded.server'

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
