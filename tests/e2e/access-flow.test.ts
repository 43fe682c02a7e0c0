import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { readOutbox, TOKEN_PLACEHOLDER } from '../../app/mail/transport.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { questionnaireXlsx } from '../support/files'
import { startServer, type TestServer } from '../support/server'
import { tokenIn } from '../support/smtp'

const db = useTestDatabase()
// SCREENSHOTS=/some/dir saves each page at 1280 and 390 px wide, to look at them.
const SHOTS = process.env.SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  const size = page.viewportSize()!
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(size)
}

describe.skipIf(!browserAvailable())('access in Chromium', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer({ databaseUrl: db.url, worker: false, env: { STRIPE_SECRET_KEY: '', SMTP_URL: '' } })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  for (const javaScriptEnabled of [true, false]) {
    const js = javaScriptEnabled ? 'on' : 'off'
    it(`free trial → e-mail → token → upload, JavaScript ${js}`, async () => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      try {
        await page.goto(`${server.url}/#trial`)
        // A personal address: the corporate-e-mail dialog.
        await page.getByLabel('Work email').fill('someone@gmail.com')
        await page.getByRole('button', { name: 'Start Free Trial' }).click()
        const dialog = page.getByRole('dialog', { name: 'Corporate email required' })
        await dialog.waitFor()
        expect(await dialog.textContent()).toContain('Personal email domains')
        if (javaScriptEnabled) await shoot(page, 'home-corporate-dialog')
        await dialog.getByRole('link', { name: 'Use a work email' }).click()
        await dialog.waitFor({ state: 'detached' })

        const email = `security-${js}@acme.example`
        await page.getByLabel('Work email').fill(email)
        await page.getByRole('button', { name: 'Start Free Trial' }).click()
        await page.getByText('Trial Activated!').first().waitFor()
        expect(await page.content()).not.toMatch(/qf_[A-Za-z0-9_-]{43}/) // never shown, only e-mailed
        if (javaScriptEnabled) await shoot(page, 'home-trial-activated')

        // No SMTP_URL here: the message waits in the outbox with its token withheld, and the operator passes the
        // token on as `qfill outbox --reveal` shows it.
        const [stored] = await db.sql`select text_body from outbox where recipient = ${email}`
        expect(stored!.text_body).toContain(TOKEN_PLACEHOLDER)
        const [mail] = await readOutbox(db.sql, { to: email, reveal: true })
        const token = tokenIn(mail!.text)

        await page.getByRole('link', { name: 'Go to Upload' }).click()
        await page.getByLabel('Access token').fill(token)
        await page.getByLabel('I agree to the Terms of Service').check()
        await page.getByRole('button', { name: 'Access Upload' }).click()
        await page.getByRole('heading', { name: 'Upload Your Files' }).waitFor()
        expect(await page.getByTestId('remaining').textContent()).toBe('2 questionnaires remaining')
        await page.setInputFiles('input[name=questionnaire]', {
          name: 'vendor.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(questionnaireXlsx()),
        })
        await page.getByRole('button', { name: /Process with AI/ }).click()
        await page.getByRole('heading', { name: 'Processing Your Security Questionnaire' }).waitFor()
        const [row] = await db.sql`select used from tokens where email = ${email}`
        expect(row!.used).toBe(1)
      } finally {
        await context.close()
      }
    })

    it(`pricing → checkout error without Stripe keys, JavaScript ${js}`, async () => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      try {
        await page.goto(`${server.url}/#pricing`)
        const pro = page.getByTestId('pricing-pro')
        expect(await pro.textContent()).toContain('Payments are not configured on this server')
        if (javaScriptEnabled) {
          await pro.getByRole('button', { name: 'Subscribe to Professional' }).click()
          await pro.getByText('Please enter your email address').waitFor()
          await pro.getByLabel('Email').fill('buyer')
          await pro.getByRole('button', { name: 'Subscribe to Professional' }).click()
          await pro.getByText('Please enter a valid email address').waitFor()
          await pro.getByLabel('Email').fill('buyer@acme.example')
          await pro.getByRole('button', { name: 'Subscribe to Professional' }).click()
          await pro.getByRole('alert').getByText('Payments are not configured on this server').waitFor()
          await shoot(page, 'home-pricing-error')
          await page.goto(`${server.url}/checkout?plan=pro`)
        } else {
          await pro.getByLabel('Email').fill('buyer@acme.example')
          await pro.getByRole('button', { name: 'Subscribe to Professional' }).click()
        }
        await page.getByRole('heading', { name: 'Checkout Error' }).waitFor()
        await page.getByText('Payments are not configured on this server').waitFor()
        await page.getByRole('link', { name: 'Try Again' }).waitFor()
        expect(await page.getByRole('link', { name: 'Card payment help' }).getAttribute('href')).toBe('/payment-help')
        if (javaScriptEnabled) {
          await shoot(page, 'checkout-error')
          await page.goto(`${server.url}/checkout`)
          await page.getByRole('heading', { name: 'Invalid Checkout' }).waitFor()
          await page.getByText('No questionnaire ID provided.').waitFor()
          await page.goto(`${server.url}/success?session_id=cs_test_abcdef123`)
          await page.getByText('Unable to fetch token data: Payments are not configured on this server').waitFor()
          await shoot(page, 'success-unavailable')
          await page.goto(`${server.url}/payment-help`)
          await shoot(page, 'payment-help')
        }
      } finally {
        await context.close()
      }
    })

    it(`token status lists an active and an expired questionnaire, downloads and deletes, JavaScript ${js}`, async () => {
      const { sql, store } = services()
      const { token, row } = await createToken(sql, { plan: 'trial', email: `status-${js}@acme.example` })
      const make = (name: string) =>
        createAnswerJob(sql, store, {
          tokenId: row.id,
          questionnaire: { name, bytes: questionnaireXlsx() },
          evidence: [],
        })
      // A trial runs one questionnaire at a time: each is finished before the next is made.
      const expired = await make('last-quarter.xlsx')
      await sql`update jobs set status = 'completed', completed_at = now() - interval '2 hours', expires_at = now() - interval '1 hour',
        expired_at = now() - interval '1 hour', question_count = 12 where id = ${expired.jobId}`
      const active = await make('current-review.xlsx')
      await store.put(active.jobId, {
        role: 'xlsx',
        name: `questionnaire-${active.jobId}.xlsx`,
        bytes: questionnaireXlsx(),
      })
      await sql`update jobs set status = 'completed', completed_at = now(), expires_at = now() + interval '50 minutes', question_count = 4,
        average_confidence = 91.5, flagged_count = 1 where id = ${active.jobId}`

      const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true })
      const page = await context.newPage()
      try {
        // A ?token= link fills in the form; the session opens when the visitor presses the button (issue 16, finding 1).
        await page.goto(`${server.url}/token-status?token=${encodeURIComponent(token)}`)
        await page.getByRole('button', { name: 'Check Token Status' }).click()
        await page.getByRole('heading', { name: 'Previous Questionnaires' }).waitFor()
        expect(new URL(page.url()).search).toBe('') // the token left the address bar
        await page.getByText('Found 2 previous questionnaire(s) - 1 active, 1 expired.').waitFor()
        await page.getByRole('heading', { name: 'Previous Questionnaires' }).waitFor()
        expect(await page.getByTestId('usage').textContent()).toBe('2 of 2 used')
        await page.getByText('Token quota exhausted. Purchase a plan to continue.').waitFor()
        expect(await page.getByRole('link', { name: 'View Pricing' }).getAttribute('href')).toBe('/#pricing')

        // The per-questionnaire checkout: order summary, and why the card form is missing here.
        await page.getByRole('link', { name: 'Add one questionnaire ($49)' }).click()
        await page.getByRole('heading', { name: 'Order Summary' }).waitFor()
        expect(await page.locator('dl').first().textContent()).toMatch(
          /current-review\.xlsx.*Pay per use\$49\.00Tax\$0\.00Total\$49\.00/,
        )
        await page.getByText('Payments are not configured on this server.').waitFor()
        if (javaScriptEnabled) await shoot(page, 'checkout-questionnaire')
        await page.goto(`${server.url}/token-status`)

        const activeItem = page.getByTestId('questionnaire-active')
        expect(await activeItem.textContent()).toMatch(
          /current-review\.xlsx.*Active.*4 questions.*92% average confidence.*1 flagged for review/,
        )
        const expiredItem = page.getByTestId('questionnaire-expired')
        expect(await expiredItem.textContent()).toContain('Files have been deleted due to 1-hour security policy')
        expect(await expiredItem.getByRole('button', { name: 'Files Deleted' }).isDisabled()).toBe(true)
        if (javaScriptEnabled) await shoot(page, 'token-status')

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          activeItem.getByRole('link', { name: 'Download XLSX' }).click(),
        ])
        expect(download.suggestedFilename()).toBe(`questionnaire-${active.jobId}.xlsx`)

        await activeItem.getByRole('link', { name: 'Delete' }).click()
        await page
          .getByText('Are you sure you want to delete this questionnaire? This action cannot be undone.')
          .waitFor()
        await page.getByRole('button', { name: 'Delete Questionnaire' }).click()
        await page.getByText('The questionnaire files have been deleted successfully.').waitFor()
        await page.getByTestId('questionnaire-expired').nth(1).waitFor()
        expect(await page.getByTestId('questionnaire-active').count()).toBe(0)

        // The questionnaire-status view of a completed job, then signing out.
        await page.goto(`${server.url}/questionnaire/${expired.jobId}`)
        await page.getByRole('heading', { name: 'Processing Complete!' }).waitFor()
        expect(await page.getByRole('list', { name: 'Processing steps' }).textContent()).toMatch(
          /Document parsed.*Completed.*AI generating.*Completed.*final document.*Completed/,
        )
        if (javaScriptEnabled) await shoot(page, 'questionnaire-status')
        await page.goto(`${server.url}/token-status`)
        await page.getByRole('button', { name: 'Use a different token' }).click()
        await page.getByRole('button', { name: 'Check Token Status' }).waitFor()
        await page.goto(`${server.url}/questionnaire/${expired.jobId}`)
        await page.getByRole('heading', { name: 'Questionnaire Not Found' }).waitFor()
      } finally {
        await context.close()
      }
    })
  }

  it('the /token landing page: Process Now opens earlier results, Check goes to /token-status', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro', email: 'landing@acme.example' })
    await createAnswerJob(db.sql, services().store, {
      tokenId: row.id,
      questionnaire: { name: 'running.xlsx', bytes: questionnaireXlsx() },
      evidence: [],
    })
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(`${server.url}/token`)
      await page.getByText('Token-Based Access').waitFor()
      const process = page.getByRole('button', { name: 'Process Now' })
      // Enabled in the server's HTML (no JS), disabled once hydrated until the form is complete.
      await expect.poll(() => process.isDisabled(), { timeout: 10_000 }).toBe(true)
      await page.getByLabel('Access token').fill(token)
      await page.getByLabel('I agree to the Terms of Service').check()
      await expect.poll(() => process.isDisabled(), { timeout: 10_000 }).toBe(false)
      expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api-docs')
      await shoot(page, 'token')
      await process.click()
      await page.getByRole('link', { name: 'Process New Questionnaire' }).waitFor()
      await page.getByText('running.xlsx').waitFor()
      await page.goto(`${server.url}/token`)
      await page.getByLabel('Access token').fill(token)
      await page.getByLabel('I agree to the Terms of Service').check()
      await page.getByRole('button', { name: 'Check' }).click()
      await page.getByRole('heading', { name: 'Previous Questionnaires' }).waitFor()
      expect(await page.getByTestId('usage').textContent()).toBe('unlimited')
      await page.goto(
        `${server.url}/questionnaire/${(await db.sql`select id from jobs where token_id = ${row.id}`)[0]!.id}`,
      )
      await page.getByRole('heading', { name: 'AI Processing Your Questionnaire' }).waitFor()
      await shoot(page, 'questionnaire-processing')
    } finally {
      await context.close()
    }
  })
})
