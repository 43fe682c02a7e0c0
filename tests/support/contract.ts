import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as XLSX from '@e965/xlsx'
import { setupServer } from 'msw/node'
import { expect } from 'vitest'
import type { ZodTypeAny } from 'zod'
import { routeErrorCodes } from '../../app/api/contract'
import { allApiRoutes } from '../../app/api/schemas'
import { errorSchemaFor } from '../../app/api/schemas/common'
import { projectRoot } from '../../app/infra/project-root.server'

/**
 * One client, two servers: every request goes to the real QFill server and to @qfill/msw's handlers, and the
 * two answers must be equal after ids and times are set aside (job ids become job1, job2, … in the order each
 * target created them; timestamps, durations and waits become placeholders). Compared: the status, the headers
 * that matter and the whole body (JSON field by field; a workbook cell by cell). Each real answer must also be
 * what /api/openapi.json documents for its path, method and status (error codes included).
 */

// The built package, as a tester imports it. A computed specifier: type-checking runs before the build.
const entry = path.join(projectRoot(), 'packages/msw/dist/index.js')
if (!existsSync(entry)) throw new Error('No packages/msw/dist: run "npm run build" (npm test does).')
export const qfillMsw = (await import(/* @vite-ignore */ entry)) as typeof import('../../packages/msw/src/index')

export const MOCK_URL = 'https://qfill.contract.test'

export interface Target {
  name: 'real' | 'mock'
  base: string
  /** job id → job1, job2, … */
  aliases: Map<string, string>
}

export const target = (name: Target['name'], base: string): Target => ({ name, base, aliases: new Map() })

/** Starts intercepting requests to MOCK_URL with the given handlers (everything else goes out). */
export function listen(handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'bypass' })
  return server
}

export interface Step {
  method?: string
  /** May name jobs by alias: /api/status/{job1}. */
  path: string
  token?: string | null
  /** x-api-key instead of Authorization: Bearer. */
  apiKey?: boolean
  headers?: Record<string, string>
  body?: () => BodyInit
  /** The documented route this call exercises, for the OpenAPI check (default: found by method and path). */
  route?: string
}

export interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
}

const COMPARED_HEADERS = ['content-type', 'allow', 'www-authenticate', 'idempotent-replayed', 'cache-control']
const PRESENT_HEADERS = ['retry-after', 'ratelimit-remaining', 'ratelimit-reset']
const VALUE_HEADERS = ['ratelimit-limit', 'ratelimit-policy']

let client = 0
/** A client address of its own for every call, so the real server's per-client budgets never run out. */
const nextClient = () => `10.77.${(++client >> 8) & 255}.${client & 255}`

export async function exchange(t: Target, step: Step): Promise<Answer> {
  const url = t.base + step.path.replace(/\{(job\d+)\}/g, (_, alias: string) => idOf(t, alias))
  const headers: Record<string, string> = { 'x-forwarded-for': nextClient(), ...step.headers }
  if (step.token)
    headers[step.apiKey ? 'x-api-key' : 'authorization'] = step.apiKey ? step.token : `Bearer ${step.token}`
  const res = await fetch(url, { method: step.method ?? 'GET', headers, body: step.body?.(), redirect: 'manual' })
  const type = res.headers.get('content-type') ?? ''
  const raw = new Uint8Array(await res.arrayBuffer())
  let body: unknown
  if (/json/.test(type)) body = JSON.parse(new TextDecoder().decode(raw))
  else if (/spreadsheetml/.test(type)) body = workbookCells(raw)
  else if (/pdf/.test(type)) body = { pdf: new TextDecoder().decode(raw.slice(0, 5)), pages: pageCount(raw) }
  else body = new TextDecoder().decode(raw)
  if (res.status === 202 && body && typeof body === 'object' && 'jobId' in body) alias(t, String(body.jobId))
  const picked: Record<string, string> = {}
  for (const name of COMPARED_HEADERS) if (res.headers.has(name)) picked[name] = res.headers.get(name)!
  for (const name of VALUE_HEADERS) if (res.headers.has(name)) picked[name] = res.headers.get(name)!
  for (const name of PRESENT_HEADERS)
    if (res.headers.has(name)) picked[name] = /^\d+$/.test(res.headers.get(name)!) ? '<n>' : 'NaN'
  const disposition = res.headers.get('content-disposition')
  if (disposition) picked['content-disposition'] = disposition
  if (t.name === 'real') conforms(step, res.status, type, body)
  return normalize(t, { status: res.status, headers: picked, body }) as Answer
}

/** The same step against both; the mock's answer must equal the real one. Returns the (normalised) answer. */
export async function both(targets: readonly [Target, Target], step: Step): Promise<Answer> {
  const real = await exchange(targets[0], step)
  const mock = await exchange(targets[1], step)
  expect(mock, `${step.method ?? 'GET'} ${step.path}`).toEqual(real)
  return real
}

function alias(t: Target, id: string) {
  if (!t.aliases.has(id)) t.aliases.set(id, `job${t.aliases.size + 1}`)
}

export function idOf(t: Target, name: string): string {
  for (const [id, a] of t.aliases) if (a === name) return id
  throw new Error(`${t.name} has no ${name}`)
}

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g
const TIME_KEYS = new Set(['durationMs', 'lastBeatAgoMs'])

/** Ids to aliases, times to placeholders, waits in messages to <n>. */
export function normalize(t: Target, value: unknown, key = ''): unknown {
  if (TIME_KEYS.has(key) && typeof value === 'number') return '<ms>'
  if (typeof value === 'string') {
    let text = value.replace(ISO, '<time>').replace(/wait \d+ (seconds|minutes)/, 'wait <n> $1')
    for (const [id, name] of t.aliases) text = text.split(id).join(name)
    return text
  }
  if (Array.isArray(value)) return value.map((v) => normalize(t, v))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(t, v, k)]))
  return value
}

function workbookCells(bytes: Uint8Array): Record<string, Record<string, string>> {
  const wb = XLSX.read(bytes, { type: 'array' })
  return Object.fromEntries(
    wb.SheetNames.map((name) => [
      name,
      Object.fromEntries(
        Object.entries(wb.Sheets[name]!)
          .filter(([ref]) => !ref.startsWith('!'))
          .map(([ref, cell]) => [ref, String((cell as XLSX.CellObject).v ?? '')]),
      ),
    ]),
  )
}

function pageCount(bytes: Uint8Array): number {
  return (new TextDecoder('latin1').decode(bytes).match(/\/Type\s*\/Page(?!s)/g) ?? []).length
}

/** The real answer is documented: its status for this route, and a body that fits that status's schema. */
function conforms(step: Step, status: number, type: string, body: unknown) {
  const method = (step.method ?? 'GET').toLowerCase()
  const path = step.route ?? step.path.split('?')[0]!
  const route = allApiRoutes.find(
    (r) => r.method === method && new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  )
  if (!route) return // other methods, unknown paths: checked by their own expectations
  const documented = route.responses[status]
  if (documented) {
    if (documented.schema && /json/.test(type)) {
      const parsed = (documented.schema as ZodTypeAny).safeParse(body)
      expect(parsed.success, `${method} ${path} ${status}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
      expect(parsed.data, `${method} ${path} ${status}: fields the schema does not document`).toEqual(body)
    } else
      expect(Object.keys(documented.media ?? {}), `${method} ${path} ${status} ${type}`).toContain(type.split(';')[0])
    return
  }
  const schema = errorSchemaFor(routeErrorCodes(route), route.errorFields)
  const parsed = schema.safeParse(body)
  expect(parsed.success, `${method} ${path} ${status} is a documented error: ${JSON.stringify(body)}`).toBe(true)
  const code = (body as { error: { code: keyof typeof qfillMsw.API_ERRORS } }).error.code
  expect(qfillMsw.API_ERRORS[code].status, `${code} answers with its table status`).toBe(status)
}

/** The README's HTTP API section. */
export function readmeApiSection(): string {
  const readme = readFileSync(path.join(projectRoot(), 'README.md'), 'utf8')
  return readme.slice(readme.indexOf('## HTTP API'), readme.indexOf('\n## ', readme.indexOf('## HTTP API') + 3))
}

/** The README's example bodies, by their `<!-- response: … -->` label. */
export function readmeResponses(): Map<string, unknown> {
  const found = [...readmeApiSection().matchAll(/<!-- response: (.+?) -->\n```json\n([\s\S]*?)```/g)]
  return new Map(found.map((m) => [m[1]!, JSON.parse(m[2]!)]))
}

/** A body's shape: its keys, each with its JSON type (the README's values are examples, its keys a promise). */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : []
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOf(v)]))
  return typeof value
}
