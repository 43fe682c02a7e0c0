import {
  isLoopbackName,
  isPublicAddress,
  ipFamily,
  parseCallbackUrl,
  refusedAddress,
} from '../../../app/api/callbacks/url'
import { apiError, apiErrorResponse } from '../../../app/api/errors'
import { idempotencyKeySchema, productSchema, unansweredSchema } from '../../../app/api/schemas/jobs'
import { newJobId } from '../../../app/job/id'
import { fillFailure } from '../../../app/uploads/fill-failure'
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
} from '../../../app/uploads/limits'
import type { MockContext } from './context'
import { json } from './respond'
import { canUpload, newJob, tokenExpired, type MockJob, type MockToken } from './state'

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * POST /api/fill, checked in the server's order (app/uploads/fill-request.server.ts): credentials, the
 * Idempotency-Key header, the form, each file as it comes, every file problem at once, the callbackUrl, a
 * repeated key, the quota. Files are checked by name, size and emptiness (not content or malware).
 */
export async function fill(ctx: MockContext, request: Request, onCreated: (job: MockJob) => void): Promise<Response> {
  let token: MockToken | null = null
  let presented = ctx.presented(request)
  if (presented) {
    const found = ctx.lookUp(presented)
    if (found instanceof Response) return found
    token = found
  }
  const rawKey = request.headers.get('idempotency-key')
  const key = rawKey === null ? null : idempotencyKeySchema.safeParse(rawKey.trim())
  const now = ctx.now()
  const keyOf = (t: MockToken) => (key?.success ? `${t.token}\n${key.data}` : null)
  // As the server: a sender is refused before its files are read when it may not spend, unless it repeats a key.
  const refusal = (t: MockToken) => {
    const earlier = keyOf(t) ? ctx.keys.get(keyOf(t)!) : undefined
    if (earlier && now.getTime() - earlier.at.getTime() < IDEMPOTENCY_WINDOW_MS) return null
    if (ctx.scenario === 'quota' || !canUpload(t, now)) return apiError('quota_exhausted')
    return tokenExpired(t, now) ? apiError('token_expired') : null
  }
  if (token && key && !key.success) return apiError('invalid_idempotency_key')
  if (!/^multipart\/form-data;.*boundary=/i.test(request.headers.get('content-type') ?? ''))
    return token ? apiError('not_multipart') : apiError('token_required')
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES)
    return token
      ? failure(fillFailure('upload_too_large', { problem: TOO_LARGE.request }, { details: [TOO_LARGE.request] }))
      : apiError('token_required')
  const refused = token && refusal(token)
  if (refused) return refused
  const form = await request.formData().catch(() => null)
  if (!form)
    return failure(
      fillFailure('malformed_upload', {
        problem: 'The upload could not be read (the multipart body is malformed or was cut off).',
      }),
    )

  const fields: [string, string][] = []
  const files: { field: string; file: File }[] = []
  let callbackUrl: string | null = null
  let unanswered: 'blank' | 'no' = 'blank'
  let evidenceCount = 0
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      if (name === 'token' && !token) {
        presented = ctx.presented(request, value)
        const found = ctx.lookUp(presented)
        if (found instanceof Response) return found
        token = found
        if (key && !key.success) return apiError('invalid_idempotency_key')
        const refused = refusal(token)
        if (refused) return refused
        continue
      }
      if (name === 'token') continue
      fields.push([name, value])
      if (name === 'unanswered') {
        const parsed = unansweredSchema.safeParse(value.trim() || 'blank')
        if (!parsed.success) return invalid({ title: 'Invalid Option', message: parsed.error.issues[0]!.message })
        unanswered = parsed.data
      }
      if (name === 'product') {
        const parsed = productSchema.safeParse(value)
        if (!parsed.success) return invalid({ title: 'Invalid Product', message: parsed.error.issues[0]!.message })
      }
      if (name === 'callbackUrl') {
        const parsed = parseCallbackUrl(value)
        if (!parsed.ok) return failure(fillFailure('invalid_callback_url', { problem: parsed.problem }))
        callbackUrl = parsed.value.href
      }
      continue
    }
    if (!token) return apiError('token_required')
    // 'library' (earlier answered questionnaires) shares the evidence files' limit, as on the server.
    if ((name === 'evidence' || name === 'library') && ++evidenceCount > MAX_EVIDENCE_FILES)
      return invalid({
        title: 'Too Many Files',
        message: `Maximum ${MAX_EVIDENCE_FILES} evidence files allowed; send at most ${MAX_EVIDENCE_FILES}.`,
      })
    if (name !== 'questionnaire' && name !== 'evidence' && name !== 'library')
      return invalid({
        title: 'Unexpected File',
        message: `${value.name} was sent as "${name}"; use the fields "questionnaire", "evidence" and "library".`,
      })
    if (value.size > (name === 'questionnaire' ? QUESTIONNAIRE_MAX_BYTES : EVIDENCE_MAX_BYTES)) {
      const problem = TOO_LARGE.file(name, value.name)
      return failure(fillFailure('upload_too_large', { problem }, { details: [problem] }))
    }
    files.push({ field: name, file: value })
  }
  if (!token) return apiError('token_required')
  if (ctx.scenario === 'too-large')
    return failure(fillFailure('upload_too_large', { problem: TOO_LARGE.request }, { details: [TOO_LARGE.request] }))

  const questionnaire = files.find((f) => f.field === 'questionnaire')?.file
  const evidence = files.filter((f) => f.field !== 'questionnaire').map((f) => f.file)
  const problems: UploadProblem[] = []
  if (!questionnaire) problems.push(MISSING_QUESTIONNAIRE)
  for (const [file, check] of [
    ...(questionnaire ? [[questionnaire, checkQuestionnaireFile] as const] : []),
    ...evidence.map((f) => [f, checkEvidenceFile] as const),
  ]) {
    const problem = check({ name: file.name, size: file.size })
    if (problem) problems.push(problem)
  }
  if (problems.length) return failure(fillFailure('invalid_upload', { problems }, { details: problems }))
  if (callbackUrl) {
    const host = new URL(callbackUrl).hostname
    const address = isLoopbackName(host) ? '127.0.0.1' : ipFamily(host) ? host.replace(/^\[|\]$/g, '') : null
    if (address && !isPublicAddress(address))
      return failure(fillFailure('invalid_callback_url', { problem: refusedAddress(address) }))
  }

  const keyId = keyOf(token)
  const fingerprint = keyId ? await fingerprintOf(fields, files) : ''
  const earlier = keyId ? ctx.keys.get(keyId) : undefined
  if (keyId && earlier && now.getTime() - earlier.at.getTime() < IDEMPOTENCY_WINDOW_MS) {
    if (earlier.fingerprint !== fingerprint) return apiError('idempotency_key_reused')
    const job = ctx.jobs.get(earlier.jobId)!
    return json(accepted(job), { status: 202, headers: { 'Idempotent-Replayed': 'true' } })
  }
  const spendRefused = refusal(token)
  if (spendRefused) return spendRefused

  token.used++
  const job = newJob({
    id: newJobId(),
    token: token.token,
    scenario: ctx.scenario,
    questionnaireName: questionnaire!.name,
    unanswered,
    evidenceCount: evidence.length,
    callbackUrl,
    now,
  })
  ctx.jobs.set(job.id, job)
  if (keyId) ctx.keys.set(keyId, { fingerprint, jobId: job.id, at: now })
  onCreated(job)
  return json(accepted(job), { status: 202 })
}

const accepted = (job: MockJob) => ({
  jobId: job.id,
  evidenceCount: job.evidenceCount,
  status: `/api/status/${job.id}`,
})

const failure = (refused: ReturnType<typeof fillFailure>) => apiErrorResponse(refused.body)
const invalid = (problem: UploadProblem) =>
  failure(fillFailure('invalid_upload', { problems: [problem] }, { details: [problem] }))

/** The same body: its text fields and each file's field, name and content. */
async function fingerprintOf(fields: [string, string][], files: { field: string; file: File }[]): Promise<string> {
  const parts: unknown[] = [[...fields].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y))]
  for (const { field, file } of files) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()))
    parts.push([field, file.name, Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')])
  }
  return JSON.stringify(parts)
}
