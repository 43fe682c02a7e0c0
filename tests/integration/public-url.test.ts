// Issue 16, finding 2: "Token links in e-mails poisoned by Host / X-Forwarded-Host when PUBLIC_URL is unset: a trial
// requested with X-Forwarded-Host: evil.example e-mails https://evil.example/upload?token=… to the victim."
// The real server with real SMTP; Stripe's return URLs and the paid token's e-mail are checked in payments.test.ts
// and webhook-http.test.ts.
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvError, parseEnv, publicUrl } from '../../app/infra/env.server'
import { projectRoot } from '../../app/infra/project-root.server'
import { useTestDatabase } from '../setup/database'
import { startServer, type TestServer } from '../support/server'
import { decodeQuotedPrintable, startSmtpServer, tokenIn } from '../support/smtp'

const db = useTestDatabase()
let server: TestServer
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  // Development mode without PUBLIC_URL (what `npm start` runs): the links must come from HOST and PORT.
  server = await startServer({
    databaseUrl: db.url,
    worker: false,
    env: { SMTP_URL: smtp.url, NODE_ENV: '', PUBLIC_URL: '' },
  })
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

/** A trial request with whatever Host the sender likes (fetch() would not let us set Host). */
function trialWithHost(email: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({ email })
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}/api/create-free-trial`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('links in e-mails', () => {
  it.each([
    ['X-Forwarded-Host', 'xfh@acme.example', { 'x-forwarded-host': 'evil.example' }],
    ['Host', 'host@acme.example', { host: 'evil.example' }],
    ['both, with a port', 'both@acme.example', { host: 'evil.example:443', 'x-forwarded-host': 'evil.example:8443' }],
  ])('point to the configured address when a trial is requested with a forged %s', async (_label, email, headers) => {
    expect(await trialWithHost(email, headers)).toBe(200)
    const mail = decodeQuotedPrintable((await smtp.waitFor(email)).raw)
    const token = tokenIn(mail)
    expect(mail).toContain(`${server.url}/upload?token=${token}`)
    expect(mail).toContain(`${server.url}/token-status`)
    expect(mail).not.toContain('evil.example')
  })
})

describe('PUBLIC_URL', () => {
  const production = {
    NODE_ENV: 'production' as const,
    SESSION_SECRET: 'x'.repeat(40),
    FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
  }

  it('is required in production, and must be an http(s) origin', () => {
    expect(() => parseEnv(production)).toThrow(EnvError)
    expect(() => parseEnv(production)).toThrow(/PUBLIC_URL is required in production/)
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'https://qfill.example/app?x=1' })).toThrow(
      /PUBLIC_URL must be an http\(s\) origin/,
    )
    expect(publicUrl(parseEnv({ ...production, PUBLIC_URL: 'https://qfill.example/' }))).toBe('https://qfill.example')
  })

  it('falls back, in development, to the configured host and port, never to a request', () => {
    expect(publicUrl(parseEnv({ NODE_ENV: 'development' }))).toBe('http://localhost:3000')
    expect(publicUrl(parseEnv({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '8080' }))).toBe(
      'http://127.0.0.1:8080',
    )
    expect(publicUrl(parseEnv({ NODE_ENV: 'development', HOST: '::1', PORT: '8080' }))).toBe('http://[::1]:8080')
  })
})

describe('fly.toml', () => {
  it('sets PUBLIC_URL from the app name', () => {
    const fly = readFileSync(path.join(projectRoot(), 'fly.toml'), 'utf8')
    const app = /^app = '([^']+)'/m.exec(fly)?.[1]
    expect(app).toBeTruthy()
    expect(/^\s*PUBLIC_URL = '([^']+)'/m.exec(fly)?.[1]).toBe(`https://${app}.fly.dev`)
  })
})
