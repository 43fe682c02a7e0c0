import { format } from 'node:util'
import pino, { type DestinationStream, type Logger } from 'pino'
import { getEnv } from './env.server'

/**
 * The one logger of every QFill process (web, worker, job child processes, the CLI): pino, one JSON object per
 * line. What a line may hold: request id, method, route path, status, duration, job id, byte counts, counts. What
 * it never holds: tokens (headers, query strings, form fields), e-mail addresses, file names or file contents.
 * The redact list catches the usual field names if a caller passes an object by mistake; messages are built by
 * their callers without such values (tests/integration/log-privacy.test.ts greps a real server's logs for them).
 *
 * Servers log JSON to stdout. The local CLI commands (answer, apply, mcp) keep stdout for the output that was
 * asked for, so they send the same lines to stderr, as text a person reads (see configureLog).
 */
export const REDACTED_FIELDS = [
  'token',
  'authorization',
  'apiKey',
  'email',
  'recipient',
  'to',
  'fileName',
  'filename',
  'name',
  'questionnaireName',
  'headers',
  'query',
  'body',
  '*.token',
  '*.authorization',
  '*.email',
  '*.recipient',
  '*.fileName',
  '*.filename',
  '*.questionnaireName',
  '*.headers',
]

export type Level = 'debug' | 'info' | 'warn' | 'error'

export interface LogOutput {
  /** stdout (servers) or stderr (commands whose stdout carries their result, and refusals to start). */
  to: 'stdout' | 'stderr'
  /** json: one pino object per line; text: "qfill: message" lines for a person. Default: text on a terminal. */
  format?: 'json' | 'text'
  /** Instead of stdout or stderr: a stream of the JSON lines (a test reading what was logged). */
  stream?: { write(line: string): void }
}

// On globalThis: the Remix server build bundles its own copy of this module, and both copies must share one
// logger (and one destination) per process.
const holder = globalThis as typeof globalThis & { __qfillLogger?: Logger; __qfillLogOutput?: LogOutput }

/** Where this process's lines go; called by the CLI before a command logs anything. */
export function configureLog(output: Partial<LogOutput>) {
  holder.__qfillLogOutput = { ...currentOutput(), stream: undefined, ...output }
  holder.__qfillLogger?.flush?.()
  holder.__qfillLogger = undefined
}

function currentOutput(): LogOutput {
  return holder.__qfillLogOutput ?? { to: 'stdout' }
}

export function logger(): Logger {
  holder.__qfillLogger ??= createLogger(currentOutput())
  return holder.__qfillLogger
}

function createLogger(output: LogOutput): Logger {
  const fd = output.to === 'stderr' ? 2 : 1
  // JSON lines unless a person is reading (a terminal: `npm start` by hand).
  const format = output.format ?? ((fd === 2 ? process.stderr : process.stdout).isTTY ? 'text' : 'json')
  const destination: DestinationStream =
    output.stream ?? (format === 'text' ? textLines(fd) : pino.destination({ fd, sync: true }))
  return pino(
    {
      level: configuredLevel(),
      base: { service: 'qfill', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_FIELDS, remove: true },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )
}

/**
 * LOG_LEVEL from the checked environment. A command may run with an environment that fails another check (the
 * CLI's --engine parses its own): the level alone then falls back to info rather than failing the log line.
 */
function configuredLevel(): string {
  try {
    return getEnv().LOG_LEVEL
  } catch {
    return 'info'
  }
}

const NOT_SHOWN_AS_TEXT = new Set(['level', 'time', 'pid', 'service', 'msg', 'err', 'component'])

/** The text form: each JSON line becomes "qfill: message key=value ..." (warnings and errors say so) on the fd. */
function textLines(fd: number): DestinationStream {
  const out = pino.destination({ fd, sync: true })
  return {
    write(line: string) {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line)
      } catch {
        out.write(line)
        return
      }
      const prefix = entry.level === 'warn' ? 'warning: ' : entry.level === 'error' ? 'error: ' : ''
      const err = entry.err as { message?: string } | undefined
      const fields = Object.entries(entry)
        .filter(([key, value]) => !NOT_SHOWN_AS_TEXT.has(key) && value !== undefined)
        .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join('')
      out.write(`qfill: ${prefix}${String(entry.msg ?? '')}${err?.message ? ` (${err.message})` : ''}${fields}\n`)
    },
  }
}

/** Whether a message of this level would be written under LOG_LEVEL (graphile-worker says "warning"). */
export function enabled(level: Level | 'warning'): boolean {
  return logger().isLevelEnabled(level === 'warning' ? 'warn' : level)
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  logger()[level](fields, message)
}

/**
 * A process's start and stop lines ("QFill is running on ..."): written at info under any LOG_LEVEL but silent,
 * so an operator (and a test waiting for the server) always sees a process come and go.
 */
export function lifecycle(message: string, fields: Record<string, unknown> = {}) {
  const base = logger()
  if (base.level === 'silent') return
  const line = base.isLevelEnabled('info') ? base : base.child({}, { level: 'info' })
  line.info(fields, message)
}

/**
 * Server processes (web, worker, job child): what libraries print with console.* (pdf.js warnings, React render
 * errors) becomes lines of this logger, so stdout stays JSON. Errors keep their stack in `err`.
 */
export function captureConsole() {
  const to =
    (level: Level) =>
    (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error)
      const text = format(...args.filter((a) => a !== error))
      logger()[level]({ component: 'console', ...(error ? { err: error } : {}) }, text || (error?.message ?? ''))
    }
  console.log = to('info')
  console.info = to('info')
  console.debug = to('debug')
  console.warn = to('warn')
  console.error = to('error')
}
