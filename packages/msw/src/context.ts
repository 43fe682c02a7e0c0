import { presentedCredential } from '../../../app/access/credentials.server'
import { apiError, TOKEN_REFUSAL_MESSAGES } from '../../../app/api/errors'
import { jobIdSchema } from '../../../app/api/schemas/jobs'
import {
  canUpload,
  finish,
  mockToken,
  remaining,
  tokenExpired,
  type MockJob,
  type MockToken,
  type MockTokenInit,
  type Scenario,
} from './state'

export interface QfillMockOptions {
  /** Origin the handlers answer for, e.g. 'https://qfill.example.com'. Default: any origin. */
  baseUrl?: string
  /** The scenario at the start and after reset(). Default 'completed'. */
  scenario?: Scenario
  /** How many status polls a job stays 'processing' before it ends. Default 2. */
  pollsUntilDone?: number
  /** Seconds in Retry-After for 'rate-limited'. Default 30. */
  retryAfter?: number
  /** The tokens the mock knows. Default: any token is accepted, as a Professional (unlimited) token of its own. */
  tokens?: Record<string, MockTokenInit>
  /** Milliseconds after submission at which a job given a callbackUrl ends and calls back. Default 0. */
  callbackDelayMs?: number
  /** The clock (for expiry and timestamps). Default: the real one. */
  now?: () => Date
}

/** What every handler shares: options, the mock's state, and the server's order of checks. */
export class MockContext {
  readonly tokens = new Map<string, MockToken>()
  readonly jobs = new Map<string, MockJob>()
  readonly keys = new Map<string, { fingerprint: string; jobId: string; at: Date }>()
  readonly trials = new Set<string>()
  scenario: Scenario

  constructor(readonly options: QfillMockOptions) {
    this.scenario = options.scenario ?? 'completed'
    this.reset()
  }

  get pollsUntilDone() {
    return this.options.pollsUntilDone ?? 2
  }

  now(): Date {
    return this.options.now?.() ?? new Date()
  }

  reset() {
    this.scenario = this.options.scenario ?? 'completed'
    this.tokens.clear()
    this.jobs.clear()
    this.keys.clear()
    this.trials.clear()
    for (const [token, init] of Object.entries(this.options.tokens ?? {}))
      this.tokens.set(token, mockToken(token, init, this.now()))
  }

  /** The token string presented (Bearer or x-api-key), without the whitespace a paste adds. */
  presented(request: Request, formToken?: string | null): string | null {
    return presentedCredential(request, formToken)
  }

  /** A token, or the 401 the server gives: no token, or one it does not know ('unauthorized': none). */
  lookUp(presented: string | null): MockToken | Response {
    if (!presented) return apiError('token_required')
    const token = this.tokenFor(presented)
    if (!token) return apiError('invalid_token', { reason: 'unknown' })
    if (tokenExpired(token, this.now()) && !this.hasLiveJobs(token))
      return apiError('invalid_token', { reason: 'expired' })
    return token
  }

  tokenFor(presented: string): MockToken | null {
    if (this.scenario === 'unauthorized') return null
    const known = this.tokens.get(presented)
    if (known || this.options.tokens) return known ?? null
    const created = mockToken(presented, {}, this.now())
    this.tokens.set(presented, created)
    return created
  }

  /** As the server reads a token: an expired one still reads while its jobs are live. */
  private hasLiveJobs(token: MockToken): boolean {
    return [...this.jobs.values()].some(
      (j) => j.token === token.token && !j.deletedAt && (!j.outcome || j.outcome === 'completed'),
    )
  }

  /** Ends a job as its scenario says; a failed job gives its questionnaire back, as the server's does. */
  end(job: MockJob) {
    if (job.outcome) return
    finish(job, this.now())
    const token = this.tokens.get(job.token)
    if (job.outcome === 'failed' && token) token.used = Math.max(0, token.used - 1)
  }

  authenticate(request: Request): MockToken | Response {
    return this.lookUp(this.presented(request))
  }

  /** The token's job, or 404 job_not_found for an id that is malformed, unknown or another token's. */
  ownJob(request: Request, jobId: string): { token: MockToken; job: MockJob } | Response {
    const token = this.authenticate(request)
    if (token instanceof Response) return token
    const job = jobIdSchema.safeParse(jobId).success ? this.jobs.get(jobId) : undefined
    if (!job || job.token !== token.token) return apiError('job_not_found', { jobId })
    return { token, job }
  }

  /** validate-token's verdict on a known token. */
  verdict(token: MockToken) {
    const now = this.now()
    const expired = tokenExpired(token, now)
    const reason = expired ? 'expired' : canUpload(token, now) ? 'ok' : 'exhausted'
    const left = remaining(token)
    const message =
      reason === 'ok'
        ? left === null
          ? 'Token validated: unlimited questionnaires.'
          : `Token validated: ${left} of ${token.quota} questionnaires remaining.`
        : reason === 'expired'
          ? TOKEN_REFUSAL_MESSAGES.expired
          : 'Token quota exhausted. Purchase a plan to continue.'
    return { reason, message, expired, left } as const
  }
}
