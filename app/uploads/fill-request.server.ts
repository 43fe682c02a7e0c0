import { presentedToken, sessionToken } from '../access/auth.server'
import { normalizeToken } from '../access/token-string'
import { checkToken, type TokenRow } from '../access/tokens.server'
import { FillExtras } from '../api/fill-extras.server'
import { KeyTakenError } from '../api/idempotency.server'
import { productSchema, unansweredSchema } from '../api/schemas/jobs'
import { services } from '../infra/services.server'
import { fillFailure, type FillFailure } from './fill-failure'
import { MAX_REQUEST_BYTES, TOO_LARGE } from './limits'
import { boundaryOf, MalformedUploadError, readMultipart, RequestTooLargeError } from './multipart.server'
import { invalidUpload, Refusal, TOKEN_REQUIRED, Upload } from './upload.server'

export { TOKEN_REQUIRED }
export type { FillErrorCode, FillFailure } from './fill-failure'

/**
 * The one upload path, behind POST /api/fill and the browser's /upload form (ADR 011, ADR 022). The sender is
 * authenticated for spending before the first file byte is read: a header token or the session cookie at once, a
 * `token` form field when it arrives (it must come before any file). An exhausted or expired token, or one whose
 * plan already has a questionnaire in progress, is answered without its files being read. Then the files stream
 * into encrypted storage as they arrive, checked with bounded work on the way (extension, size, magic bytes,
 * malware; zip containers in the scan process), and the job is queued. Parsing them is the worker's job.
 *
 * The API's extras (ADRs 029, 030) ride along: a callbackUrl is checked before the job is queued and remembered
 * in the transaction that queues it. An Idempotency-Key is claimed in the transaction that reserves the job, before
 * the body is read; a request repeating a key the token holds or used reserves and stores nothing: its body is only
 * hashed, then answered with the first request's job once that one's body has arrived, or refused (422).
 */

export type FillOutcome =
  { ok: true; jobId: string; evidenceCount: number; token: TokenRow; replayed: boolean } | FillFailure

const tokenRequired = () => fillFailure('token_required')

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
  const extras = FillExtras.of(request)
  let token: TokenRow | null = null
  let presented = presentedToken(request)
  if (presented) {
    const check = await checkToken(sql, presented)
    if (!check.ok) return fillFailure('invalid_token', { reason: check.reason })
    token = check.row
  } else token = await sessionToken(request, 'upload')
  if (token) {
    const problem = extras.headerProblem()
    if (problem) return problem
  }

  const boundary = boundaryOf(request.headers.get('content-type'))
  if (!boundary) return token ? fillFailure('not_multipart') : tokenRequired()
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    if (!token) return tokenRequired()
    return fillFailure('upload_too_large', { problem: TOO_LARGE.request }, { details: [TOO_LARGE.request] })
  }

  const upload = new Upload(sql, store)
  /** The sender is known: a repeated key only compares, anything else spends before the files are read. */
  const begin = async (sender: TokenRow): Promise<FillFailure | null> => {
    if (!(await extras.repeated(sql, sender.id)))
      try {
        return await upload.reserve(sender, extras.onReserved(sender.id))
      } catch (error) {
        // A concurrent request with the same key reserved first: compare with it instead.
        if (!(error instanceof KeyTakenError)) throw error
      }
    upload.compareOnly = true
    return null
  }
  try {
    if (token) {
      const refused = await begin(token)
      if (refused) return refused
    }
    try {
      await readMultipart(request.body, boundary, {
        async field(name, value) {
          if (name === 'token') {
            if (token) return
            presented = normalizeToken(value)
            const check = await checkToken(sql, presented)
            if (!check.ok) throw new Refusal(fillFailure('invalid_token', { reason: check.reason }))
            token = check.row
            const problem = extras.headerProblem() ?? (await begin(token))
            if (problem) throw new Refusal(problem)
            return
          }
          if (name === 'unanswered') {
            const parsed = unansweredSchema.safeParse(value.trim() || 'blank')
            if (!parsed.success)
              throw new Refusal(invalidUpload({ title: 'Invalid Option', message: parsed.error.issues[0]!.message }))
            upload.unanswered = parsed.data
          }
          if (name === 'product') {
            const parsed = productSchema.safeParse(value)
            if (!parsed.success)
              throw new Refusal(invalidUpload({ title: 'Invalid Product', message: parsed.error.issues[0]!.message }))
            upload.product = parsed.data
          }
          const problem = extras.field(name, value)
          if (problem) throw new Refusal(problem)
        },
        fileStart: upload.fileStart,
      })
    } catch (error) {
      return readFailure(error, upload.reserved)
    }
    if (!token) return tokenRequired()
    const owner: TokenRow = token
    const problems = upload.problems()
    if (problems.length) return fillFailure('invalid_upload', { problems }, { details: problems })
    const earlier = await extras.prepare(sql, owner.id, presented, upload.fingerprintFiles(), upload.compareOnly)
    if (earlier && !earlier.ok) return earlier
    if (earlier) return { ...earlier, token: owner, replayed: true }
    return { ...(await upload.accept(owner, extras.onAccepted(owner.id, presented))), replayed: false }
  } finally {
    // Anything but an accepted job gives its questionnaire back and leaves no file behind.
    await upload.release()
  }
}

/** What a body that could not be read answers; without a known sender, always that a token is required. */
function readFailure(error: unknown, known: boolean): FillFailure {
  if (error instanceof Refusal) return error.outcome
  if (error instanceof RequestTooLargeError) {
    if (!known) return tokenRequired()
    const problem = error.file
      ? TOO_LARGE.file(error.file.field, error.file.name)
      : error.message === 'request over its limit'
        ? TOO_LARGE.request
        : { title: 'Upload Too Large', message: error.message }
    return fillFailure('upload_too_large', { problem }, { details: [problem] })
  }
  if (error instanceof MalformedUploadError) {
    if (!known) return tokenRequired()
    return fillFailure('malformed_upload', { problem: error.message })
  }
  throw error
}
