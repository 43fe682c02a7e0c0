// Issue 16, finding 10: "Stack traces outside production mode (npm start sets no NODE_ENV): GET /jobs/%ff answers
// with a URIError stack and absolute paths; TRACE / gives 500 (405 expected in every mode); malformed same-origin
// forms (multipart without boundary, JSON to a form route) answer 500." Real servers, with NODE_ENV unset (as
// `npm start` runs) and in production.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkFormBody, checkMethod } from '../../app/http/request-guards.server'
import { useTestDatabase } from '../setup/database'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
const servers: Record<string, TestServer> = {}

beforeAll(async () => {
  ;[servers.unset, servers.production] = await Promise.all([
    startServer({ databaseUrl: db.url, worker: false, env: { NODE_ENV: '' } }),
    startServer({ databaseUrl: db.url, worker: false }),
  ])
})
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()))
})

/** fetch() refuses TRACE and unknown methods, so these go through node:http. */
function send(
  url: string,
  method: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Nothing a stack trace would show: error names with frames, absolute paths, module folders. */
function expectNoStack(body: string) {
  expect(body).not.toMatch(/URIError|TypeError|\n\s+at |&nbsp;at |node_modules|\/work\/|\/home\/|\.ts:\d+/)
}

describe.each(['unset', 'production'])('with NODE_ENV %s', (mode) => {
  const url = () => servers[mode]!.url

  it('answers an address with a broken %-escape with 400 and a message, not a stack', async () => {
    for (const path of ['/jobs/%ff', '/api/status/%E0%A4%A', '/%c0']) {
      const res = await fetch(`${url()}${path}`)
      const body = await res.text()
      expect(res.status, path).toBe(400)
      expectNoStack(body)
    }
    const page = await (await fetch(`${url()}/jobs/%ff`)).text()
    expect(page).toContain('This address is not valid')
  })

  it('answers TRACE and other methods the app does not use with 405 and Allow', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const res = await send(`${url()}/`, method)
      expect(res.status, method).toBe(405)
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
      expectNoStack(res.body)
    }
    const api = await send(`${url()}/api/status`, 'TRACE')
    expect(api.status).toBe(405)
    expect(JSON.parse(api.body).error.code).toBe('method_not_allowed')
  })

  it('answers malformed same-origin form bodies with 400 and what to fix', async () => {
    const post = (path: string, type: string, body: string) =>
      fetch(`${url()}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: url(), 'content-type': type },
        body,
      })
    const noBoundary = await post('/upload', 'multipart/form-data', 'intent=access')
    expect(noBoundary.status).toBe(400)
    expect(await noBoundary.text()).toContain('without a boundary')
    const json = await post('/token-status', 'application/json', '{"token":"qf_x"}')
    expect(json.status).toBe(400)
    const text = await json.text()
    expect(text).toContain('not application/json')
    expectNoStack(text)
    // A data request gets the same refusal as JSON.
    const data = await post('/token.data', 'application/json', '{}')
    expect(data.status).toBe(400)
    expect((await data.json()).error).toEqual({ code: 'bad_request', message: expect.stringContaining('/api') })
    // Multipart is for the upload page only.
    const multipart = await post('/token-status', 'multipart/form-data; boundary=x', '--x--')
    expect(multipart.status).toBe(400)
    // A proper form still works.
    expect((await post('/token-status', 'application/x-www-form-urlencoded', 'token=')).status).toBe(400)
  })
})

describe('the guards, as functions', () => {
  it('allow the methods the app uses, case by case', () => {
    for (const m of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(checkMethod(m).ok).toBe(true)
    expect(checkMethod('TRACE')).toMatchObject({ ok: false, status: 405 })
    expect(checkMethod('CONNECT')).toMatchObject({ ok: false, status: 405 })
  })

  it('leave the API and safe methods alone, and accept the forms pages send', () => {
    const req = (method: string, path: string, headers: Record<string, string> = {}) => ({ method, path, headers })
    expect(checkFormBody(req('POST', '/api/fill', { 'content-type': 'application/json' })).ok).toBe(true)
    expect(checkFormBody(req('GET', '/token-status', { 'content-type': 'application/json' })).ok).toBe(true)
    expect(checkFormBody(req('POST', '/token', { 'content-type': 'application/x-www-form-urlencoded' })).ok).toBe(true)
    expect(checkFormBody(req('POST', '/upload', { 'content-type': 'multipart/form-data; boundary=----abc' })).ok).toBe(
      true,
    )
    expect(checkFormBody(req('POST', '/token-status', { 'content-length': '0' })).ok).toBe(true)
    // The review screen's autosave posts JSON to its resource route; a JSON body to the review page is refused.
    const json = { 'content-type': 'application/json', 'content-length': '20' }
    expect(checkFormBody(req('POST', '/jobs/k3v9x0q2m8w1c7r5t4y6z2a1/review/rows', json)).ok).toBe(true)
    expect(checkFormBody(req('POST', '/jobs/k3v9x0q2m8w1c7r5t4y6z2a1/review', json)).ok).toBe(false)
    expect(checkFormBody(req('POST', '/token-status', { 'content-length': '5' })).ok).toBe(false)
    expect(checkFormBody(req('POST', '/upload', { 'content-type': 'multipart/form-data; charset=utf-8' })).ok).toBe(
      false,
    )
  })
})
