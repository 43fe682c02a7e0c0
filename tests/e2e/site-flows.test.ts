import type { Runner } from 'graphile-worker'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { startWorker } from '../../jobs/worker.server'
import { waitFor as waitForIt } from '../support/wait'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { evidenceMd, questionnaireXlsx } from '../support/files'
import { startServer, type TestServer } from '../support/server'
import { expectNoSeriousAxeViolations, screenshots, signIn } from '../support/site'

const db = useTestDatabase()

const waitFor = <T>(fn: () => Promise<T | null | undefined | false>, ms?: number) => waitForIt('the job', fn, ms)

describe.skipIf(!browserAvailable())('status, toasts, dialogs and the job screens in Chromium', () => {
  let server: TestServer
  let browser: Browser
  let worker: Runner | undefined
  let token: string
  const jobs: Record<'progress' | 'failed' | 'js' | 'nojs', string> = { progress: '', failed: '', js: '', nojs: '' }

  async function newJob() {
    const [row] = await db.sql<{ id: number }[]>`select id from tokens order by id limit 1`
    const { sql, store } = services()
    const { jobId } = await createAnswerJob(sql, store, {
      tokenId: row!.id,
      questionnaire: { name: 'acme-vendor-review.xlsx', bytes: questionnaireXlsx() },
      evidence: [{ name: 'security-policy.md', bytes: evidenceMd() }],
    })
    return jobId
  }

  async function session(
    javaScriptEnabled: boolean,
    options: { clock?: boolean } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      bypassCSP: true,
      javaScriptEnabled,
      viewport: { width: 1280, height: 900 },
    })
    const page = await context.newPage()
    if (options.clock) await page.clock.install()
    await signIn(page, server.url, token)
    return { context, page }
  }

  beforeAll(async () => {
    server = await startServer({ databaseUrl: db.url, worker: false })
    browser = await launchBrowser()
    ;({ token } = await createToken(db.sql, { plan: 'pro', email: 'sec@acme.example' }))
    for (const key of ['progress', 'failed', 'js', 'nojs'] as const) jobs[key] = await newJob()
    await db.sql`update jobs set status = 'failed', error_code = 'questionnaire_unreadable',
      error_params = ${db.sql.json({ detail: 'The questionnaire has no question column: no row has a question in it.' })}
      where id = ${jobs.failed}`
  })
  afterAll(async () => {
    await worker?.stop()
    await browser?.close()
    await server?.stop()
  })

  for (const javaScriptEnabled of [true, false]) {
    it(`/status with the worker stopped: AI Processing and the whole are degraded, every service measured (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled })
      const page = await context.newPage()
      try {
        const response = await page.goto(`${server.url}/status`)
        expect(response?.status()).toBe(200)
        expect(await page.getByTestId('overall').textContent()).toContain('Some Systems Degraded')
        const services = page.getByTestId('service')
        expect(await services.count()).toBe(6)
        const ai = services.filter({ hasText: 'AI Processing' })
        expect(await ai.textContent()).toContain('Degraded')
        expect(await ai.textContent()).toContain('No answering worker is running')
        expect(await services.filter({ hasText: 'Database' }).textContent()).toMatch(/Operational\d+ ms/)
        expect(await services.filter({ hasText: 'File Storage' }).textContent()).toMatch(/Operational\d+ ms/)
        expect(await services.filter({ hasText: 'Payment Processing' }).textContent()).toContain('Not configured')
        expect(await services.filter({ hasText: 'Email Delivery' }).textContent()).toContain('outbox')
        await page.getByRole('button', { name: 'Refresh Status' }).click()
        await page.getByTestId('overall').getByText('Some Systems Degraded').waitFor()
        if (javaScriptEnabled) {
          await expectNoSeriousAxeViolations(page, '/status')
          await screenshots(page, 'status-degraded')
        }
        expect(await (await page.request.get(`${server.url}/api/status`)).json()).toEqual({ ok: true })
      } finally {
        await context.close()
      }
    })
  }

  it('upload, progress and failure screens (screenshots, axe, focus ring on the drop zones)', async () => {
    const { context, page } = await session(true)
    try {
      await screenshots(page, 'upload')
      await expectNoSeriousAxeViolations(page, '/upload')
      // Keyboard focus on the hidden file input shows on its drop zone.
      await page.locator('input[name=questionnaire]').focus()
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      const outline = await page
        .locator('label:has(input[name=questionnaire])')
        .evaluate((el) => getComputedStyle(el).outlineStyle)
      expect(outline).toBe('solid')

      await page.goto(`${server.url}/jobs/${jobs.progress}`)
      await page.getByRole('heading', { name: 'Processing Your Security Questionnaire' }).waitFor()
      await expectNoSeriousAxeViolations(page, '/jobs (progress)')
      await screenshots(page, 'job-progress')

      await page.goto(`${server.url}/jobs/${jobs.failed}`)
      await page.getByRole('heading', { name: 'Processing Failed' }).waitFor()
      await expectNoSeriousAxeViolations(page, '/jobs (failed)')
      await screenshots(page, 'job-failed')
    } finally {
      await context.close()
    }
  })

  it('a worker starts: the queued jobs complete and /status turns operational', { timeout: 240_000 }, async () => {
    worker = await startWorker({ connectionString: db.url, concurrency: 2, pollInterval: 200 })
    // Each job runs in its own child process: on a busy machine three take well over 30 s.
    await waitFor(async () => {
      const rows = await db.sql<{ n: number }[]>`select count(*)::int as n from jobs where status = 'completed'`
      return rows[0]!.n === 3
    }, 180_000)
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled })
      const page = await context.newPage()
      await page.goto(`${server.url}/status`)
      expect(await page.getByTestId('overall').textContent()).toContain('All Systems Operational')
      expect(await page.getByTestId('service').filter({ hasText: 'AI Processing' }).textContent()).toMatch(
        /1 worker answering/,
      )
      if (javaScriptEnabled) await screenshots(page, 'status')
      await context.close()
    }
  })

  it('toasts with JavaScript: below the header, close button, F8, 5 s, swipe right; Download Started', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.clock.install()
    try {
      await signIn(page, server.url, token)
      const toast = page.getByTestId('toast').filter({ hasText: 'Token Validated' })
      await toast.waitFor()
      expect(await page.getByTestId('toast').count()).toBe(1)
      const header = (await page.locator('header').first().boundingBox())!
      const box = (await toast.boundingBox())!
      expect(box.width).toBeLessThanOrEqual(420)
      expect(box.y).toBeGreaterThan(header.y + header.height)
      // F8 moves focus to the notifications region.
      await page.keyboard.press('F8')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications (F8)')
      // Gone by itself after 5 s.
      await page.clock.runFor(5_100)
      await toast.waitFor({ state: 'detached' })

      // Close button.
      await page.goto(`${server.url}/jobs/${jobs.js}`)
      await page.getByRole('heading', { name: 'Processing Complete!' }).waitFor()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download Spreadsheet' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
      const started = page.getByTestId('toast').filter({ hasText: 'Download Started' })
      await started.getByText('XLSX file download has begun.').waitFor()
      await started.getByRole('button', { name: 'Close notification' }).click()
      await started.waitFor({ state: 'detached' })

      // Swipe right by more than 50 px.
      await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Report' }).click()])
      const pdfToast = page.getByTestId('toast').filter({ hasText: 'PDF file download has begun.' })
      await pdfToast.waitFor()
      const b = (await pdfToast.boundingBox())!
      await page.mouse.move(b.x + 40, b.y + b.height / 2)
      await page.mouse.down()
      await page.mouse.move(b.x + 80, b.y + b.height / 2, { steps: 4 })
      await page.mouse.move(b.x + 120, b.y + b.height / 2, { steps: 4 })
      await page.mouse.up()
      await pdfToast.waitFor({ state: 'detached' })
      await screenshots(page, 'job-result')
      await expectNoSeriousAxeViolations(page, '/jobs (result)')
    } finally {
      await context.close()
    }
  })

  it('toasts without JavaScript: in the page flow under the header, dismissible', async () => {
    const { context, page } = await session(false)
    try {
      const toast = page.getByTestId('toast')
      await toast.getByText('Token Validated').waitFor()
      expect(await toast.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed')
      const header = (await page.locator('header').first().boundingBox())!
      expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)
      await screenshots(page, 'upload-toast-nojs')
      await page.getByLabel('Dismiss notification').check()
      expect(await toast.isVisible()).toBe(false)
    } finally {
      await context.close()
    }
  })

  it('the countdown refreshes every 60 s (JavaScript)', async () => {
    const { context, page } = await session(true, { clock: true })
    try {
      await page.goto(`${server.url}/jobs/${jobs.js}`)
      const available = page.getByTestId('files-available')
      const minutes = async () => {
        const [, h, m] = /(\d+)h (\d+)m/.exec((await available.textContent())!)!
        return Number(h) * 60 + Number(m)
      }
      const before = await minutes()
      expect(before).toBeGreaterThan(50)
      // Ten minutes on the page clock: the countdown, recomputed every minute, is ten minutes shorter.
      await page.clock.runFor(10 * 60_000)
      await waitFor(async () => (await minutes()) <= before - 10)
      expect(await minutes()).toBeGreaterThanOrEqual(before - 11)
    } finally {
      await context.close()
    }
  })

  it('the delete dialog works by keyboard: focus inside, Tab trapped, Escape closes and returns focus; deleting shows the banner, never "Expired"', async () => {
    const { context, page } = await session(true)
    try {
      await page.goto(`${server.url}/jobs/${jobs.js}`)
      const trigger = page.getByRole('link', { name: 'Delete Files Now' })
      await trigger.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('alertdialog', { name: 'Delete Files Immediately?' })
      await dialog.waitFor()
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete Files')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete Files')
      await expectNoSeriousAxeViolations(page, '/jobs (delete dialog)')
      await screenshots(page, 'job-delete-dialog')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Delete Files Now')

      await page.keyboard.press('Enter')
      await dialog.waitFor()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await page.getByText('Files have been permanently deleted', { exact: true }).waitFor()
      await page.getByText(`All files for job ${jobs.js} have been removed from our servers.`).waitFor()
      await page.getByTestId('toast').getByText('Files Deleted').waitFor()
      expect(await page.getByText('Expired').count()).toBe(0)
      expect(await page.getByTestId('files-available').count()).toBe(0)
      expect(await page.getByRole('link', { name: 'Delete Files Now' }).count()).toBe(0)
      await screenshots(page, 'job-deleted')
    } finally {
      await context.close()
    }
  })

  it('the delete dialog without JavaScript: a page of its own with a Cancel link, then the banner', async () => {
    const { context, page } = await session(false)
    try {
      await page.goto(`${server.url}/jobs/${jobs.nojs}`)
      await page.getByRole('link', { name: 'Delete Files Now' }).click()
      await page.getByRole('alertdialog', { name: 'Delete Files Immediately?' }).waitFor()
      expect(page.url()).toContain('confirm-delete=1')
      await page.getByRole('link', { name: 'Cancel' }).click()
      expect(await page.getByRole('alertdialog').count()).toBe(0)
      await page.getByRole('link', { name: 'Delete Files Now' }).click()
      await page.getByRole('button', { name: 'Delete Files' }).click()
      await page.getByText('Files have been permanently deleted', { exact: true }).waitFor()
      expect(await page.getByText('Expired').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  for (const javaScriptEnabled of [true, false]) {
    it(`a job opened in another browser explains how to reach it (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled })
      const page = await context.newPage()
      try {
        const response = await page.goto(`${server.url}/jobs/${jobs.progress}`)
        expect(response?.status()).toBe(401)
        await page.getByRole('heading', { name: 'Open this job with your access token' }).waitFor()
        expect(await page.locator('main a[href="/token-status"]').count()).toBeGreaterThan(0)
        expect(await page.getByText('Page Not Found').count()).toBe(0)
        // The same answer for an id that does not exist: nothing is revealed.
        expect((await page.goto(`${server.url}/jobs/doesnotexist0000000000`))?.status()).toBe(401)
        if (javaScriptEnabled) {
          await expectNoSeriousAxeViolations(page, '/jobs (elsewhere)')
          await screenshots(page, 'job-elsewhere')
        }
      } finally {
        await context.close()
      }
    })
  }
})
