import { presentedToken, sessionToken } from '../access/auth.server'
import { normalizeToken } from '../access/credentials.server'
import { checkToken, type TokenRow } from '../access/tokens.server'
import { FillExtras } from '../api/fill-extras.server'
import { KeyTakenError } from '../api/idempotency.server'
import { fillFailure, type FillFailure } from './fill-failure'
import { unansweredSchema } from '../api/schemas/jobs'
import { createAnswerJob, QuotaExhaustedError, type UnansweredMode } from '../jobs.server'
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

export type { FillErrorCode, FillFailure } from './fill-failure'

export type FillOutcome =
  { ok: true; jobId: string; evidenceCount: number; token: TokenRow; replayed: boolean } | FillFailure

/** Stops reading the body with a finished outcome (a bad token, a file before the token, an unexpected part). */
class Refusal extends Error {
  constructor(readonly outcome: FillFailure) {
    super(outcome.problems[0]?.message)
  }
}

const tokenRequired = () => fillFailure('token_required')
const invalidUpload = (problem: UploadProblem) =>
  fillFailure('invalid_upload', { problems: [problem] }, { details: [problem] })

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

  let unanswered: UnansweredMode = 'blank'
  let evidenceParts = 0
  let files: UploadedFile[]
  try {
    files = await readMultipart(request.body, boundary, {
      async field(name, value) {
        if (name === 'token' && !token) {
          presented = normalizeToken(value)
          const check = await checkToken(sql, presented)
          if (!check.ok) throw new Refusal(fillFailure('invalid_token', { reason: check.reason }))
          token = check.row
          const problem = extras.headerProblem()
          if (problem) throw new Refusal(problem)
        } else if (name === 'unanswered') {
          const parsed = unansweredSchema.safeParse(value.trim() || 'blank')
          if (!parsed.success)
            throw new Refusal(invalidUpload({ title: 'Invalid Option', message: parsed.error.issues[0]!.message }))
          unanswered = parsed.data
        }
        if (name !== 'token') {
          const problem = extras.field(name, value)
          if (problem) throw new Refusal(problem)
        }
      },
      fileStart(field, name) {
        // No file byte is kept before the sender is known.
        if (!token) throw new Refusal(tokenRequired())
        if (field === 'questionnaire') return QUESTIONNAIRE_MAX_BYTES
        // 'library' (earlier answered questionnaires) shares the 10 files with evidence; until the pipeline
        // reads it as a library by role, it is evidence, where answered questionnaires are read as libraries.
        if (field === 'evidence' || field === 'library') {
          if (++evidenceParts > MAX_EVIDENCE_FILES) {
            throw new Refusal(
              invalidUpload({
                title: 'Too Many Files',
                message: `Maximum ${MAX_EVIDENCE_FILES} evidence files allowed; send at most ${MAX_EVIDENCE_FILES}.`,
              }),
            )
          }
          return EVIDENCE_MAX_BYTES
        }
        throw new Refusal(
          invalidUpload({
            title: 'Unexpected File',
            message: `${name} was sent as "${field}"; use the fields "questionnaire" and "evidence".`,
          }),
        )
      },
    })
  } catch (error) {
    if (error instanceof Refusal) return error.outcome
    if (error instanceof RequestTooLargeError) {
      if (!token) return tokenRequired()
      const problem = error.file
        ? TOO_LARGE.file(error.file.field, error.file.name)
        : error.message === 'request over its limit'
          ? TOO_LARGE.request
          : { title: 'Upload Too Large', message: error.message }
      return fillFailure('upload_too_large', { problem }, { details: [problem] })
    }
    if (error instanceof MalformedUploadError) {
      if (!token) return tokenRequired()
      return fillFailure('malformed_upload', { problem: error.message })
    }
    throw error
  }
  const owner = token as TokenRow | null
  if (!owner) return tokenRequired()

  const checked = await checkFiles(files)
  if (!checked.ok) return fillFailure('invalid_upload', { problems: checked.problems }, { details: checked.problems })
  const earlier = await extras.prepare(sql, owner.id, presented, files)
  if (earlier && !earlier.ok) return earlier
  if (earlier)
    return { ok: true, jobId: earlier.jobId, evidenceCount: earlier.evidenceCount, token: owner, replayed: true }
  try {
    const job = await createAnswerJob(sql, store, {
      tokenId: owner.id,
      questionnaire: checked.questionnaire,
      evidence: checked.evidence,
      unanswered,
      onCreated: extras.onCreated(owner.id, presented),
    })
    return { ok: true, ...job, token: owner, replayed: false }
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return fillFailure('quota_exhausted')
    if (error instanceof KeyTakenError) {
      const winner = await extras.afterRace(sql, owner.id)
      if (!winner.ok) return winner
      return { ok: true, jobId: winner.jobId, evidenceCount: winner.evidenceCount, token: owner, replayed: true }
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
  const evidence = files.filter((f) => f.field === 'evidence' || f.field === 'library')
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
