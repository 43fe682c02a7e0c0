// Issue 11, finding 10 (headers): "No Content-Security-Policy, no HSTS even behind TLS, no X-Content-Type-Options
// on downloads and API JSON." Against a real server process, and in Chromium for the CSP's effect.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url })
  token = (await createToken(db.sql, { plan: 'pro' })).token
})
afterAll(async () => {
  await server?.stop()
})

function nonceOf(csp: string | null): string {
  const m = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')
  expect(m, `no script nonce in ${csp}`).not.toBeNull()
  return m![1]!
}

describe('Content-Security-Policy', () => {
  it('gives every page a fresh nonce, carried by every inline script and nothing else', async () => {
    const first = await fetch(`${server.url}/upload`)
    const second = await fetch(`${server.url}/upload`)
    const csp = first.headers.get('content-security-policy')
    const nonce = nonceOf(csp)
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    const html = await first.text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) {
      if (/\bsrc=/.test(attrs)) continue
      expect(attrs).toContain(`nonce="${nonce}"`)
    }
  })

  it.skipIf(!browserAvailable())('lets the app hydrate and navigate in Chromium with no CSP violation', async () => {
    let browser: Browser | undefined
    try {
      browser = await launchBrowser()
      const page = await browser.newPage()
      const violations: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
      })
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportViolation(t: string): void }).reportViolation(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        )
      })
      for (const path of ['/', '/upload', '/legal']) {
        await page.goto(`${server.url}${path}`)
        await page.waitForFunction(
          () =>
            (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state
              .initialized === true,
        )
      }
      // A client-side navigation (a Remix data request) works: the document is not reloaded.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
      await page.evaluate(() =>
        (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(
          '/upload',
        ),
      )
      await page.waitForURL(/\/upload$/)
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
      expect(violations).toEqual([])
    } finally {
      await browser?.close()
    }
  })
})

describe('Strict-Transport-Security', () => {
  it('is sent only when the request came over TLS (X-Forwarded-Proto: https)', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull()
    const tls = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(tls.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/)
    expect(tls.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
  })
})

describe('X-Content-Type-Options, Referrer-Policy and framing', () => {
  it('are on pages, API JSON, errors, static files and downloads', async () => {
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'q.csv')
    const created = await fetch(`${server.url}/api/fill`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    const { jobId } = (await created.json()) as { jobId: string }
    const until = Date.now() + 30_000
    for (;;) {
      const s = (await (
        await fetch(`${server.url}/api/status/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { status: string }
      if (s.status === 'completed') break
      if (Date.now() > until) throw new Error('job did not complete')
      await new Promise((r) => setTimeout(r, 200))
    }
    const responses = {
      page: await fetch(`${server.url}/`),
      apiJson: await fetch(`${server.url}/api/status`),
      api401: await fetch(`${server.url}/api/status/${jobId}`),
      notFound: await fetch(`${server.url}/no-such-page`),
      staticFile: await fetch(`${server.url}/favicon.svg`),
      xlsx: await fetch(`${server.url}/api/result/${jobId}/xlsx`, { headers: { authorization: `Bearer ${token}` } }),
      pdf: await fetch(`${server.url}/api/result/${jobId}/pdf`, { headers: { authorization: `Bearer ${token}` } }),
    }
    expect(responses.xlsx.status).toBe(200)
    for (const [name, res] of Object.entries(responses)) {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), name).toBe('same-origin')
      expect(res.headers.get('content-security-policy'), name).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-frame-options'), name).toBe('DENY')
      // One value each: Remix must not repeat what the middleware set.
      expect(res.headers.get('x-content-type-options'), name).not.toContain(',')
    }
  })
})
