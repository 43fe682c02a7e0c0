import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { freePort } from '../../app/database/embedded.server'
import { projectRoot } from '../../app/infra/project-root.server'
import { useTestDatabase } from '../setup/database'
import { tcpRelay } from '../support/db-relay'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const root = projectRoot()
const deno = path.join(root, 'node_modules/.bin/deno')
/** How long `npm run start:deno` may take to say it is running. */
const DENO_START_MS = 240_000
const db = useTestDatabase()

/** The headers that make a response safe, with this response's nonce taken out so two responses compare. */
function securityHeaders(res: Response): Record<string, string | null> {
  const names = [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'permissions-policy',
    'strict-transport-security',
    'cache-control',
    'content-type',
  ]
  return Object.fromEntries(names.map((n) => [n, res.headers.get(n)?.replace(/'nonce-[^']+'/g, "'nonce-*'") ?? null]))
}

// `npm run start:deno`, exactly as an operator runs it (npm's own binary, so no npx in between), with its narrowed
// permissions and the production settings: rate limits on.
describe.skipIf(!existsSync(deno))('npm run start:deno: the production build and the worker under Deno', () => {
  let url: string
  let node: TestServer
  let output = ''
  let stop: () => void
  let relay: Awaited<ReturnType<typeof tcpRelay>>

  beforeAll(async () => {
    relay = await tcpRelay(db.url)
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    const npm = process.env.npm_execpath
    const [command, args] =
      npm && npm.endsWith('.js')
        ? [process.execPath, [npm, 'run', '--silent', 'start:deno']]
        : ['npm', ['run', '--silent', 'start:deno']]
    const child = spawn(command, args, {
      cwd: root,
      detached: true, // its own process group: npm, the shell and deno stop together
      env: {
        ...process.env,
        DATABASE_URL: relay.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DENO_NO_UPDATE_CHECK: '1',
        LOG_LEVEL: 'warn',
        WORKER_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    const started = new Promise<void>((resolve, reject) => {
      // A first start in a new checkout compiles the app into Deno's cache and prints nothing meanwhile: on two cores,
      // beside the rest of the suite, that has taken over 90 s.
      const timer = setTimeout(() => reject(new Error(`deno did not start:\n${output}`)), DENO_START_MS)
      child.stdout.on('data', () => output.includes('QFill is running on') && (clearTimeout(timer), resolve()))
      child.on('exit', (code) => reject(new Error(`deno exited with ${code}:\n${output}`)))
    })
    // The same build under Node, to compare with. Kept once started even when Deno fails, so that afterAll stops it
    // (a rejected Promise.all left it serving after the suite).
    const [nodeStart, denoStart] = await Promise.allSettled([
      startServer({ databaseUrl: db.url, worker: false }),
      started,
    ])
    if (nodeStart.status === 'fulfilled') node = nodeStart.value
    for (const result of [nodeStart, denoStart]) if (result.status === 'rejected') throw result.reason
  }, DENO_START_MS + 60_000)
  afterAll(async () => {
    stop?.()
    await node?.stop()
    await relay?.close()
  })

  it('renders pages, serves assets and the API', async () => {
    const page = await fetch(`${url}/upload?token=abcdefghijkl`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Access Upload')
    expect(html).toContain('value="abcdefghijkl"')
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
    expect(css).toBeTruthy()
    expect((await fetch(`${url}${css}`)).headers.get('content-type')).toMatch(/text\/css/)
    expect(await (await fetch(`${url}/api/status`)).json()).toEqual({ ok: true })
    expect((await fetch(`${url}/no-such-page`)).status).toBe(404)
    expect((await fetch(`${url}/api/no-such-endpoint`)).status).toBe(404)
  })

  it('answers with the same security headers as Node, and a request id', async () => {
    for (const [p, init] of [
      ['/upload', {}],
      ['/api/status', {}],
      ['/no-such-page', {}],
      ['/upload', { headers: { 'x-forwarded-proto': 'https' } }],
    ] as const) {
      const [fromDeno, fromNode] = await Promise.all([fetch(`${url}${p}`, init), fetch(`${node.url}${p}`, init)])
      expect(fromDeno.status, p).toBe(fromNode.status)
      expect(securityHeaders(fromDeno), p).toEqual(securityHeaders(fromNode))
      expect(fromDeno.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
      expect(fromDeno.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    const own = await fetch(`${url}/api/status`, { headers: { 'x-request-id': 'my-request-0001' } })
    expect(own.headers.get('x-request-id')).toBe('my-request-0001')
  })

  it('refuses a cross-site form post with 403, as Node does', async () => {
    const post = (base: string) =>
      fetch(`${base}/upload`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'access', token: 'qf_attacker', terms: 'on' }),
        redirect: 'manual',
      })
    const [fromDeno, fromNode] = await Promise.all([post(url), post(node.url)])
    expect(fromDeno.status).toBe(403)
    expect(fromNode.status).toBe(403)
    expect(fromDeno.headers.get('set-cookie')).toBeNull()
    expect(await fromDeno.text()).toContain('This request came from another website')
  })

  it('answers a questionnaire with its worker (the job child under its own permissions)', async () => {
    const { token } = await createToken(db.sql, { plan: 'pro' })
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'vendor.csv')
    const submitted = await fetch(`${url}/api/fill`, { method: 'POST', body: form, headers: { 'x-api-key': token } })
    expect(submitted.status).toBe(202)
    const { jobId } = (await submitted.json()) as { jobId: string }
    let status = 'processing'
    // Rate limits are on: poll as a client should, every 3 s (20 a minute per job is allowed).
    for (let i = 0; i < 40 && status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, i === 0 ? 500 : 3000))
      const res = await fetch(`${url}/api/status/${jobId}`, { headers: { 'x-api-key': token } })
      expect(res.status).toBe(200)
      status = ((await res.json()) as { status: string }).status
    }
    expect(status).toBe('completed')
    const health = (await (await fetch(`${url}/healthz`)).json()) as { ok: boolean }
    expect(health.ok).toBe(true)
  })

  it('answers a burst of wrong tokens with 429 and Retry-After, as Node does', async () => {
    const statuses: number[] = []
    let limited: Response | undefined
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await fetch(`${url}/api/validate-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: `qf_wrong_${i}`, tosAccepted: true }),
      })
      statuses.push(res.status)
      if (res.status === 429) limited = res
    }
    // 20 a minute per client for token checks, counted in the database both servers share: the cross-site posts
    // above (one to Deno, one to Node) were two, so 18 wrong tokens are refused as wrong, then the 19th is limited.
    expect(statuses).toHaveLength(19)
    for (const s of statuses.slice(0, -1)) expect([400, 401]).toContain(s)
    expect(limited?.status).toBe(429)
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited!.headers.get('ratelimit-limit')).toBe('20')
    expect(((await limited!.json()) as { error: { code: string } }).error.code).toBe('rate_limited')
  })

  it('logs JSON lines only, and no errors', () => {
    const lines = output.split('\n').filter(Boolean)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      const entry = JSON.parse(line) as { level: string }
      expect(entry.level, line).not.toBe('error')
    }
  })
})
