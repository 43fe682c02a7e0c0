import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { evidenceMd, readSheet } from '../support/files'
import { cellsOf, changedCells, reviewQuestionnaireXlsx } from '../support/review'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()
/** Set QFILL_SCREENSHOTS=DIR to keep screenshots of the review screen at 1280 and 390 px. */
const SHOTS = process.env.QFILL_SCREENSHOTS

async function signIn(page: Page, url: string, token: string) {
  await page.goto(`${url}/upload?token=${encodeURIComponent(token)}`)
  await page.getByLabel('I agree to the Terms of Service').check()
  await page.getByRole('button', { name: 'Access Upload' }).click()
  await page.getByRole('heading', { name: 'Upload Your Files' }).waitFor()
}

async function completedJob(url: string, token: string): Promise<string> {
  const form = new FormData()
  form.append('questionnaire', new Blob([new Uint8Array(reviewQuestionnaireXlsx())]), 'vendor.xlsx')
  form.append('evidence', new Blob([new Uint8Array(evidenceMd())]), 'policy.md')
  const res = await fetch(`${url}/api/fill`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  const { jobId } = (await res.json()) as { jobId: string }
  // As long as the e2e pages wait (tests/support/browser.ts): a busy machine's worker may take that long to start.
  const until = Date.now() + 90_000
  for (;;) {
    const status = (await (
      await fetch(`${url}/api/status/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { status: string }
    if (status.status === 'completed') return jobId
    if (status.status === 'failed' || Date.now() > until) throw new Error(`job ${jobId}: ${JSON.stringify(status)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe.skipIf(!browserAvailable())('review before download, in Chromium', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer({ databaseUrl: db.url })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  for (const javaScriptEnabled of [true, false]) {
    it(`changes three answers, accepts a page, rebuilds and downloads exactly those edits, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const { token } = await createToken(db.sql, { plan: 'pro', email: 'sec@acme.example' })
      const context: BrowserContext = await browser.newContext({
        javaScriptEnabled,
        acceptDownloads: true,
        viewport: { width: 1280, height: 900 },
      })
      const page = await context.newPage()
      try {
        await signIn(page, server.url, token)
        const jobId = await completedJob(server.url, token)
        const before = new Uint8Array(
          await (
            await fetch(`${server.url}/api/result/${jobId}/xlsx`, { headers: { authorization: `Bearer ${token}` } })
          ).arrayBuffer(),
        )

        await page.goto(`${server.url}/jobs/${jobId}`)
        await page.getByRole('link', { name: 'Review Answers' }).click()
        await page.getByRole('heading', { name: 'Review Answers' }).waitFor()
        expect(await page.getByTestId('files-available').textContent()).toMatch(/Files available for: (1h 0m|0h 59m)/)
        await page.getByRole('link', { name: /^All \(6\)/ }).click()
        await page.waitForURL(/filter=all/)
        const row = (n: number) => page.locator(`[data-row="Questions!${n}"]`)
        await row(9).waitFor()
        if (SHOTS) await screenshots(page, SHOTS, javaScriptEnabled ? 'js' : 'nojs')

        if (javaScriptEnabled) {
          // Autosave: each change is saved on its own and the row says so.
          await row(4).locator('select').selectOption('No')
          await row(4).getByTestId('confirmed').waitFor()
          // Keyboard: a click makes the row active, "3" chooses the third value (N/A).
          await row(7).locator('p').first().click()
          await page.keyboard.press('3')
          await row(7).getByTestId('confirmed').waitFor()
          expect(await row(7).locator('select').inputValue()).toBe('N/A')
          await row(9).locator('textarea').first().fill('AWS, eu-west-1 and eu-central-1')
          await page.keyboard.press('Tab')
          await row(9).getByTestId('confirmed').waitFor()
          expect(await page.getByTestId('review-progress').textContent()).toBe('3 of 6 confirmed by you')
          // "u" undoes the last change (HO-1's answer); focus stays on the row being reviewed.
          await row(7).locator('p').first().click()
          await page.keyboard.press('u')
          await page.getByText('Undid: Changed HO-1.').first().waitFor()
          await expect.poll(() => page.getByTestId('review-progress').textContent()).toBe('2 of 6 confirmed by you')
          expect(await row(9).locator('textarea').first().inputValue()).toBe('')
          expect(await page.evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe('Questions!7')
          await row(9).locator('textarea').first().fill('AWS, eu-west-1 and eu-central-1')
          await page.keyboard.press('Tab')
          await row(9).getByTestId('confirmed').waitFor()
          await page.getByTestId('save-status').getByText('All changes saved').waitFor()
          expect(await page.getByTestId('review-progress').textContent()).toBe('3 of 6 confirmed by you')
        } else {
          await row(4).locator('select').selectOption('No')
          await row(7).locator('select').selectOption('N/A')
          await row(9).locator('textarea').first().fill('AWS, eu-west-1 and eu-central-1')
          await page.getByRole('button', { name: 'Save', exact: true }).click()
          await page.getByText('Saved 3 changes').first().waitFor()
          expect(await page.getByTestId('review-progress').textContent()).toBe('3 of 6 confirmed by you')
        }

        // Accept the page: the machine's unflagged answers become confirmed as they are.
        const unflagged = await page.locator('[data-testid=review-row]').evaluateAll((rows) => rows.length)
        expect(unflagged).toBe(6)
        const acceptPage = page.getByRole('button', { name: /Accept all unflagged on this page/ })
        const accepting = Number(/\((\d+)\)/.exec((await acceptPage.textContent()) ?? '')?.[1] ?? 0)
        expect(accepting).toBeGreaterThan(0)
        await acceptPage.click()
        await page
          .getByText(/Accepted \d+ unflagged answers?/)
          .first()
          .waitFor()
        expect(await page.getByTestId('review-progress').textContent()).toBe(`${3 + accepting} of 6 confirmed by you`)
        await page.getByTestId('pending').waitFor()

        await page.getByRole('button', { name: 'Save and rebuild' }).click()
        await page.getByText('Workbook rebuilt').first().waitFor()
        await expect.poll(() => page.getByTestId('pending').count(), { timeout: 10_000 }).toBe(0)

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download Spreadsheet' }).click(),
        ])
        const after = new Uint8Array(await readFile((await download.path())!))
        const cells = cellsOf(after, 'Questions')
        expect(cells.get('C4')).toBe('No')
        expect(cells.get('C7')).toBe('N/A')
        expect(cells.get('C9')).toBe('AWS, eu-west-1 and eu-central-1')
        // Only the three edited rows changed: their answers, and their comments, which no longer carry the
        // machine's words (its "Yes" explanation for AC-1, "needs your answer" for the other two).
        expect(changedCells(cellsOf(before, 'Questions'), cells)).toEqual(['C4', 'C7', 'C9', 'D4', 'D7', 'D9'])
        for (const ref of ['D4', 'D7', 'D9']) expect(cells.get(ref) ?? '').toBe('')
        expect(cellsOf(before, 'Questions').get('D7')).toContain('needs your answer')
        // Rows accepted as the machine answered keep its explanation and citations, which still support them.
        expect(cells.get('D5')).toContain('Evidence: ')
        // BC-1 (row 8) was never confirmed: it stays the machine's draft, flagged, with its note to the reviewer.
        expect(cells.get('D8')).toContain('needs your answer')
        const summary = readSheet(after, '_SUMMARY')
        expect(summary.find((r) => r[0] === 'Confirmed by you')?.[1]).toBe(String(3 + accepting))

        await page.goto(`${server.url}/jobs/${jobId}`)
        await page.getByText(`${3 + accepting} Confirmed by You`).waitFor()

        // Another token's browser gets 404 for this review.
        const other = await browser.newContext({ javaScriptEnabled })
        const stranger = await other.newPage()
        await signIn(stranger, server.url, (await createToken(db.sql, { plan: 'pro' })).token)
        const res = await stranger.goto(`${server.url}/jobs/${jobId}/review`)
        expect(res?.status()).toBe(404)
        await other.close()
      } finally {
        await context.close()
      }
    })
  }

  it('keys pressed faster than the page re-renders act on the row moved to (j then Enter, in one task)', async () => {
    const { token } = await createToken(db.sql, { plan: 'pro', email: 'keys@acme.example' })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    try {
      await signIn(page, server.url, token)
      const jobId = await completedJob(server.url, token)
      await page.goto(`${server.url}/jobs/${jobId}/review?filter=all`)
      const rows = page.locator('[data-testid=review-row]')
      await rows.first().waitFor()
      const keys = await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-row')!))
      await rows.first().locator('p').first().click()
      // Four key presses in one task: React cannot re-render (nor re-register its key listener) between them.
      await page.evaluate(() => {
        for (const key of ['j', 'Enter', 'j', 'Enter']) {
          const target = document.activeElement ?? document.body
          target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
        }
      })
      await page.getByTestId('save-status').getByText('All changes saved').waitFor()
      const confirmed = await rows.evaluateAll((all) =>
        all.filter((r) => r.querySelector('[data-testid=confirmed]')).map((r) => r.getAttribute('data-row')!),
      )
      expect(confirmed).toEqual([keys[1], keys[2]])
      expect(await page.getByTestId('review-progress').textContent()).toBe(`2 of ${keys.length} confirmed by you`)
    } finally {
      await context.close()
    }
  })
})

async function screenshots(page: Page, dir: string, name: string) {
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `review-${name}-1280.png`), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: path.join(dir, `review-${name}-390.png`), fullPage: true })
  await page.screenshot({ path: path.join(dir, `review-${name}-390-top.png`) })
  await page.locator('[data-row="Questions!7"]').scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(dir, `review-${name}-390-mid.png`) })
  await page.setViewportSize({ width: 1280, height: 900 })
}
