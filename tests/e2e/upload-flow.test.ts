import { readFile } from 'node:fs/promises'
import type { Runner } from 'graphile-worker'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { startWorker } from '../../jobs/worker.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable, launchBrowser } from '../support/browser'
import { evidenceMd, questionnaireXlsx, readSheet, sheetNames } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()

describe.skipIf(!browserAvailable())('upload → progress → result → downloads, in Chromium', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    // No worker in the server: the test starts one itself once it has seen the progress screen.
    server = await startServer({ databaseUrl: db.url, worker: false })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  for (const javaScriptEnabled of [true, false]) {
    it(`works with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const { token } = await createToken(db.sql, { plan: 'trial', email: 'sec@acme.example' })
      const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true })
      const page = await context.newPage()
      let worker: Runner | undefined
      try {
        await page.goto(`${server.url}/upload?token=${encodeURIComponent(token)}`)
        expect(await page.inputValue('input[name=token]')).toBe(token)
        // Terms not accepted: the form says so and stays.
        await page.getByRole('button', { name: 'Access Upload' }).click()
        await page.getByText('Please accept the Terms of Service to continue').waitFor()

        await page.getByLabel('I agree to the Terms of Service').check()
        await page.getByRole('button', { name: 'Access Upload' }).click()
        await page.getByRole('heading', { name: 'Upload Your Files' }).waitFor()
        expect(await page.getByTestId('remaining').textContent()).toBe('2 questionnaires remaining')

        await page.setInputFiles('input[name=questionnaire]', {
          name: 'acme-vendor-review.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(questionnaireXlsx()),
        })
        await page.setInputFiles('input[name=evidence]', {
          name: 'security-policy.md',
          mimeType: 'text/markdown',
          buffer: Buffer.from(evidenceMd()),
        })
        const submit = page.getByRole('button', { name: /Process with AI/ })
        if (javaScriptEnabled) {
          await page.getByText('security-policy.md').waitFor()
          expect(await submit.textContent()).toBe('Process with AI (1 evidence files)')
        }
        await submit.click()

        await page.getByRole('heading', { name: 'Processing Your Security Questionnaire' }).waitFor()
        const jobId = /\/jobs\/([a-z0-9]+)/.exec(page.url())![1]!
        await page.getByText(`Job ${jobId} created successfully. Processing 1 evidence files.`).waitFor()
        expect(await page.getByTestId('stage-label').textContent()).toBe('Analyzing questionnaire structure')

        // The page polls (revalidation with JS, meta refresh without) and turns into the result by itself.
        worker = await startWorker({ connectionString: db.url, concurrency: 1, pollInterval: 200 })
        await page.getByRole('heading', { name: 'Processing Complete!' }).waitFor({ timeout: 20_000 })
        await page.getByText(`Job ${jobId} processed successfully with 1 evidence files`).waitFor()
        expect(await page.getByTestId('files-available').textContent()).toMatch(/Files available for: (1h 0m|0h 59m)/)
        const evidence = page.getByRole('list', { name: 'Evidence files' })
        await evidence.getByText('security-policy.md').waitFor()
        expect(await evidence.textContent()).toMatch(/\d+ characters of text/)

        const [xlsxDownload] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download Spreadsheet' }).click(),
        ])
        expect(xlsxDownload.suggestedFilename()).toBe(`questionnaire-${jobId}.xlsx`)
        const xlsx = new Uint8Array(await readFile((await xlsxDownload.path())!))
        expect(sheetNames(xlsx)).toEqual(['Questions', 'Instructions', '_SUMMARY'])
        const rows = readSheet(xlsx, 'Questions')
        const header = rows.findIndex((r) => r[1] === 'Question')
        const answered = rows.slice(header + 1).filter((r) => r[1])
        expect(answered).toHaveLength(4)
        // The evidence answers three questions; the fourth (own data centres) it is silent on: left empty for the user.
        for (const row of answered.filter((r) => r[0] !== 'PH-1')) expect(['Yes', 'No', 'N/A']).toContain(row[2])
        const silent = answered.find((r) => r[0] === 'PH-1')!
        expect(silent[2] ?? '').toBe('')
        expect(silent[3]).toBe('No evidence found in the uploaded files: needs your answer')
        const mfa = answered.find((r) => r[0] === 'AC-1')!
        expect(mfa[3]).toContain('security-policy.md')

        const [pdfDownload] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download Report' }).click(),
        ])
        expect(pdfDownload.suggestedFilename()).toBe(`questionnaire-${jobId}.pdf`)
        expect((await readFile((await pdfDownload.path())!)).subarray(0, 5).toString()).toBe('%PDF-')
      } finally {
        await worker?.stop()
        await context.close()
      }
    })
  }
})
