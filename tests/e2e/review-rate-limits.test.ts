import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { projectRoot } from '../../app/infra/project-root.server'
import { XlsxPackage } from '../../app/questionnaire/ooxml/package'
import { patchSheetCells } from '../../app/questionnaire/ooxml/sheet-patch'
import { isYesNoQuestion } from '../../app/questionnaire/model'
import { readQuestionnaire } from '../../app/questionnaire/parse.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { readSheet } from '../support/files'
import { startServer, type TestServer } from '../support/server'
import { signIn } from '../support/site'

const db = useTestDatabase()
// Evaluation data, read in place (never copied): a real HECVAT Lite, answered by its vendor, and its evidence.
const EVAL = path.resolve(projectRoot(), '../shared/data/eval/instructure')
const HECVAT = path.join(EVAL, 'questionnaires/Canvas_Catalog_HECVAT_Lite.xlsx')
const EVIDENCE = path.join(EVAL, 'evidence/Instructure_Security_Overview_2024-12.pdf')
const hasEval = existsSync(HECVAT) && existsSync(EVIDENCE)
if (!hasEval) console.warn('HECVAT Lite keyboard review skipped: ../shared/data/eval/instructure not found')

/**
 * The HECVAT Lite as a vendor meets it again next year: its Yes/No answers and their comments blanked (for the
 * engine to answer from the evidence), its profile and free-text answers kept (for "Kept from your file").
 */
function partlyAnsweredHecvat(): Uint8Array {
  const bytes = new Uint8Array(readFileSync(HECVAT))
  const { questionnaire } = readQuestionnaire('Canvas_Catalog_HECVAT_Lite.xlsx', bytes)
  const pkg = XlsxPackage.open(bytes)
  const bySheet = new Map<string, Map<string, string>>()
  for (const q of questionnaire.questions) {
    if (q.kind !== 'question' || !isYesNoQuestion(q)) continue
    const cells = bySheet.get(q.location.sheet) ?? new Map<string, string>()
    for (const ref of [q.location.answerCell, q.location.commentCell]) if (ref) cells.set(ref, '')
    bySheet.set(q.location.sheet, cells)
  }
  for (const [name, cells] of bySheet) {
    const sheet = pkg.sheets.find((s) => s.name === name)!
    pkg.setText(sheet.path, patchSheetCells(pkg.text(sheet.path)!, cells).xml)
  }
  return pkg.toBytes()
}

async function completedJob(url: string, token: string): Promise<string> {
  const form = new FormData()
  form.append('questionnaire', new Blob([new Uint8Array(partlyAnsweredHecvat())]), 'Canvas_Catalog_HECVAT_Lite.xlsx')
  form.append('evidence', new Blob([readFileSync(EVIDENCE)]), 'Instructure_Security_Overview_2024-12.pdf')
  const res = await fetch(`${url}/api/fill`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(202)
  const { jobId } = (await res.json()) as { jobId: string }
  for (const until = Date.now() + 120_000; ;) {
    const [row] = await db.sql<{ status: string }[]>`select status from jobs where id = ${jobId}`
    if (row?.status === 'completed') return jobId
    if (row?.status === 'failed' || Date.now() > until) throw new Error(`job ${jobId}: ${row?.status}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Every answer and badge of the rows on screen. */
const rowsOnScreen = (page: Page) =>
  page.locator('[data-testid=review-row]').evaluateAll((rows) =>
    rows.map((r) => ({
      key: r.getAttribute('data-row')!,
      answer: (r.querySelector('select, textarea') as HTMLSelectElement | HTMLTextAreaElement).value,
      confirmed: Boolean(r.querySelector('[data-testid=confirmed]')),
    })),
  )

describe.skipIf(!browserAvailable() || !hasEval)('review with the production rate limits on, in Chromium', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    // The limits as in production: nothing here switches them off.
    server = await startServer({ databaseUrl: db.url, env: { RATE_LIMITS: 'true' } })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it(
    'a keyboard review of a full HECVAT Lite completes with zero 429s and no lost edit',
    { timeout: 300_000 },
    async () => {
      const { token } = await createToken(db.sql, { plan: 'pro', email: 'hecvat@acme.example' })
      const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const limited: string[] = []
      let requests = 0
      let saves = 0
      page.on('response', (r) => {
        if (!r.url().startsWith(server.url) || /\/assets\//.test(r.url())) return
        requests++
        if (r.url().endsWith('/review/rows')) saves++
        if (r.status() === 429) limited.push(`${r.request().method()} ${r.url()}`)
      })
      try {
        await signIn(page, server.url, token)
        const jobId = await completedJob(server.url, token)
        await page.goto(`${server.url}/jobs/${jobId}/review?filter=all`)
        await page.getByRole('heading', { name: 'Review Answers' }).waitFor()
        const total = Number(/of (\d+) confirmed/.exec((await page.getByTestId('review-progress').textContent())!)![1])
        expect(total).toBeGreaterThan(90)
        // A kept date reads as the workbook shows it.
        expect(await page.locator('[data-row$="!3"] textarea').first().inputValue()).toMatch(
          /^\d{1,2}\/\d{1,2}\/\d{4}$/,
        )
        const decided = new Map<string, string>()
        for (;;) {
          const rows = await rowsOnScreen(page)
          for (const [i, row] of rows.entries()) {
            // A row without an answer gets the first allowed value ("1"); every row is then accepted (Enter).
            if (!row.answer) await page.keyboard.press('1')
            await page.keyboard.press('Enter')
            if (i < rows.length - 1) await page.keyboard.press('j')
          }
          await page.getByTestId('save-status').getByText('All changes saved').waitFor({ timeout: 60_000 })
          for (const row of await rowsOnScreen(page)) decided.set(row.key, row.answer)
          const next = page.getByRole('link', { name: 'Next' })
          if (!(await next.count())) break
          const shown = rows[0]!.key
          await next.click()
          await page.waitForURL(/page=\d/)
          // The URL changes before the next page's rows are on screen: keys pressed then act on the page still shown.
          await page.waitForFunction(
            (key) => document.querySelector('[data-testid=review-row]')?.getAttribute('data-row') !== key,
            shown,
          )
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
        }
        expect(decided.size).toBe(total)
        expect(await page.getByTestId('review-progress').textContent()).toBe(`${total} of ${total} confirmed by you`)

        // No lost edit: a fresh load of every page shows each row confirmed, with the value chosen on screen.
        for (let n = 1; n <= Math.ceil(total / 50); n++) {
          await page.goto(`${server.url}/jobs/${jobId}/review?filter=all&page=${n}`)
          for (const row of await rowsOnScreen(page)) {
            expect(row.confirmed, row.key).toBe(true)
            expect(row.answer, row.key).toBe(decided.get(row.key))
          }
        }
        await page.getByRole('button', { name: 'Save and rebuild' }).click()
        await page.getByText('Workbook rebuilt').first().waitFor()
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download Spreadsheet' }).click(),
        ])
        const summary = readSheet(new Uint8Array(await readFile((await download.path())!)), '_SUMMARY')
        expect(summary.find((r) => r[0] === 'Confirmed by you')?.[1]).toBe(String(total))
        expect(limited).toEqual([])
        console.log(
          `HECVAT Lite keyboard review: ${total} rows, ${saves} autosave requests, ${requests} requests to the server in all, 0 answered 429`,
        )
      } finally {
        await context.close()
      }
    },
  )

  it(
    'a real 429 never turns the page into an error page: the edit is kept, the countdown shows, and it retries',
    { timeout: 300_000 },
    async () => {
      // A single questionnaire's budget (3,000 per 15 minutes) is small enough to spend here.
      const { token } = await createToken(db.sql, { plan: 'single', email: 'limited@acme.example' })
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.clock.install()
      try {
        await signIn(page, server.url, token)
        const jobId = await completedJob(server.url, token)
        await page.goto(`${server.url}/jobs/${jobId}/review?filter=all`)
        await page.getByRole('heading', { name: 'Review Answers' }).waitFor()
        // Spend this browser's whole budget (its own cookies, so it counts wherever the server keys it).
        const rows = `${server.url}/jobs/${jobId}/review/rows`
        let status = 0
        for (let i = 0; i < 3500 && status !== 429; i++) status = (await page.request.get(rows)).status()
        expect(status, 'the budget did not run out within 3,500 requests').toBe(429)

        const comment = page.locator('textarea[name^="comment:"]').first()
        await comment.fill('Reviewed by the security team.')
        await page.clock.runFor(1_000)
        const notice = page.getByTestId('rate-limited')
        await notice.getByText(/^Too many requests, retrying in \d+ s$/).waitFor()
        await page
          .getByTestId('save-status')
          .getByText(/Too many requests, retrying in \d+ s \(1 change kept\)/)
          .waitFor()
        expect(await comment.inputValue()).toBe('Reviewed by the security team.')
        expect(await page.getByRole('heading', { name: 'Review Answers' }).count()).toBe(1)

        // A navigation meanwhile waits too, instead of showing an error page.
        await page.getByRole('link', { name: /^Needs your answer/ }).click()
        await page.clock.runFor(1_000)
        expect(await page.getByText('Something went wrong').count()).toBe(0)
        await notice.waitFor()

        // When the wait is over, the same edit goes out again (and, still over budget, waits again: never dropped).
        const seconds = Number(/in (\d+) s/.exec((await notice.textContent())!)![1])
        const retried = page.waitForRequest((r) => r.method() === 'POST' && r.url() === rows)
        await page.clock.runFor(seconds * 1000 + 1000)
        expect(JSON.parse((await retried).postData()!).edits[0].comment).toBe('Reviewed by the security team.')
        await notice.waitFor()
        expect(await comment.inputValue()).toBe('Reviewed by the security team.')
      } finally {
        await context.close()
      }
    },
  )
})
