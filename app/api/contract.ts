import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod'
import type { ApiErrorCode } from './errors'

/**
 * How one HTTP API endpoint is described. Each area keeps its endpoints' zod schemas in its own module under
 * app/api/schemas/ (access.ts, answers.ts, jobs.ts, ...), exports an `ApiRouteDoc[]`, and its routes validate
 * with the very same schemas; the OpenAPI document at /api/openapi.json is generated from these lists, and
 * @qfill/msw answers each documented path.
 */
export interface ApiRouteDoc {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete'
  /** OpenAPI path template, e.g. '/api/status/{jobId}'. */
  path: string
  summary: string
  description?: string
  /** Tag that groups the endpoint in /api-docs (e.g. 'Jobs', 'Tokens', 'Payments', 'Review'). */
  tag: string
  /** 'token': Authorization: Bearer <token> or x-api-key; 'none': public; 'stripe-signature': webhooks. */
  auth: 'token' | 'none' | 'stripe-signature'
  params?: ZodObject<ZodRawShape>
  query?: ZodObject<ZodRawShape>
  /** Request headers the endpoint reads (besides credentials), e.g. Idempotency-Key. */
  headers?: ZodObject<ZodRawShape>
  /** JSON body (application/json) or, with bodyType 'multipart', the fields of a multipart/form-data body. */
  body?: ZodTypeAny
  bodyType?: 'json' | 'multipart' | 'raw'
  /** Answers that are not errors: the success, and bodies of their own shape (the health checks' 503). */
  responses: Record<number, ApiResponseDoc>
  /**
   * The error codes (app/api/errors.ts) this endpoint answers with besides those every endpoint of its kind has
   * (see routeErrorCodes): the document groups them by status, and the contract test refuses any other code.
   */
  errors: ApiErrorCode[]
  /** Fields beside `error` in this endpoint's error bodies, where a documented client reads them. */
  errorFields?: ZodRawShape
  /** A curl example shown in /api-docs and the README. */
  example?: string
}

export interface ApiResponseDoc {
  description: string
  /** The JSON body. */
  schema?: ZodTypeAny
  /** Bodies that are not (only) JSON, by media type: a schema, or null for a binary file (downloads). */
  media?: Record<string, ZodTypeAny | null>
  /** Response headers worth documenting, by name. */
  headers?: Record<string, string>
}

/** Paths the rate limits never count (health checks). */
export const UNLIMITED_PATHS: readonly string[] = ['/api/status', '/healthz']

/**
 * Every code a route can answer with: its own, the token codes when it needs a token, 405 for other methods, 429
 * where rate limits count, 403 for cross-site browser posts, and 500.
 */
export function routeErrorCodes(route: Pick<ApiRouteDoc, 'auth' | 'errors' | 'method' | 'path'>): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(route.errors)
  if (route.auth === 'token') codes.add('token_required').add('invalid_token')
  codes.add('method_not_allowed')
  if (!UNLIMITED_PATHS.includes(route.path)) codes.add('rate_limited')
  if (route.method !== 'get' && route.auth !== 'stripe-signature') codes.add('cross_site_request')
  codes.add('internal_error')
  return [...codes]
}
