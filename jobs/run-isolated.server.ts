import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import type { UnansweredMode } from '../app/job/actions.server'
import { memoryMessage } from '../app/job/errors'
import type { Answer, AnswersJson, RunSummary } from '../app/answering/model'
import type { Progress } from '../app/pipeline/run.server'
import { childCommand } from './child-command.server'

/**
 * Runs one job's parsing and answering in a child process with a memory limit, so a hostile file (a zip or
 * flate bomb, entity expansion, a 200k-row sheet) costs that child, never the web server or the other jobs.
 * The V8 heap is capped with --max-old-space-size, and a watchdog reads the child's resident memory (which also
 * counts Buffers outside the heap) and kills it at the limit.
 */

export interface ChildRequest {
  questionnaire: { name: string; bytes: Uint8Array }
  evidence: { name: string; bytes: Uint8Array }[]
  unanswered: UnansweredMode
  /** The product the questionnaire is for, as the user named it (else read from its profile rows). */
  product?: string
  /** The answers an earlier run stored (checkpoint): the child writes from them instead of answering again. */
  answers?: Answer[]
}

export type ChildMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'checkpoint'; answers: Answer[] }
  | { type: 'done'; xlsx: Uint8Array; pdf: Uint8Array; answersJson: AnswersJson; summary: RunSummary }
  | { type: 'error'; questionnaire: boolean; message: string; stack: string }

export type IsolatedResult = Extract<ChildMessage, { type: 'done' }>

/** The child ran out of its memory allowance: the files need more than a questionnaire run may use. */
export class JobMemoryError extends Error {
  name = 'JobMemoryError'
}

/** The child reported a failure (a QuestionnaireError when `questionnaire`). */
export class JobChildError extends Error {
  name = 'JobChildError'
  constructor(
    message: string,
    readonly questionnaire: boolean,
    readonly childStack: string,
  ) {
    super(message)
  }
}

/** The run was stopped from outside (cancelled job, worker shutting down). */
export class JobAbortedError extends Error {
  name = 'JobAbortedError'
}

const CHILD = fileURLToPath(new URL('./pipeline-child.mjs', import.meta.url))
const WATCH_MS = 100
const JOB_NICENESS = 10

/** Resident memory of a process in bytes (Linux /proc), or null where unavailable. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : null
  } catch {
    return null
  }
}

export function runIsolated(
  request: ChildRequest,
  options: {
    memoryLimitMb: number
    signal?: AbortSignal
    onProgress?: (p: Progress) => Promise<void> | void
    /** The answers, once the answering stage ends (stored so a restarted job resumes from them). */
    onCheckpoint?: (answers: Answer[]) => Promise<void> | void
  },
): Promise<IsolatedResult> {
  return new Promise<IsolatedResult>((resolve, reject) => {
    const heapMb = Math.max(96, Math.floor(options.memoryLimitMb * 0.75))
    // Like fork(), with the flags of childCommand (under Deno, narrower permissions than fork would give).
    const { command, args } = childCommand(CHILD, heapMb)
    const child = spawn(command, args, {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      env: process.env,
    })
    // Jobs yield the CPU to the web process (and its status polls) on a busy machine.
    try {
      if (child.pid) os.setPriority(child.pid, JOB_NICENESS)
    } catch {
      // Not permitted here: run at normal priority.
    }
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000)
    })
    let settled = false
    let overLimit = false
    let chain: Promise<void> = Promise.resolve()
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      clearInterval(watchdog)
      options.signal?.removeEventListener('abort', onAbort)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      fn()
    }
    const watchdog = setInterval(() => {
      const rss = child.pid ? residentBytes(child.pid) : null
      if (rss !== null && rss > options.memoryLimitMb * 1024 * 1024) {
        overLimit = true
        finish(() => reject(new JobMemoryError(memoryMessage(options.memoryLimitMb))))
      }
    }, WATCH_MS)
    watchdog.unref()
    const onAbort = () => finish(() => reject(new JobAbortedError(String(options.signal?.reason ?? 'aborted'))))
    if (options.signal?.aborted) return onAbort()
    options.signal?.addEventListener('abort', onAbort)

    child.on('message', (raw) => {
      const message = raw as ChildMessage
      if (message.type === 'progress') {
        // Progress is written in order; a failing write fails the run.
        chain = chain.then(() => options.onProgress?.(message.progress)).catch((error) => finish(() => reject(error)))
      } else if (message.type === 'checkpoint') {
        chain = chain.then(() => options.onCheckpoint?.(message.answers)).catch((error) => finish(() => reject(error)))
      } else if (message.type === 'done') {
        void chain.then(() => finish(() => resolve(message)))
      } else {
        void chain.then(() =>
          finish(() => reject(new JobChildError(message.message, message.questionnaire, message.stack))),
        )
      }
    })
    child.on('error', (error) => finish(() => reject(error)))
    child.on('exit', (code, signal) => {
      if (settled) return
      void chain.then(() =>
        finish(() => {
          if (overLimit || /heap limit|out of memory|Allocation failed/i.test(stderr))
            reject(new JobMemoryError(memoryMessage(options.memoryLimitMb)))
          else
            reject(
              new Error(
                `the job's process ended unexpectedly (${signal ?? `exit code ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' ')}`,
              ),
            )
        }),
      )
    })
    child.send(request)
  })
}
