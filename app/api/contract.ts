import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod'

/**
 * How one HTTP API endpoint is described. Each area keeps its endpoints' zod schemas in its own module under
 * app/api/schemas/ (access.ts, answers.ts, jobs.ts, ...), exports an `ApiRouteDoc[]`, and its routes validate
 * with the very same schemas; the OpenAPI document at /api/openapi.json is generated from these lists.
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
  /** JSON body (application/json) or, with bodyType 'multipart', the fields of a multipart/form-data body. */
  body?: ZodTypeAny
  bodyType?: 'json' | 'multipart' | 'raw'
  responses: Record<number, { description: string; schema?: ZodTypeAny; contentType?: string }>
  /** A curl example shown in /api-docs. */
  example?: string
}

/** The JSON error body every /api/* endpoint answers with on failure. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown }
}
