import { z } from 'zod'
import { presentedToken, sessionToken } from '../access/auth.server'
import { normalizeToken } from '../access/token-string'
import { checkToken, TOKEN_MESSAGES, type TokenRow } from '../access/tokens.server'
import { UNANSWERED_MODES } from '../job/actions.server'
import { services } from '../services.server'
import { MAX_REQUEST_BYTES, TOO_LARGE } from './limits'
import { boundaryOf, MalformedUploadError, readMultipart, RequestTooLargeError } from './multipart.server'
import { Refusal, refuse, TOKEN_REQUIRED, Upload, type FillErrorCode, type FillRefusal } from './upload.server'

export { TOKEN_REQUIRED, type FillErrorCode }

/**
 * The one upload path, behind POST /api/fill and the browser's /upload form (ADR 011, ADR 022). The sender is
 * authenticated for spending before the first file byte is read: a header token or the session cookie at once, a
 * `token` form field when it arrives (it must come before any file). An exhausted or expired token, or one whose
 * plan already has a questionnaire in progress, is answered without its files being read. Then the files stream
 * into encrypted storage as they arrive, checked with bounded work on the way (extension, size, magic bytes,
 * malware hashes; zip containers in the scan process), and the job is queued. Parsing them is the worker's job.
 */

export type FillOutcome = { ok: true; jobId: string; evidenceCount: number; token: TokenRow } | FillRefusal

const unansweredSchema = z.enum(UNANSWERED_MODES, {
  errorMap: () => ({
    message: 'The field "unanswered" must be "blank" (leave questions without evidence blank) or "no" (answer No).',
  }),
})

const invalidToken = (reason: keyof typeof TOKEN_MESSAGES): FillRefusal => ({
  ok: false,
  status: 401,
  code: 'invalid_token',
  problems: [{ title: 'Invalid Token', message: TOKEN_MESSAGES[reason] }],
})
const tokenRequired = (): FillRefusal => ({
  ok: false,
  status: 401,
  code: 'token_required',
  problems: [TOKEN_REQUIRED],
})

export async function handleFillUpload(request: Request): Promise<FillOutcome> {
  const outcome = await fillUpload(request)
  // A refusal before the body was read: read and drop up to 1 MB of it, so a small request's client gets the
  // answer instead of a broken pipe; a larger body is cut off when the connection closes after the answer.
  if (!outcome.ok && request.body && !request.bodyUsed) await discard(request.body, 1024 * 1024)
  return outcome
}

async function discard(body: ReadableStream<Uint8Array>, limit: number) {
  if (body.locked) return
  const reader = body.getReader()
  try {
    for (let read = 0; read < limit;) {
      const { value, done } = await reader.read()
      if (done) break
      read += value.byteLength
    }
  } catch {
    // The client went away.
  } finally {
    reader.releaseLock()
  }
}

async function fillUpload(request: Request): Promise<FillOutcome> {
  const { sql, store } = services()
  let token: TokenRow | null = null
  const headerToken = presentedToken(request)
  if (headerToken) {
    const check = await checkToken(sql, headerToken)
    if (!check.ok) return invalidToken(check.reason)
    token = check.row
  } else token = await sessionToken(request, 'upload')

  const boundary = boundaryOf(request.headers.get('content-type'))
  if (!boundary) {
    if (!token) return tokenRequired()
    const message = 'Send the files as multipart/form-data (fields "questionnaire" and "evidence").'
    return { ok: false, status: 400, code: 'not_multipart', problems: [{ title: 'Upload Failed', message }] }
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    if (!token) return tokenRequired()
    return { ok: false, status: 413, code: 'upload_too_large', problems: [TOO_LARGE.request] }
  }

  const upload = new Upload(sql, store)
  try {
    if (token) {
      const refused = await upload.reserve(token)
      if (refused) return refused
    }
    try {
      await readMultipart(request.body, boundary, {
        async field(name, value) {
          if (name === 'token' && !token) {
            const check = await checkToken(sql, normalizeToken(value))
            if (!check.ok) throw new Refusal(invalidToken(check.reason))
            token = check.row
            const refused = await upload.reserve(token)
            if (refused) throw new Refusal(refused)
          } else if (name === 'unanswered') {
            const parsed = unansweredSchema.safeParse(value.trim() || 'blank')
            if (!parsed.success)
              throw refuse(400, 'invalid_upload', { title: 'Invalid Option', message: parsed.error.issues[0]!.message })
            upload.unanswered = parsed.data
          }
        },
        fileStart: upload.fileStart,
      })
    } catch (error) {
      return readFailure(error, upload.reserved)
    }
    if (!token) return tokenRequired()
    return await upload.finish(token)
  } finally {
    // Anything but an accepted job gives its questionnaire back and leaves no file behind.
    await upload.release()
  }
}

/** What a body that could not be read answers; without a known sender, always that a token is required. */
function readFailure(error: unknown, known: boolean): FillRefusal {
  if (error instanceof Refusal) return error.outcome
  if (error instanceof RequestTooLargeError) {
    if (!known) return tokenRequired()
    const problem = error.file
      ? TOO_LARGE.file(error.file.field, error.file.name)
      : error.message === 'request over its limit'
        ? TOO_LARGE.request
        : { title: 'Upload Too Large', message: error.message }
    return { ok: false, status: 413, code: 'upload_too_large', problems: [problem] }
  }
  if (error instanceof MalformedUploadError) {
    if (!known) return tokenRequired()
    return {
      ok: false,
      status: 400,
      code: 'malformed_upload',
      problems: [{ title: 'Upload Failed', message: error.message }],
    }
  }
  throw error
}
