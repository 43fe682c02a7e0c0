import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { startServer, type TestServer } from '../support/server'
import { expectNoSeriousAxeViolations, screenshots } from '../support/site'

const db = useTestDatabase()

/** Every public page with text that must be on it (the spec's labels and the facts the issue asks for). */
const PAGES: { path: string; name: string; heading: string | RegExp; text: (string | RegExp)[] }[] = [
  {
    path: '/',
    name: 'home',
    heading: 'Security questionnaires, answered from your own evidence',
    text: [
      'Pay Per Use',
      '$49',
      'Professional',
      '$199',
      '/month',
      'How we measured',
      'of unflagged answers correct',
      'Already have a token?',
    ],
  },
  {
    path: '/help',
    name: 'help',
    heading: 'Help Center',
    text: [
      '10 MB',
      '10 evidence files',
      '25 MB each',
      'less than 85% confidence',
      'deleted 1 hour after processing',
      'What is an access token?',
    ],
  },
  {
    path: '/security',
    name: 'security',
    heading: 'Security & Compliance',
    text: [
      'AES-256-GCM',
      '1 hour after processing',
      'SHA-256 hash is checked against a blocklist',
      'magic bytes',
      'Rate limits',
      'No training on customer data',
    ],
  },
  {
    path: '/privacy',
    name: 'privacy',
    heading: 'Privacy Policy',
    text: [
      'Last updated: July 1, 2025',
      'March 1, 2025',
      'What we collect',
      'How long we keep it',
      'Who we share it with',
      'Cookies',
      /within 1–3 business days/,
    ],
  },
  {
    path: '/governing-law',
    name: 'governing-law',
    heading: 'Governing Law & Disputes',
    text: [
      'substantive law of Switzerland',
      '14 calendar days',
      'Swiss Rules of Mediation',
      /CHF\u00a030\u00a0000/,
      'expedited international arbitration',
      'single arbitrator',
      'reasoned award',
      'exclusive forum',
    ],
  },
  {
    path: '/legal',
    name: 'legal',
    heading: 'Terms, Privacy and Governing Law',
    text: [
      'Last updated: July 9, 2025',
      'Terms of Service',
      'no uptime guarantee or service-level agreement',
      'preceding the claim',
      'AES-256-GCM',
      'cloud compute, payment gateway, transactional e-mail',
      'I agree to the Terms of Service',
    ],
  },
  {
    path: '/api-docs',
    name: 'api-docs',
    heading: 'QFill API',
    text: ['/api/fill', 'OpenAPI 3.1 document (JSON)', 'Quick start'],
  },
  { path: '/no-such-page', name: 'not-found', heading: 'Page Not Found', text: ['Back to home'] },
]

describe.skipIf(!browserAvailable())('site pages in Chromium', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer({ databaseUrl: db.url, worker: false })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  for (const javaScriptEnabled of [true, false]) {
    it(`every static page shows its content, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const context = await browser.newContext({
        bypassCSP: true,
        javaScriptEnabled,
        viewport: { width: 1280, height: 900 },
      })
      const page = await context.newPage()
      try {
        for (const p of PAGES) {
          const response = await page.goto(`${server.url}${p.path}`)
          expect(response?.status(), p.path).toBe(p.name === 'not-found' ? 404 : 200)
          await page.getByRole('heading', { level: 1, name: p.heading }).waitFor()
          const body = (await page.locator('main').textContent()) ?? ''
          for (const t of p.text)
            expect(body, `${p.path} should say ${t}`).toMatch(
              typeof t === 'string' ? new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : t,
            )
          // The marketing claim the spec made up is not ours to make.
          expect(body).not.toContain('98% accuracy')
          for (const label of ['Features', 'Pricing', 'Free Trial', 'API Docs'])
            await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).waitFor()
          const footer = page.locator('footer')
          expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} QFill`)
          for (const href of ['/#features', '/#pricing', '/api-docs', '/status', '/help', '/security', '/legal']) {
            expect(
              await footer.locator(`a[href="${href}"], a[href^="${href}#"]`).count(),
              `footer link ${href}`,
            ).toBeGreaterThan(0)
          }
          if (javaScriptEnabled) {
            await expectNoSeriousAxeViolations(page, p.path)
            await screenshots(page, p.name)
          } else {
            await screenshots(page, `${p.name}-nojs`)
          }
        }
      } finally {
        await context.close()
      }
    })

    it(`home: the free-trial form posts its e-mail, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled })
      const page = await context.newPage()
      try {
        await page.goto(`${server.url}/`)
        const trial = page.locator('#trial')
        await trial.getByLabel(/email/i).fill('ciso@acme-industries.example')
        const [request] = await Promise.all([
          page.waitForRequest(
            (r) =>
              r.method() === 'POST' && ['/api/create-free-trial', '/free-trial'].includes(new URL(r.url()).pathname),
          ),
          trial.getByRole('button').first().click(),
        ])
        expect(request.postData() ?? '').toContain('ciso')
        await page.goto(`${server.url}/`)
        await page
          .getByRole('link', { name: /I Have a Token|Use My Token/ })
          .first()
          .waitFor()
        expect(await page.locator('a[href="/token"]').count()).toBeGreaterThan(0)
        // Each plan has its own e-mail input.
        expect(await page.locator('#pricing input[type=email]').count()).toBe(2)
      } finally {
        await context.close()
      }
    })
  }

  it('home: the navigation highlights the section in view, and the progress bar follows the scroll (JavaScript)', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    try {
      await page.goto(`${server.url}/`)
      const nav = page.getByRole('navigation', { name: 'Main' })
      expect(await nav.locator('[aria-current]').count()).toBe(0)
      await page.locator('#pricing').scrollIntoViewIfNeeded()
      await page.evaluate(() => document.getElementById('pricing')!.scrollIntoView())
      await nav.locator('a[aria-current="location"]', { hasText: 'Pricing' }).waitFor()
      await page.evaluate(() => document.getElementById('features')!.scrollIntoView())
      await nav.locator('a[aria-current="location"]', { hasText: 'Features' }).waitFor()
      const scale = await page.getByTestId('scroll-progress').evaluate((el) => (el as HTMLElement).style.transform)
      expect(scale).toMatch(/scaleX\(0\.\d+\)/)
    } finally {
      await context.close()
    }
  })

  it('pages fit 1280, 390 and 360 px without sideways scrolling, and no word breaks mid-word at 390 px', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } })
    const page = await context.newPage()
    try {
      for (const width of [1280, 390, 360]) {
        await page.setViewportSize({ width, height: 800 })
        for (const p of PAGES) {
          await page.goto(`${server.url}${p.path}`)
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow, `${p.path} is wider than ${width} px`).toBeLessThanOrEqual(0)
          if (width === 390) expect(await brokenWords(page), `${p.path} at 390 px`).toEqual([])
        }
      }
      // "CHF 30 000" is one unit on a line.
      await page.setViewportSize({ width: 390, height: 800 })
      await page.goto(`${server.url}/governing-law`)
      expect(await brokenWords(page, /CHF\u00a030\u00a0000/g)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

/**
 * Words (of letters, up to 20) that the layout split over two lines: each match is measured with a Range, and a
 * word whose boxes sit on two lines is broken. Long tokens (ids, file names) may wrap anywhere and are skipped.
 */
function brokenWords(page: Page, pattern = /\p{L}{2,20}/gu): Promise<string[]> {
  return page.evaluate(
    ({ source, flags }) => {
      const re = new RegExp(source, flags)
      const broken: string[] = []
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(re)) {
          const range = document.createRange()
          range.setStart(node, m.index!)
          range.setEnd(node, m.index! + m[0].length)
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (tops.size > 1) broken.push(m[0])
        }
      }
      return broken
    },
    { source: pattern.source, flags: pattern.flags },
  )
}
