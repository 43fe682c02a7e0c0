import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { freePort } from '../../app/database/embedded.server'
import { projectRoot } from '../../app/project-root.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'

const root = projectRoot()
const deno = path.join(root, 'node_modules/.bin/deno')
const db = useTestDatabase()

// `npm run start:deno`, exactly as an operator runs it (npm's own binary, so no npx in between).
describe.skipIf(!existsSync(deno))('npm run start:deno: the production build and the worker under Deno', () => {
  let url: string
  let output = ''
  let stop: () => void

  beforeAll(async () => {
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
        DATABASE_URL: db.url,
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
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`deno did not start:\n${output}`)), 90_000)
      child.stdout.on('data', () => output.includes('QFill is running on') && (clearTimeout(timer), resolve()))
      child.on('exit', (code) => reject(new Error(`deno exited with ${code}:\n${output}`)))
    })
  })
  afterAll(() => stop?.())

  it('renders pages through renderToReadableStream, serves assets and the API', async () => {
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

  it('answers a questionnaire with its worker', async () => {
    const { token } = await createToken(db.sql, { plan: 'pro' })
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'vendor.csv')
    const submitted = await fetch(`${url}/api/fill`, { method: 'POST', body: form, headers: { 'x-api-key': token } })
    expect(submitted.status).toBe(202)
    const { jobId } = (await submitted.json()) as { jobId: string }
    let status = 'processing'
    for (let i = 0; i < 150 && status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 200))
      status = (
        (await (await fetch(`${url}/api/status/${jobId}`, { headers: { 'x-api-key': token } })).json()) as {
          status: string
        }
      ).status
    }
    expect(status).toBe('completed')
    const health = (await (await fetch(`${url}/healthz`)).json()) as { ok: boolean }
    expect(health.ok).toBe(true)
    expect(output).not.toMatch(/\berror\b/i)
  })
})
