import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { JOB_ID_SOURCE } from '../job/id'
import { logger } from '../infra/log.server'

// Request lines of the one logger (app/infra/log.server.ts): what a line may and may not hold is said there.
const JOB_PATH = new RegExp(`^/(?:api/(?:status|result|delete-files|answers)|jobs)/(${JOB_ID_SOURCE})(?:/|$)`)
const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/

/** The job a request is about, from its path (never from the body). */
export function jobIdOf(path: string): string | undefined {
  return JOB_PATH.exec(path)?.[1]
}

/** The path to log: no query string (upload links carry tokens there) and ids of other kinds cut to their shape. */
export function loggablePath(url: string): string {
  const path = url.split('?')[0] ?? '/'
  return path.length > 200 ? `${path.slice(0, 200)}…` : path
}

/**
 * Express middleware: gives each request an id (a sane incoming X-Request-Id, else a new UUID), echoes it in the
 * response, and logs one line when the response is finished or the client goes away.
 */
export function requestLogging(log: Logger = logger()) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const started = process.hrtime.bigint()
    const incoming = req.headers['x-request-id']
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    res.setHeader('X-Request-Id', requestId)
    const path = loggablePath(req.url ?? '/')
    let done = false
    const finish = (aborted: boolean) => {
      if (done) return
      done = true
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6
      const line = {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        jobId: jobIdOf(path),
        bytesIn: Number(req.headers['content-length'] ?? 0) || undefined,
        ...(aborted ? { aborted: true } : {}),
      }
      const quiet = path.startsWith('/assets/') || path === '/healthz' || path === '/favicon.svg'
      if (res.statusCode >= 500) log.error(line, 'request failed')
      else if (quiet) log.debug(line, 'request')
      else log.info(line, 'request')
    }
    res.on('finish', () => finish(false))
    res.on('close', () => finish(!res.writableFinished))
    next()
  }
}

/** One line when a worker task ends, with its duration: for jobs/ (never the file names or answers). */
export function logJob(event: {
  task: string
  jobId: string
  outcome: 'completed' | 'failed' | 'retry'
  durationMs: number
  questions?: number
}) {
  logger().info({ ...event, durationMs: Math.round(event.durationMs) }, 'job')
}
