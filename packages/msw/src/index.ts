import { http, type HttpHandler } from 'msw'
import { apiError, methodNotAllowed } from '../../../app/api/errors'
import { allApiRoutes } from '../../../app/api/schemas'
import { sendCallback, type CallbackDelivery } from './callbacks'
import { MockContext, type QfillMockOptions } from './context'
import { fill } from './fill'
import { answers, editAnswers, remove, result, status } from './jobs'
import { freeTrial, paymentIntent, paymentsNotConfigured, questionnaire, tokenStatus, validateToken } from './access'
import type { Requester } from '../../../app/http/rate-classes'
import { RateLimits } from './rate-limits'
import type { MockJob, MockToken, Scenario } from './state'
import { health, openApi, serviceStatus } from './system'

/**
 * @qfill/msw: MSW handlers for every endpoint of QFill's HTTP API, answering as the server does. The bodies are
 * built with the server's own zod schemas, error table (app/api/errors) and review rules, and the answers are a
 * real run of the pipeline recorded at build time (fixtureFiles are its inputs). A contract test in the QFill
 * repository sends the same requests to a real server and to these handlers and compares every field.
 *
 * Scenarios (switch with `mock.use(name)`):
 *   completed     (default) a job is processing for `pollsUntilDone` polls, then completed with results
 *   failed        the job fails while processing (as a questionnaire without questions does)
 *   expired       the job completes, but the hourly purge has deleted its files: downloads answer 410
 *   unauthorized  every token is refused: 401 invalid_token
 *   quota         submitting answers 402 quota_exhausted
 *   too-large     submitting answers 413 upload_too_large
 *   rate-limited  every counted call answers 429 with Retry-After and RateLimit-* headers
 */
export interface QfillMock {
  handlers: HttpHandler[]
  /** Switches the scenario for calls from now on (jobs already submitted keep theirs, except for 401/429). */
  use(scenario: Scenario): void
  /** Forgets every job, token use, key and trial, and goes back to the starting scenario. */
  reset(): void
  readonly scenario: Scenario
  /** Jobs submitted so far, by id. */
  readonly jobs: ReadonlyMap<string, Readonly<MockJob>>
  /** Tokens seen or configured, by token. */
  readonly tokens: ReadonlyMap<string, Readonly<MockToken>>
  /** Callbacks sent so far. */
  readonly callbacks: readonly CallbackDelivery[]
  /** Resolves once every callback sent so far has been answered. */
  callbacksSettled(): Promise<void>
}

export function createQfillMock(options: QfillMockOptions = {}): QfillMock {
  const base = (options.baseUrl ?? '*').replace(/\/+$/, '')
  const ctx = new MockContext(options)
  const limits = new RateLimits()
  const callbacks: CallbackDelivery[] = []
  const pending = new Set<Promise<unknown>>()

  const ended = (job: MockJob) => {
    if (!job.callbackUrl) return
    const delivery = sendCallback(ctx, job).then((d) => callbacks.push(d))
    pending.add(delivery)
    void delivery.finally(() => pending.delete(delivery))
  }
  const created = (job: MockJob) => {
    if (!job.callbackUrl) return
    setTimeout(() => {
      if (job.outcome) return
      ctx.end(job)
      ended(job)
    }, options.callbackDelayMs ?? 0)
  }

  /** Who is asking, as the server's rate limiter sees it: a known token (live or not), a wrong one, or none. */
  const tokenIds = new Map<string, number>()
  const requester = (request: Request): Requester => {
    const presented = ctx.presented(request)
    if (!presented) return { kind: 'anonymous', badToken: false }
    const token = ctx.tokenFor(presented)
    if (!token) return { kind: 'anonymous', badToken: true }
    if (!tokenIds.has(token.token)) tokenIds.set(token.token, tokenIds.size + 1)
    return { kind: 'token', tokenId: tokenIds.get(token.token)!, plan: token.plan }
  }

  type Resolver = (request: Request, params: Record<string, string>) => Response | Promise<Response>
  /** The server's rate limits around every handler: RateLimit-* headers, or 429 in 'rate-limited'. */
  const route = (method: 'get' | 'post' | 'patch' | 'delete' | 'all', path: string, resolve: Resolver) =>
    http[method](`${base}${path}`, async ({ request, params }) => {
      const who = requester(request)
      if (ctx.scenario === 'rate-limited') return limits.tooMany(request, who, options.retryAfter ?? 30)
      const response = await resolve(request, params as Record<string, string>)
      return limits.count(request, who, response)
    })

  const handlers: HttpHandler[] = [
    route('get', '/api/status', serviceStatus),
    route('get', '/healthz', health),
    route('get', '/api/openapi.json', openApi),
    route('post', '/api/fill', (request) => fill(ctx, request, created)),
    route('get', '/api/status/:jobId', (request, p) => status(ctx, request, p.jobId!, ended)),
    route('get', '/api/result/:jobId/:kind', (request, p) => result(ctx, request, p.jobId!, p.kind!)),
    route('delete', '/api/delete-files/:jobId', (request, p) => remove(ctx, request, p.jobId!)),
    route('post', '/api/delete-files/:jobId', (request, p) => remove(ctx, request, p.jobId!)),
    route('get', '/api/answers/:jobId', (request, p) => answers(ctx, request, p.jobId!)),
    route('patch', '/api/answers/:jobId', (request, p) => editAnswers(ctx, request, p.jobId!)),
    route('post', '/api/validate-token', (request) => validateToken(ctx, request)),
    route('get', '/api/token-status', (request) => tokenStatus(ctx, request)),
    route('get', '/api/questionnaire/:id', (request, p) => questionnaire(ctx, request, p.id!, ended)),
    route('post', '/api/create-free-trial', (request) => freeTrial(ctx, request)),
    route('post', '/api/create-checkout-session', paymentsNotConfigured),
    route('post', '/api/create-payment-intent', (request) => paymentIntent(ctx, request)),
    route('get', '/api/checkout/session', paymentsNotConfigured),
    route('post', '/api/stripe/webhook', paymentsNotConfigured),
    // Every documented path answers other methods with 405 and Allow, as the server does.
    ...[...new Set(allApiRoutes.map((r) => r.path))].map((path) =>
      route('all', path.replace(/\{(\w+)\}/g, ':$1'), () =>
        methodNotAllowed(allApiRoutes.filter((r) => r.path === path).map((r) => r.method)),
      ),
    ),
    route('all', '/api/*', () => apiError('not_found')),
  ]

  return {
    handlers,
    use(next) {
      ctx.scenario = next
    },
    reset() {
      ctx.reset()
      limits.reset()
      callbacks.length = 0
    },
    get scenario() {
      return ctx.scenario
    },
    jobs: ctx.jobs,
    tokens: ctx.tokens,
    callbacks,
    async callbacksSettled() {
      while (pending.size) await Promise.all([...pending])
    },
  }
}

export { SCENARIOS, type MockJob, type MockToken, type MockTokenInit, type Plan, type Scenario } from './state'
export type { QfillMockOptions } from './context'
export type { CallbackDelivery } from './callbacks'
export { fixtureFiles, type FixtureFile } from './fixtures'
export { TOKEN_BUDGETS, ADDRESS_LIMITS } from '../../../app/http/limits'

// The contract the handlers answer with: the server's own schemas and error table, for your assertions.
export { API_ERRORS, type ApiErrorBody, type ApiErrorCode, type TokenRefusal } from '../../../app/api/errors'
export { apiErrorSchema, type ApiErrorJson } from '../../../app/api/schemas/common'
export {
  deleteResult,
  fillAccepted,
  JOB_ID_PATTERN,
  jobStatus,
  RESULT_KINDS,
  RESULT_MEDIA_TYPES,
  type DeleteResult,
  type FillAccepted,
  type JobStatusJson,
  type ResultKind,
} from '../../../app/api/schemas/jobs'
export { answersJsonSchema, answersPatchSchema } from '../../../app/api/schemas/answers'
export { questionnaireResponse, tokenStatusResponse, validateTokenResponse } from '../../../app/api/schemas/access'
export { health as healthSchema, serviceStatus as serviceStatusSchema } from '../../../app/api/schemas/system'
export {
  callbackSecret,
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signCallback,
  verifyCallback,
} from '../../../app/api/callbacks/signature'
