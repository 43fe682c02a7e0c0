import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi'
import { z, type ZodTypeAny } from 'zod'
import { routeErrorCodes, type ApiRouteDoc } from './contract'
import { API_ERRORS, type ApiErrorCode } from './errors'
import { errorSchemaFor, FILE_DESCRIPTION_PREFIX } from './schemas/common'
import { LIMITS_SUMMARY, TOO_MANY_REQUESTS_RESPONSE } from '../http/limits'
import { allApiRoutes } from './schemas'

// The generator needs zod's prototype extended (parameters are annotated through .openapi()); the schemas
// themselves stay plain zod, so the MSW package and the routes use them without this library.
extendZodWithOpenApi(z)

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>

const TOKEN_SECURITY = [{ bearerAuth: [] }, { apiKey: [] }]

/**
 * The OpenAPI 3.1 document of every endpoint in app/api/schemas/, generated from the zod schemas the routes
 * validate with. Built once per process (the schemas do not change while it runs).
 */
export function openApiDocument(routes: ApiRouteDoc[] = allApiRoutes): OpenApiDocument {
  if (routes === allApiRoutes && cached) return cached
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Your access token: `Authorization: Bearer qf_...`.',
  })
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'The same access token, for clients that cannot set Authorization.',
  })
  registry.registerComponent('securitySchemes', 'stripeSignature', {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: 'Stripe signs its webhook calls; nobody else can call this endpoint.',
  })
  // Every operation may answer 429 (rate limits, app/http/limits.ts): one definition, referenced by each.
  const tooMany = registry.registerComponent(
    'responses',
    'TooManyRequests',
    TOO_MANY_REQUESTS_RESPONSE as Parameters<OpenAPIRegistry['registerComponent']>[2],
  )
  for (const route of routes) {
    const config = toRouteConfig(route)
    registry.registerPath({ ...config, responses: { ...config.responses, 429: tooMany.ref } })
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'QFill API',
      version: '1',
      description:
        'Fill in security questionnaires from your evidence. Authenticate with your access token as `Authorization: Bearer <token>` or `x-api-key: <token>`. Every failure answers `{ "error": { "code", "message", "details"? } }` with one stable `code` per condition (listed under x-error-codes and at the end of /api-docs).' +
        '\n\n' +
        LIMITS_SUMMARY,
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
  })
  markFileFields(document)
  Object.assign(document, { 'x-error-codes': errorCodeTable() })
  if (routes === allApiRoutes) cached = document
  return document
}
let cached: OpenApiDocument | undefined

function toRouteConfig(route: ApiRouteDoc): RouteConfig {
  const contentType =
    route.bodyType === 'multipart'
      ? 'multipart/form-data'
      : route.bodyType === 'raw'
        ? 'application/octet-stream'
        : 'application/json'
  return {
    method: route.method,
    path: route.path,
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    operationId: operationId(route),
    security:
      route.auth === 'token' ? TOKEN_SECURITY : route.auth === 'stripe-signature' ? [{ stripeSignature: [] }] : [],
    request: {
      params: route.params,
      query: route.query,
      headers: route.headers,
      body: route.body ? { required: true, content: { [contentType]: { schema: route.body } } } : undefined,
    },
    responses: {
      ...Object.fromEntries(
        Object.entries(route.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            ...(r.headers ? { headers: headerObjects(r.headers) } : {}),
            ...(r.schema || r.media ? { content: mediaOf(r.schema, r.media) } : {}),
          },
        ]),
      ),
      ...errorResponses(route),
    },
    ...(route.example ? { 'x-codeSamples': [{ lang: 'curl', label: 'curl', source: route.example }] } : {}),
  } as RouteConfig
}

const binary = { type: 'string', format: 'binary' } as unknown as ZodTypeAny

function mediaOf(schema: ZodTypeAny | undefined, media: Record<string, ZodTypeAny | null> = {}) {
  const content: Record<string, { schema: ZodTypeAny }> = schema ? { 'application/json': { schema } } : {}
  for (const [type, body] of Object.entries(media)) content[type] = { schema: body ?? binary }
  return content
}

function headerObjects(headers: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  )
}

/** Headers that come with some error statuses, whatever the route. */
const ERROR_HEADERS: Record<number, Record<string, string>> = {
  401: { 'WWW-Authenticate': 'Bearer (with error="invalid_token" for a refused token)' },
  405: { Allow: 'The methods this path answers' },
  429: {
    'Retry-After': 'Seconds to wait',
    'RateLimit-Limit': 'Requests allowed in the window',
    'RateLimit-Remaining': 'Requests left in the window (0)',
    'RateLimit-Reset': 'Seconds until the window ends',
    'RateLimit-Policy': 'The limit and its window, e.g. 20;w=60',
  },
}

/** One response per error status: the codes the route answers with at that status, from app/api/errors.ts. */
function errorResponses(route: ApiRouteDoc) {
  const byStatus = new Map<number, ApiErrorCode[]>()
  for (const code of routeErrorCodes(route)) {
    const status = API_ERRORS[code].status
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `\`${code}\`: ${API_ERRORS[code].when}`).join(' '),
        ...(ERROR_HEADERS[status] ? { headers: headerObjects(ERROR_HEADERS[status]) } : {}),
        content: { 'application/json': { schema: errorSchemaFor(codes, route.errorFields) } },
      },
    ]),
  )
}

/** Every error code with its status, when it is answered and (for fixed texts) its message. */
function errorCodeTable() {
  return (Object.keys(API_ERRORS) as ApiErrorCode[]).map((code) => {
    const entry = API_ERRORS[code]
    return {
      code,
      status: entry.status,
      when: entry.when,
      ...(typeof entry.message === 'string' ? { message: entry.message } : {}),
    }
  })
}

export function operationId(route: Pick<ApiRouteDoc, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/(api\/)?/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return [route.method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('')
}

/** Multipart file parts (fileField in schemas/common.ts) become `type: string, format: binary`. */
function markFileFields(node: unknown): void {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) return node.forEach(markFileFields)
  const record = node as Record<string, unknown>
  if (typeof record.description === 'string' && record.description.startsWith(FILE_DESCRIPTION_PREFIX)) {
    record.description = record.description.slice(FILE_DESCRIPTION_PREFIX.length)
    record.type = 'string'
    record.format = 'binary'
  }
  for (const value of Object.values(record)) markFileFields(value)
}
