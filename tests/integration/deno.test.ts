import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../app/database/embedded.server'
import { projectRoot } from '../../app/project-root.server'
import { useTestDatabase } from '../setup/database'

const root = projectRoot()
const deno = path.join(root, 'node_modules/.bin/deno')
const db = useTestDatabase()

describe.skipIf(!existsSync(deno))('the production build under Deno', () => {
  let url: string
  let output = ''
  let stop: () => void

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    const child = spawn(deno, ['run', '-A', 'tests/deno/serve.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), NODE_ENV: 'production', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    stop = () => child.kill('SIGKILL')
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`deno did not start:\n${output}`)), 60_000)
      child.stdout.on('data', () => output.includes('deno listening') && (clearTimeout(timer), resolve()))
      child.on('exit', (code) => reject(new Error(`deno exited with ${code}:\n${output}`)))
    })
  })
  afterAll(() => stop?.())

  it('renders pages through renderToReadableStream and serves the API', async () => {
    const page = await fetch(`${url}/upload?token=abcdefghijkl`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Access Upload')
    expect(html).toContain('value="abcdefghijkl"')
    expect(await (await fetch(`${url}/api/status`)).json()).toEqual({ ok: true })
    expect((await fetch(`${url}/no-such-page`)).status).toBe(404)
    await new Promise((r) => setTimeout(r, 300))
    expect(output).not.toMatch(/error/i)
  })
})
