import type { NextFunction, Request, Response } from 'express'
import { page } from './responses.server'
import { wantsJson } from './responses.server'

/**
 * Requests the app cannot serve are answered here, before Remix, with a status and a message a person can act on
 * (issue 16, finding 10), never with a stack trace or a 500:
 *
 * - a method the app does not use (TRACE, PROPFIND, ...): 405 with Allow, in every mode;
 * - a page form (anything outside /api) whose body is not a form: JSON, XML, or multipart without a boundary, or
 *   multipart anywhere but the upload page (the only page form that sends files). Remix's request.formData()
 *   throws on those, which became a 500. The API under /api reads JSON and answers its own 400s;
 * - an address Express cannot decode (`/jobs/%ff`): 400.
 * Unexpected errors that reach Express's error handler answer a generic 500 page; the stack goes to the log and,
 * with `qfill serve --dev` only, into the page.
 */

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
const ALLOWED = new Set<string>(ALLOWED_METHODS)
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Page routes that take multipart/form-data (file uploads); every other page form is urlencoded. */
const MULTIPART_PAGES = /^\/upload(?:\.data)?\/?$/i
/** Resource routes outside /api that read JSON: the review screen's autosave (ADR 024). */
const JSON_ROUTES = /^\/jobs\/[^/]+\/review\/rows\/?$/i

export type GuardVerdict = { ok: true } | { ok: false; status: number; code: string; message: string }

export function checkMethod(method: string): GuardVerdict {
  if (ALLOWED.has(method.toUpperCase())) return { ok: true }
  return {
    ok: false,
    status: 405,
    code: 'method_not_allowed',
    message: `QFill does not answer ${method.slice(0, 20)} requests: use ${ALLOWED_METHODS.join(', ')}.`,
  }
}

/** Whether a page form's body is one Remix can read; the API (/api/...) checks its own bodies. */
export function checkFormBody(req: {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
}): GuardVerdict {
  if (SAFE.has(req.method) || /^\/api(?:\/|$)/i.test(req.path)) return { ok: true }
  const type = String(req.headers['content-type'] ?? '')
    .trim()
    .toLowerCase()
  const length = Number(req.headers['content-length'] ?? 0)
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined
  if (!type) {
    if (!hasBody) return { ok: true }
    return bad('This form was sent without a Content-Type: send it from the page’s own form.')
  }
  const mediaType = type.split(';')[0]!.trim()
  if (mediaType === 'application/x-www-form-urlencoded') return { ok: true }
  if (mediaType === 'application/json' && JSON_ROUTES.test(req.path)) return { ok: true }
  if (mediaType === 'multipart/form-data') {
    if (!MULTIPART_PAGES.test(req.path))
      return bad('This form takes ordinary form fields, not a file upload (multipart/form-data).')
    if (!/;\s*boundary=("?)[^";]+\1/.test(type))
      return bad('The upload was sent as multipart/form-data without a boundary, so its parts cannot be read.')
    return { ok: true }
  }
  return bad(
    `This page takes a form (application/x-www-form-urlencoded), not ${mediaType.slice(0, 60)}. To send JSON, use the API under /api (see /api-docs).`,
  )
}

function bad(message: string): GuardVerdict {
  return { ok: false, status: 400, code: 'bad_request', message }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  500: 'Something Went Wrong',
}

function refuse(req: Request, res: Response, status: number, code: string, message: string, detail?: string) {
  res.status(status)
  res.setHeader('Cache-Control', 'no-store')
  if (status === 405) res.setHeader('Allow', ALLOWED_METHODS.join(', '))
  if (req.method === 'HEAD') return res.end()
  if (wantsJson(req)) return res.json({ error: { code, message } })
  const html = page(res, TITLES[status] ?? 'Error', message)
  res.type('html').send(detail ? html.replace('</main>', `<pre>${escapePre(detail)}</pre></main>`) : html)
}

function escapePre(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
}

/** Express middleware: 405 for methods the app does not use. Mount first, before the static files. */
export function methodGuard() {
  return function methodGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    const verdict = checkMethod(req.method)
    if (verdict.ok) return next()
    refuse(req, res, verdict.status, verdict.code, verdict.message)
  }
}

/** Express middleware: 400 for page form bodies Remix cannot read. Mount after the CSRF check, before Remix. */
export function formBodyGuard() {
  return function formBodyGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    const verdict = checkFormBody(req)
    if (verdict.ok) return next()
    // The body is not read: close the connection rather than leave an unread upload on it.
    res.setHeader('Connection', 'close')
    refuse(req, res, verdict.status, verdict.code, verdict.message)
  }
}

/**
 * Express error handler (four arguments): replaces Express's own, which prints the stack with absolute paths
 * whenever NODE_ENV is not 'production' (`npm start` sets none). Mount last.
 */
export function errorHandler(options: { dev?: boolean; log?: (error: unknown) => void } = {}) {
  return function errorHandlerMiddleware(error: unknown, req: Request, res: Response, next: NextFunction) {
    if (res.headersSent) return next(error)
    const e = error as { status?: unknown; statusCode?: unknown; stack?: unknown }
    const status = Number(e?.status ?? e?.statusCode)
    const detail = options.dev && typeof e?.stack === 'string' ? e.stack : undefined
    if (error instanceof URIError || status === 400) {
      return refuse(
        req,
        res,
        400,
        'bad_request',
        'This address is not valid (it holds a broken %-escape). Check the link and try again.',
        detail,
      )
    }
    options.log?.(error)
    refuse(
      req,
      res,
      500,
      'internal_error',
      'An unexpected error occurred on our side. Please try again in a minute.',
      detail,
    )
  }
}
