// Issue 16, finding 1: "Login CSRF by GET (session planting). GET /token-status?token=<attacker's token> opens a
// session for that token ... In Chromium a top-level navigation from another site replaced the victim's session,
// and the victim's next upload went into the attacker's token." The attacker's page is served from another site
// (127.0.0.2, so cross-site for the browser, not merely another port) and sends the signed-in victim to QFill in
// every way a page can: a script navigation, a meta refresh, and auto-submitted forms.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { startServer, type TestServer } from '../support/server'
import { signIn } from '../support/site'

const db = useTestDatabase()
const e2e = browserAvailable()
let server: TestServer
let browser: Browser
let attacker: Server
let attackerUrl: string
let victimToken: string
let attackerToken: string

/**
 * The attacker's site: one page per trick, each aimed at the QFill server under test. Every page also has
 * something to click (#go), for a victim whose browser runs no scripts.
 */
function attackerPages(target: string, token: string): Record<string, string> {
  const link = `${target}/token-status?token=${encodeURIComponent(token)}`
  const anchor = `<a id="go" href="${link}">Your results</a>`
  const form = (action: string, fields: Record<string, string>) =>
    `<form id="f" method="post" action="${target}${action}">${Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
      .join('')}<button id="go">Claim your prize</button></form><script>document.getElementById('f').submit()</script>`
  return {
    '/script': `${anchor}<script>location.href = ${JSON.stringify(link)}</script>`,
    '/refresh': `<meta http-equiv="refresh" content="0;url=${link}">`,
    '/link': `${anchor}<script>document.getElementById('go').click()</script>`,
    '/post-status': form('/token-status', { intent: 'check', token }),
    '/post-token': form('/token', { token, terms: 'on' }),
    '/post-upload': form('/upload', { intent: 'access', token, terms: 'on' }),
  }
}

beforeAll(async () => {
  if (!e2e) return
  server = await startServer({ databaseUrl: db.url, worker: false })
  victimToken = (await createToken(db.sql, { plan: 'pro', email: 'victim@acme.example' })).token
  attackerToken = (await createToken(db.sql, { plan: 'trial', email: 'mallory@evil.example' })).token
  const pages = attackerPages(server.url, attackerToken)
  attacker = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.end(`<!doctype html><title>Free prizes</title>${pages[req.url ?? ''] ?? 'nothing here'}`)
  })
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.2', resolve))
  attackerUrl = `http://127.0.0.2:${(attacker.address() as AddressInfo).port}`
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((r) => (attacker ? attacker.close(r) : r(null)))
  await server?.stop()
})

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(server.url)).find((c) => c.name === 'qfill_session')?.value
}

/** Whose token the browser's session belongs to, as the API sees it with the browser's cookies. */
async function whoAmI(page: Page): Promise<string | null> {
  const res = await page.request.get(`${server.url}/api/token-status`)
  return res.ok() ? ((await res.json()) as { email: string | null }).email : null
}

describe.skipIf(!e2e).each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('a signed-in victim sent to QFill by another site (%s)', (_label, javaScriptEnabled) => {
  it.each(['/script', '/refresh', '/link', '/post-status', '/post-token', '/post-upload'])(
    'keeps the session it had (%s)',
    async (trick) => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      try {
        // The victim signs in on QFill's own page: a same-origin POST.
        await signIn(page, server.url, victimToken)
        expect(await whoAmI(page)).toBe('victim@acme.example')
        const before = await sessionCookie(context)
        expect(before).toBeTruthy()

        // Without JavaScript the attacker's scripts do not run: the victim clicks instead.
        await page.goto(`${attackerUrl}${trick}`)
        if (!javaScriptEnabled && trick !== '/refresh') await page.locator('#go').click()
        await page.waitForURL((url) => url.origin === server.url, { timeout: 15_000 }).catch(() => {})
        await page.waitForLoadState('load')

        expect(await sessionCookie(context)).toBe(before)
        expect(await whoAmI(page)).toBe('victim@acme.example')
        if (trick.startsWith('/post')) {
          // Forms posted from another site are refused outright.
          expect(await page.locator('body').textContent()).toContain('came from another website')
        } else {
          // A link only fills in the form; nothing happens until the visitor presses the button on QFill's page.
          const field = page.getByLabel('Access token')
          expect(await field.inputValue()).toBe(attackerToken)
          await page.getByTestId('linked-token').waitFor()
        }
      } finally {
        await context.close()
      }
    },
  )
})

describe.skipIf(!e2e)('a ?token= link for a visitor without a session', () => {
  it('opens the session only when the visitor presses Check Token Status on QFill’s page', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      const res = await page.goto(`${server.url}/token-status?token=${encodeURIComponent(victimToken)}`)
      expect(res!.headers()['set-cookie'] ?? '').not.toContain('qfill_session')
      expect(await sessionCookie(context)).toBeUndefined()
      await page.getByRole('button', { name: 'Check Token Status' }).click()
      await page.getByTestId('usage').waitFor()
      expect(new URL(page.url()).search).toBe('') // the token left the address bar
      expect(await whoAmI(page)).toBe('victim@acme.example')
    } finally {
      await context.close()
    }
  })

  it('says at once, without a session, when the linked token is not valid', async () => {
    const res = await fetch(`${server.url}/token-status?token=qf_not-a-real-token-at-all`)
    expect(res.status).toBe(401)
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('qfill_session='))).toEqual([])
    expect(await res.text()).toContain('Invalid or expired token')
  })
})
