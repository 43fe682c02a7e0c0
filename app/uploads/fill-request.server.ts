import { z } from 'zod'
import { presentedToken, sessionToken } from '../access/auth.server'
import { normalizeToken } from '../access/token-string'
import { checkToken, TOKEN_MESSAGES, type TokenRow } from '../access/tokens.server'
import { SPEND_REFUSALS } from '../access/quota.server'
import { createAnswerJob, SpendRefusedError, UNANSWERED_MODES, type UnansweredMode } from '../job/actions.server'
import { services } from '../services.server'
import { checkMagic, scanFile } from './content-check.server'
import {
  checkEvidenceFile,
  checkQuestionnaireFile,
  EVIDENCE_MAX_BYTES,
  MAX_EVIDENCE_FILES,
  MAX_REQUEST_BYTES,
  MISSING_QUESTIONNAIRE,
  QUESTIONNAIRE_MAX_BYTES,
  TOO_LARGE,
  type UploadProblem,
} from './limits'
import {
  boundaryOf,
  MalformedUploadError,
  readMultipart,
  RequestTooLargeError,
  type UploadedFile,
} from './multipart.server'

/**
 * The one upload path, behind POST /api/fill and the browser's /upload form: authenticate first, read the
 * multipart body as a stream with a limit per part, check each file with bounded work (extension, size, magic
 * bytes, malware hashes, unpack budget), then store the encrypted files and queue the job. Parsing the
 * questionnaire and the evidence is the worker's job.
 */

export type FillErrorCode =
  | 'token_required'
  | 'invalid_token'
  | 'token_after_files'
  | 'not_multipart'
  | 'malformed_upload'
  | 'upload_too_large'
  | 'invalid_upload'
  | 'quota_exhausted'
  | 'token_expired'
  | 'token_revoked'
  | 'job_in_progress'
  | 'too_many_uploads'

export type FillOutcome =
  | { ok: true; jobId: string; evidenceCount: number; token: TokenRow }
  | { ok: false; status: 400 | 401 | 402 | 409 | 413 | 429; code: FillErrorCode; problems: UploadProblem[] }

export const TOKEN_REQUIRED: UploadProblem = {
  title: 'Token Required',
  message:
    'An access token is required: send it as "Authorization: Bearer <token>", an x-api-key header or a "token" form field before the files.',
}

const unansweredSchema = z.enum(UNANSWERED_MODES, {
  errorMap: () => ({
    message: 'The field "unanswered" must be "blank" (leave questions without evidence blank) or "no" (answer No).',
  }),
})

/** Stops reading the body with a finished outcome (a bad token, a file before the token, an unexpected part). */
class Refusal extends Error {
  constructor(readonly outcome: Extract<FillOutcome, { ok: false }>) {
    super(outcome.problems[0]?.message)
  }
}

const refuse = (status: 400 | 401 | 413, code: FillErrorCode, problem: UploadProblem) =>
  new Refusal({ ok: false, status, code, problems: [problem] })

/**
 * Credentials, in order: a header token (checked before the body is touched), the browser session cookie, or a
 * `token` form field that must come before any file part.
 */
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
    if (!check.ok)
      return {
        ok: false,
        status: 401,
        code: 'invalid_token',
        problems: [{ title: 'Invalid Token', message: TOKEN_MESSAGES[check.reason] }],
      }
    token = check.row
  } else token = await sessionToken(request, 'upload')

  const boundary = boundaryOf(request.headers.get('content-type'))
  if (!boundary) {
    if (!token) return { ok: false, status: 401, code: 'token_required', problems: [TOKEN_REQUIRED] }
    return {
      ok: false,
      status: 400,
      code: 'not_multipart',
      problems: [
        {
          title: 'Upload Failed',
          message: 'Send the files as multipart/form-data (fields "questionnaire" and "evidence").',
        },
      ],
    }
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    if (!token) return { ok: false, status: 401, code: 'token_required', problems: [TOKEN_REQUIRED] }
    return { ok: false, status: 413, code: 'upload_too_large', problems: [TOO_LARGE.request] }
  }

  let unanswered: UnansweredMode = 'blank'
  let evidenceParts = 0
  let files: UploadedFile[]
  try {
    files = await readMultipart(request.body, boundary, {
      async field(name, value) {
        if (name === 'token' && !token) {
          const check = await checkToken(sql, normalizeToken(value))
          if (!check.ok)
            throw refuse(401, 'invalid_token', { title: 'Invalid Token', message: TOKEN_MESSAGES[check.reason] })
          token = check.row
        } else if (name === 'unanswered') {
          const parsed = unansweredSchema.safeParse(value.trim() || 'blank')
          if (!parsed.success)
            throw refuse(400, 'invalid_upload', { title: 'Invalid Option', message: parsed.error.issues[0]!.message })
          unanswered = parsed.data
        }
      },
      fileStart(field, name) {
        // No file byte is kept before the sender is known.
        if (!token) throw refuse(401, 'token_after_files', TOKEN_REQUIRED)
        if (field === 'questionnaire') return QUESTIONNAIRE_MAX_BYTES
        if (field === 'evidence') {
          if (++evidenceParts > MAX_EVIDENCE_FILES) {
            throw refuse(400, 'invalid_upload', {
              title: 'Too Many Files',
              message: `Maximum ${MAX_EVIDENCE_FILES} evidence files allowed; send at most ${MAX_EVIDENCE_FILES}.`,
            })
          }
          return EVIDENCE_MAX_BYTES
        }
        throw refuse(400, 'invalid_upload', {
          title: 'Unexpected File',
          message: `${name} was sent as "${field}"; use the fields "questionnaire" and "evidence".`,
        })
      },
    })
  } catch (error) {
    if (error instanceof Refusal) return error.outcome
    if (error instanceof RequestTooLargeError) {
      if (!token) return { ok: false, status: 401, code: 'token_required', problems: [TOKEN_REQUIRED] }
      const problem = error.file
        ? TOO_LARGE.file(error.file.field, error.file.name)
        : error.message === 'request over its limit'
          ? TOO_LARGE.request
          : { title: 'Upload Too Large', message: error.message }
      return { ok: false, status: 413, code: 'upload_too_large', problems: [problem] }
    }
    if (error instanceof MalformedUploadError) {
      if (!token) return { ok: false, status: 401, code: 'token_required', problems: [TOKEN_REQUIRED] }
      return {
        ok: false,
        status: 400,
        code: 'malformed_upload',
        problems: [{ title: 'Upload Failed', message: error.message }],
      }
    }
    throw error
  }
  const owner = token as TokenRow | null
  if (!owner) return { ok: false, status: 401, code: 'token_required', problems: [TOKEN_REQUIRED] }

  const checked = await checkFiles(files)
  if (!checked.ok) return { ok: false, status: 400, code: 'invalid_upload', problems: checked.problems }
  try {
    const job = await createAnswerJob(sql, store, {
      tokenId: owner.id,
      questionnaire: checked.questionnaire,
      evidence: checked.evidence,
      unanswered,
    })
    return { ok: true, ...job, token: owner }
  } catch (error) {
    if (error instanceof SpendRefusedError) {
      const refusal = SPEND_REFUSALS[error.reason]
      return {
        ok: false,
        status: refusal.status,
        code: refusal.code as FillErrorCode,
        problems: [{ title: 'Quota Exhausted', message: refusal.message }],
      }
    }
    throw error
  }
}

type Checked =
  { ok: true; questionnaire: UploadedFile; evidence: UploadedFile[] } | { ok: false; problems: UploadProblem[] }

/** Every problem at once (extension, emptiness, content, malware), so the user fixes them in one go. */
export async function checkFiles(files: UploadedFile[]): Promise<Checked> {
  const problems: UploadProblem[] = []
  // Like the upload panel, only the first questionnaire counts.
  const questionnaire = files.find((f) => f.field === 'questionnaire')
  const evidence = files.filter((f) => f.field === 'evidence')
  if (!questionnaire) problems.push(MISSING_QUESTIONNAIRE)
  const all: (readonly [UploadedFile, 'Invalid Questionnaire File' | 'Invalid Evidence File'])[] = [
    ...(questionnaire ? [[questionnaire, 'Invalid Questionnaire File'] as const] : []),
    ...evidence.map((f) => [f, 'Invalid Evidence File'] as const),
  ]
  for (const [file, title] of all) {
    const problem =
      (title === 'Invalid Questionnaire File' ? checkQuestionnaireFile(file) : checkEvidenceFile(file)) ??
      checkMagic(file.name, file.bytes, title) ??
      (await scanFile(file.name, file.bytes))
    if (problem) problems.push(problem)
  }
  if (problems.length) return { ok: false, problems }
  return { ok: true, questionnaire: questionnaire!, evidence }
}
