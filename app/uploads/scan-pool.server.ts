import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../infra/project-root.server'
import type { UploadProblem } from './limits'

/**
 * Zip scans of uploads (archive-scan.ts) run in one scan process per web process (scan-child.ts), so inflating a
 * container, bomb or not, never blocks the event loop that answers status polls, and its memory is not the web
 * server's (a worker thread's would be: measured, ADR 022). A file's bytes go to the scanner as they arrive; at most
 * IN_FLIGHT_BYTES per file wait unscanned, so a slow scan slows its own upload (backpressure), not the server.
 */

export type ScanRequest =
  | { type: 'open'; id: number; name: string }
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'close'; id: number }

export type ScanReply =
  | { type: 'ack'; id: number; bytes: number }
  | { type: 'result'; id: number; problem: UploadProblem | null }
  | { type: 'failed'; id: number; message: string }

const IN_FLIGHT_BYTES = 2 * 1024 * 1024
const SCANNER_ENTRY = () => path.join(projectRoot(), 'app/uploads/scan-child.mjs')
/** The scanner yields the CPU to the web process, as job processes do. */
const SCANNER_NICENESS = 10

export interface ScanSession {
  /** Sends bytes to the scan; resolves once no more than IN_FLIGHT_BYTES of this file wait unscanned. */
  write(bytes: Uint8Array): Promise<void>
  /** The file ended: the scan's refusal, if any. */
  end(): Promise<UploadProblem | null>
  /** The upload stopped: drop the session. */
  close(): void
}

interface Waiting {
  receive(reply: ScanReply): void
  fail(message: string): void
}

let scanner: ChildProcess | null = null
const waiting = new Map<number, Waiting>()
let nextId = 1

function scanProcess(): ChildProcess {
  if (scanner) return scanner
  const started = fork(SCANNER_ENTRY(), [], {
    execArgv: ['--max-old-space-size=128'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  try {
    if (started.pid) os.setPriority(started.pid, SCANNER_NICENESS)
  } catch {
    // Not permitted here: normal priority.
  }
  // An idle scanner does not keep the web process (or a CLI command, a test) alive.
  started.unref()
  ;(started.channel as { unref?: () => void } | undefined)?.unref?.()
  started.on('message', (reply: ScanReply) => waiting.get(reply.id)?.receive(reply))
  const lost = (why: string) => {
    if (scanner !== started) return
    scanner = null
    for (const w of [...waiting.values()]) w.fail(why)
  }
  started.on('error', (error) => lost(error.message))
  started.on('exit', (code, signal) => lost(`the scanner stopped (${signal ?? `exit code ${code}`})`))
  scanner = started
  return started
}

/** Opens the scan of one file of an upload. */
export function openScan(name: string): ScanSession {
  const id = nextId++
  const child = scanProcess()
  // A scanner that died between two messages fails this session through its 'exit' handler.
  const send = (message: ScanRequest) => {
    try {
      child.send(message)
    } catch {
      // Reported by the exit.
    }
  }
  let unscanned = 0
  let drained: (() => void) | null = null
  let result: { resolve(p: UploadProblem | null): void } | null = null
  let failure: string | null = null
  const couldNotCheck = (): UploadProblem => ({
    title: 'Upload Failed',
    message: `${name} could not be checked (${failure}): please upload it again.`,
  })
  waiting.set(id, {
    receive(reply) {
      if (reply.type === 'ack') {
        unscanned -= reply.bytes
        if (unscanned <= IN_FLIGHT_BYTES && drained) drained()
      } else if (reply.type === 'result') {
        waiting.delete(id)
        result?.resolve(reply.problem)
      } else this.fail(reply.message)
    },
    fail(message) {
      waiting.delete(id)
      failure = message
      drained?.()
      result?.resolve(couldNotCheck())
    },
  })
  send({ type: 'open', id, name } satisfies ScanRequest)
  return {
    async write(bytes) {
      if (failure || !bytes.byteLength) return
      unscanned += bytes.byteLength
      send({ type: 'data', id, bytes } satisfies ScanRequest)
      if (unscanned > IN_FLIGHT_BYTES) {
        await new Promise<void>((resolve) => (drained = resolve))
        drained = null
      }
    },
    end() {
      if (failure) return Promise.resolve(couldNotCheck())
      return new Promise<UploadProblem | null>((resolve) => {
        result = { resolve }
        send({ type: 'end', id } satisfies ScanRequest)
      })
    },
    close() {
      if (!waiting.delete(id)) return
      send({ type: 'close', id } satisfies ScanRequest)
    },
  }
}
