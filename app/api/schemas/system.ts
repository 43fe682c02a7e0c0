import { z } from 'zod'
import type { ApiRouteDoc } from '../contract'

export const serviceStatus = z.object({ ok: z.boolean() }).describe('ServiceStatus')

export const health = z
  .object({
    ok: z.boolean().describe('True when the database answers and at least one worker beat in the last 30 s.'),
    database: z.enum(['ok', 'unreachable']),
    workers: z.object({
      live: z.number().int().min(0).describe('Worker processes with a recent heartbeat.'),
      lastBeatAgoMs: z.number().min(0).nullable(),
    }),
  })
  .describe('Health')
export type HealthJson = z.infer<typeof health>

export const openApiDocument = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({ title: z.string(), version: z.string() }).passthrough(),
    paths: z.record(z.unknown()),
  })
  .passthrough()

export const systemRoutes: ApiRouteDoc[] = [
  {
    method: 'get',
    path: '/api/status',
    tag: 'System',
    summary: 'Is the service up?',
    description: 'The web process answers and its database responds. For the public status page.',
    auth: 'none',
    responses: {
      200: { description: 'Up.', schema: serviceStatus },
      503: { description: 'The database does not answer.', schema: serviceStatus },
    },
    errors: [],
    example: `curl "$QFILL_URL/api/status"`,
  },
  {
    method: 'get',
    path: '/healthz',
    tag: 'System',
    summary: 'Health check for load balancers',
    description: 'Checks the database and the worker heartbeats; Fly.io restarts a machine whose check fails.',
    auth: 'none',
    responses: {
      200: { description: 'Healthy.', schema: health },
      503: { description: 'The database is unreachable or no worker is alive.', schema: health },
    },
    errors: [],
    example: `curl -i "$QFILL_URL/healthz"`,
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This API as an OpenAPI 3.1 document',
    auth: 'none',
    responses: { 200: { description: 'The document.', schema: openApiDocument } },
    errors: [],
    example: `curl "$QFILL_URL/api/openapi.json"`,
  },
]
