import { http, HttpResponse, type HttpHandler } from 'msw'
import { newJobId } from '../../job/id'
import { apiErrorSchema, type ApiErrorJson } from '../schemas/common'
import {
  deleteResult,
  fillAccepted,
  JOB_ID_PATTERN,
  jobStatus,
  RESULT_KINDS,
  type JobStatusJson,
} from '../schemas/jobs'
import { serviceStatus } from '../schemas/system'
import { answersJson, completedFields, completedWorkbook, summaryPdf } from './fixtures'

/**
 * `qfill/msw`: MSW handlers for QFill's public API, for testing a client without a QFill server. Every answer is
 * checked against the same zod schemas the real routes validate with (exported here too), so a mock that drifts
 * from the API fails loudly.
 *
 * Scenarios (switch with `mock.use(name)`):
 *   completed     (default) a job is processing for `pollsUntilDone` polls, then completed with results
 *   failed        the job fails while processing
 *   expired       the job completes, but its files are gone: downloads answer 410
 *   unauthorized  every call with a token answers 401
 *   quota         submitting answers 402 (the token has no questionnaires left)
 *   too-large     submitting answers 413
 *   rate-limited  every call answers 429 with Retry-After
 */
export const SCENARIOS = [
  'completed',
  'failed',
  'expired',
  'unauthorized',
  'quota',
  'too-large',
  'rate-limited',
] as const
export type Scenario = (typeof SCENARIOS)[number]

export interface QfillMockOptions {
  /** Origin the handlers answer for, e.g. 'https://qfill.example.com'. Default: any origin ('*'). */
  baseUrl?: string
  scenario?: Scenario
  /** How many status polls a job stays 'processing' before it completes or fails. Default 2. */
  pollsUntilDone?: number
  /** Seconds in Retry-After for 'rate-limited'. Default 30. */
  retryAfter?: number
}

interface MockJob {
  id: string
  polls: number
  scenario: Scenario
  deleted: boolean
  evidenceCount: number
  completedAt?: Date
}

export interface QfillMock {
  handlers: HttpHandler[]
  /** Switches the scenario for calls from now on (jobs already submitted keep theirs, except for 401/429). */
  use(scenario: Scenario): void
  /** Forgets every job and goes back to the starting scenario. */
  reset(): void
  readonly scenario: Scenario
  /** Jobs submitted so far, by id. */
  readonly jobs: ReadonlyMap<string, Readonly<MockJob>>
}

export { apiErrorSchema, deleteResult, fillAccepted, JOB_ID_PATTERN, jobStatus, serviceStatus }
export type { ApiErrorJson, JobStatusJson }
export { answersJson as answersJsonFixture } from './fixtures'

const TOTAL_QUESTIONS = 3
const MESSAGES = {
  unauthorized: 'Token not found or expired',
  required:
    'An access token is required: send it as "Authorization: Bearer <token>", an x-api-key header or a "token" form field.',
  quota: 'Token quota exhausted. Purchase a plan to continue.',
  tooLarge: 'The upload is too large: at most one 10 MB questionnaire and 10 evidence files of 25 MB.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  expired: 'Files have been deleted due to 1-hour security policy',
  failed: 'The questionnaire could not be read: no questions found.',
}

function error(status: number, code: string, message: string, headers?: Record<string, string>) {
  return HttpResponse.json(apiErrorSchema.parse({ error: { code, message } }), { status, headers })
}

function credential(request: Request): string | null {
  const auth = request.headers.get('authorization')
  return (auth && /^Bearer\s+(\S+)/i.exec(auth)?.[1]) || request.headers.get('x-api-key') || null
}

export function createQfillMock(options: QfillMockOptions = {}): QfillMock {
  const base = (options.baseUrl ?? '*').replace(/\/$/, '')
  const start: Scenario = options.scenario ?? 'completed'
  const pollsUntilDone = options.pollsUntilDone ?? 2
  let scenario = start
  const jobs = new Map<string, MockJob>()

  /** 429 and 401 first, as the real server checks them before anything else. */
  const gate = (request: Request) => {
    if (scenario === 'rate-limited') {
      return error(429, 'rate_limited', MESSAGES.rateLimited, { 'Retry-After': String(options.retryAfter ?? 30) })
    }
    const presented = credential(request)
    if (!presented) return error(401, 'token_required', MESSAGES.required, { 'WWW-Authenticate': 'Bearer' })
    if (scenario === 'unauthorized')
      return error(401, 'token_unknown', MESSAGES.unauthorized, { 'WWW-Authenticate': 'Bearer' })
    return null
  }
  const notFound = (jobId: string) => error(404, 'job_not_found', `No job ${jobId} for this token.`)

  const statusOf = (job: MockJob): JobStatusJson => {
    const base = { jobId: job.id, evidenceCount: job.evidenceCount }
    const done = job.polls > pollsUntilDone
    if (!done) {
      const processed = Math.min(TOTAL_QUESTIONS - 1, Math.floor((job.polls / (pollsUntilDone + 1)) * TOTAL_QUESTIONS))
      return jobStatus.parse({
        ...base,
        status: 'processing',
        error: null,
        progress: { processed, total: TOTAL_QUESTIONS },
      })
    }
    if (job.scenario === 'failed') {
      return jobStatus.parse({
        ...base,
        status: 'failed',
        error: MESSAGES.failed,
        progress: { processed: 0, total: TOTAL_QUESTIONS },
      })
    }
    job.completedAt ??= new Date()
    const expires = new Date(job.completedAt.getTime() + 60 * 60 * 1000)
    const gone = job.deleted || job.scenario === 'expired'
    return jobStatus.parse({
      ...base,
      status: 'completed',
      error: null,
      progress: { processed: TOTAL_QUESTIONS, total: TOTAL_QUESTIONS },
      ...completedFields(job.id, expires, gone),
    })
  }

  const handlers: HttpHandler[] = [
    http.get(`${base}/api/status`, () => HttpResponse.json(serviceStatus.parse({ ok: true }))),
    http.post(`${base}/api/fill`, async ({ request }) => {
      const denied = gate(request)
      if (denied) return denied
      if (scenario === 'quota') return error(402, 'quota_exhausted', MESSAGES.quota)
      if (scenario === 'too-large') return error(413, 'payload_too_large', MESSAGES.tooLarge)
      const form = await request.formData().catch(() => null)
      if (!form) return error(400, 'malformed_upload', 'Send the files as multipart/form-data.')
      if (!(form.get('questionnaire') instanceof Blob))
        return error(400, 'invalid_upload', 'Please upload a questionnaire file first.')
      const evidenceCount = form.getAll('evidence').length
      if (evidenceCount > 10)
        return error(400, 'invalid_upload', `Maximum 10 evidence files allowed; ${evidenceCount} were sent.`)
      const job: MockJob = { id: newJobId(), polls: 0, scenario, deleted: false, evidenceCount }
      jobs.set(job.id, job)
      const body = fillAccepted.parse({
        jobId: job.id,
        evidenceCount,
        totalQuestions: TOTAL_QUESTIONS,
        status: `/api/status/${job.id}`,
      })
      return HttpResponse.json(body, { status: 202 })
    }),
    http.get(`${base}/api/status/:jobId`, ({ request, params }) => {
      const denied = gate(request)
      if (denied) return denied
      const job = jobs.get(String(params.jobId))
      if (!job) return notFound(String(params.jobId))
      job.polls++
      return HttpResponse.json(statusOf(job), { headers: { 'Cache-Control': 'no-store' } })
    }),
    http.get(`${base}/api/result/:jobId/:kind`, ({ request, params }) => {
      const denied = gate(request)
      if (denied) return denied
      const kind = String(params.kind)
      if (!(RESULT_KINDS as readonly string[]).includes(kind))
        return error(404, 'unknown_result_kind', 'Ask for xlsx, pdf or json.')
      const job = jobs.get(String(params.jobId))
      if (!job) return notFound(String(params.jobId))
      const status = statusOf(job)
      if (status.status === 'failed') return error(409, 'job_failed', `Job ${job.id} failed: there are no results.`)
      if (status.status !== 'completed') return error(409, 'job_processing', `Job ${job.id} is still processing.`)
      if (status.deleted) return error(410, 'files_deleted', MESSAGES.expired)
      const file =
        kind === 'xlsx'
          ? { bytes: completedWorkbook(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }
          : kind === 'pdf'
            ? { bytes: summaryPdf(), type: 'application/pdf' }
            : { bytes: new TextEncoder().encode(JSON.stringify(answersJson, null, 2)), type: 'application/json' }
      return new HttpResponse(file.bytes, {
        headers: {
          'Content-Type': file.type,
          'Content-Length': String(file.bytes.byteLength),
          'Content-Disposition': `attachment; filename="questionnaire-${job.id}.${kind}"`,
        },
      })
    }),
    http.delete(`${base}/api/delete-files/:jobId`, ({ request, params }) => {
      const denied = gate(request)
      if (denied) return denied
      const job = jobs.get(String(params.jobId))
      if (!job) return notFound(String(params.jobId))
      job.deleted = true
      return HttpResponse.json(
        deleteResult.parse({
          success: true,
          message: `All files for job ${job.id} have been removed from our servers.`,
        }),
      )
    }),
    http.all(`${base}/api/*`, () =>
      error(404, 'not_found', 'No such API endpoint: see /api-docs for the endpoints there are.'),
    ),
  ]

  return {
    handlers,
    use(next) {
      scenario = next
    },
    reset() {
      scenario = start
      jobs.clear()
    },
    get scenario() {
      return scenario
    },
    jobs,
  }
}
