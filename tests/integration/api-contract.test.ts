import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ZodTypeAny } from 'zod'
import { createToken } from '../../app/access/tokens.server'
import { routeErrorCodes, type ApiRouteDoc } from '../../app/api/contract'
import { openApiDocument } from '../../app/api/openapi.server'
import { allApiRoutes } from '../../app/api/schemas'
import { apiErrorSchema, errorSchemaFor } from '../../app/api/schemas/common'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

/**
 * Every documented endpoint, called on the real server: each response's status must be documented for that
 * path and method in /api/openapi.json, and its body must match the schema documented for that status. Generic
 * checks (401 without a token, 405 with Allow for other methods) run for every route an area adds to
 * app/api/schemas/index.ts; the job flow below exercises the success paths.
 */
const db = useTestDatabase()
let server: TestServer
let token: string
const doc = openApiDocument()

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro' })).token
})
afterAll(async () => {
  if (process.env.DEBUG_CONTRACT)
    console.log(
      server
        ?.output()
        .split('\n')
        .filter((l) => !l.startsWith('{'))
        .join('\n'),
    )
  await server?.stop()
})

function routeFor(method: string, path: string): ApiRouteDoc {
  const route = allApiRoutes.find((r) => r.method === method && r.path === path)
  if (!route) throw new Error(`${method.toUpperCase()} ${path} is not documented`)
  return route
}

/** Checks a real response against the document and the route's zod schema for its status; returns the body. */
async function conforms(route: ApiRouteDoc, res: Response): Promise<unknown> {
  const documented = (doc.paths?.[route.path] as Record<string, { responses: Record<string, unknown> }> | undefined)?.[
    route.method
  ]
  expect(documented, `${route.method} ${route.path} in openapi.json`).toBeDefined()
  expect(
    Object.keys(documented!.responses),
    `status ${res.status} of ${route.method.toUpperCase()} ${route.path} is documented`,
  ).toContain(String(res.status))
  const spec = route.responses[res.status] ?? { schema: errorSchemaFor(routeErrorCodes(route), route.errorFields) }
  const type = res.headers.get('content-type') ?? ''
  if (spec.schema) {
    expect(type).toMatch(/^application\/json/)
    const body = await res.json()
    const result = (spec.schema as ZodTypeAny).safeParse(body)
    expect(
      result.success,
      `${route.method.toUpperCase()} ${route.path} ${res.status}: ${JSON.stringify(result.error?.issues)}`,
    ).toBe(true)
    return body
  }
  return new Uint8Array(await res.arrayBuffer())
}

function samplePath(route: ApiRouteDoc, values: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name]) return values[name]
    const schema = route.params?.shape[name] as { options?: string[] } | undefined
    return schema?.options?.[0] ?? 'a'.repeat(24)
  })
}

const call = (path: string, init: RequestInit & { auth?: 'bearer' | 'x-api-key' | 'none' } = {}) => {
  const headers = new Headers(init.headers)
  if (init.auth === 'bearer') headers.set('authorization', `Bearer ${token}`)
  if (init.auth === 'x-api-key') headers.set('x-api-key', token)
  return fetch(`${server.url}${path}`, { ...init, headers, redirect: 'manual' })
}

describe('every documented route', () => {
  it('is in the OpenAPI document', () => {
    for (const route of allApiRoutes) expect(Object.keys(doc.paths ?? {})).toContain(route.path)
  })

  for (const route of allApiRoutes) {
    const name = `${route.method.toUpperCase()} ${route.path}`
    if (route.auth === 'token') {
      it(`${name} answers 401 in the documented shape without a token`, async () => {
        // A multipart endpoint may carry its token as a form field, so it gets a well-formed body without one.
        const body = route.bodyType === 'multipart' ? new FormData() : undefined
        body?.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'vendor.csv')
        const res = await call(samplePath(route), { method: route.method.toUpperCase(), body })
        expect(res.status).toBe(401)
        await conforms(route, res)
      })
    }
    it(`${name} answers other methods with 405 JSON and an Allow header`, async () => {
      const methods = allApiRoutes.filter((r) => r.path === route.path).map((r) => r.method.toUpperCase())
      const wrong = ['PUT', 'PATCH', 'POST', 'GET'].find(
        (m) => !methods.includes(m) && !(m === 'POST' && route.method === 'delete'),
      )!
      const res = await call(samplePath(route), { method: wrong, auth: 'bearer' })
      expect(res.status).toBe(405)
      for (const m of methods) expect(res.headers.get('allow')).toContain(m)
      expect(apiErrorSchema.safeParse(await res.json()).success).toBe(true)
    })
  }

  it('unknown /api paths answer 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call('/api/no-such-endpoint/at/all', { method })
      expect(res.status).toBe(404)
      expect(apiErrorSchema.parse(await res.json()).error.code).toBe('not_found')
    }
  })
})

describe('the job flow, response by response', () => {
  it('submit, poll, download, delete, with Bearer and x-api-key alike', async () => {
    const fill = routeFor('post', '/api/fill')
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'vendor.csv')
    const submitted = (await conforms(
      fill,
      await call('/api/fill', { method: 'POST', body: form, auth: 'x-api-key' }),
    )) as { jobId: string }
    expect(submitted.jobId).toMatch(/^[a-z0-9]{24}$/)

    const status = routeFor('get', '/api/status/{jobId}')
    let body: { status: string } = { status: 'processing' }
    const until = Date.now() + 30_000
    while (body.status === 'processing' && Date.now() < until) {
      body = (await conforms(status, await call(`/api/status/${submitted.jobId}`, { auth: 'bearer' }))) as {
        status: string
      }
      if (body.status === 'processing') await new Promise((r) => setTimeout(r, 200))
    }
    expect(body.status).toBe('completed')

    const result = routeFor('get', '/api/result/{jobId}/{kind}')
    for (const kind of ['xlsx', 'pdf', 'json']) {
      const res = await call(`/api/result/${submitted.jobId}/${kind}`, { auth: 'x-api-key' })
      expect(res.status).toBe(200)
      expect(((await conforms(result, res)) as Uint8Array).byteLength).toBeGreaterThan(0)
    }
    await conforms(result, await call(`/api/result/${'b'.repeat(24)}/xlsx`, { auth: 'bearer' }))

    const del = routeFor('delete', '/api/delete-files/{jobId}')
    expect(
      (
        (await conforms(
          del,
          await call(`/api/delete-files/${submitted.jobId}`, { method: 'DELETE', auth: 'bearer' }),
        )) as { success: boolean }
      ).success,
    ).toBe(true)
    const gone = await call(`/api/result/${submitted.jobId}/pdf`, { auth: 'bearer' })
    expect(gone.status).toBe(410)
    expect(((await conforms(result, gone)) as { error: { message: string } }).error.message).toBe(
      'Files have been deleted due to 1-hour security policy',
    )
    const after = (await conforms(status, await call(`/api/status/${submitted.jobId}`, { auth: 'bearer' }))) as {
      deleted: boolean
    }
    expect(after.deleted).toBe(true)
    await conforms(del, await call(`/api/delete-files/${'c'.repeat(24)}`, { method: 'DELETE', auth: 'bearer' }))
  })

  it('rejects a bad upload in the documented shape', async () => {
    const form = new FormData()
    form.append('questionnaire', new Blob(['x']), 'questions.txt')
    const res = await call('/api/fill', { method: 'POST', body: form, auth: 'bearer' })
    expect(res.status).toBe(400)
    await conforms(routeFor('post', '/api/fill'), res)
  })
})

describe('system endpoints', () => {
  it('/api/status, /healthz and /api/openapi.json match their schemas', async () => {
    await conforms(routeFor('get', '/api/status'), await call('/api/status'))
    const health = (await conforms(routeFor('get', '/healthz'), await call('/healthz'))) as {
      ok: boolean
      workers: { live: number }
    }
    expect(health.ok).toBe(true)
    expect(health.workers.live).toBeGreaterThan(0)
    const served = await conforms(routeFor('get', '/api/openapi.json'), await call('/api/openapi.json'))
    expect(served).toEqual(JSON.parse(JSON.stringify(doc)))
  })

  it('/api-docs renders every endpoint with a curl example, without JavaScript', async () => {
    const html = await (await call('/api-docs')).text()
    for (const route of allApiRoutes) {
      expect(html).toContain(route.path.replace(/\{/g, '{').replace(/\}/g, '}'))
      if (route.example) expect(html).toContain('curl')
    }
    expect(html).not.toMatch(/<script[^>]+src="https?:/)
  })
})
