import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { startWorker } from '../../jobs/worker.server'
import { useTestDatabase } from '../setup/database'
import { browserAvailable } from '../support/browser'
import { useSiteInBrowser } from '../support/site-browser'
import { evidenceMd, questionnaireXlsx } from '../support/files'
import { signIn } from '../support/site'

const db = useTestDatabase()

/** Issue 15's "Smaller:" list and /checkout/{id}, each in Chromium with JavaScript on and off. */
describe.skipIf(!browserAvailable())('the seams of the site, in Chromium', () => {
  const site = useSiteInBrowser(db)

  async function session(javaScriptEnabled: boolean, plan: 'trial' | 'pro' = 'pro') {
    const { token, row } = await createToken(db.sql, { plan, email: `seams-${plan}@acme.example` })
    const context = await site.browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signIn(page, site.server.url, token)
    return { context, page, token, tokenId: row.id }
  }

  const newJob = (tokenId: number, name = 'vendor.xlsx') =>
    createAnswerJob(db.sql, services().store, {
      tokenId,
      questionnaire: { name, bytes: questionnaireXlsx() },
      evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
    }).then((j) => j.jobId)

  async function completed(jobId: string) {
    if (!site.worker) {
      // Jobs queued by the tests before have served their purpose: the worker starts on this one, not a backlog.
      await db.sql`select graphile_worker.remove_job('answer:' || id) from jobs where id <> ${jobId} and status in ('queued', 'processing')`
      site.worker = await startWorker({ connectionString: db.url, concurrency: 1, pollInterval: 100 })
    }
    // Generous: each job runs in its own child process, slow to start on a busy machine.
    for (const until = Date.now() + 120_000; Date.now() < until;) {
      const [row] = await db.sql<{ status: string }[]>`select status from jobs where id = ${jobId}`
      if (row?.status === 'completed') return jobId
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`job ${jobId} did not complete`)
  }

  const activeInDialog = (page: Page) =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog], [role=alertdialog]')))

  // First, with no worker anywhere: the warnings, then what needs jobs to stay where the test puts them.
  for (const javaScriptEnabled of [true, false]) {
    const js = javaScriptEnabled ? 'on' : 'off'

    it(`the upload warns before anything is spent when no worker runs, and a queued job says why it waits (JavaScript ${js})`, async () => {
      const { context, page, tokenId } = await session(javaScriptEnabled)
      try {
        await page.getByTestId('worker-down').getByText('Processing is paused right now').waitFor()
        expect(await page.getByTestId('worker-down').textContent()).toContain('still uses one questionnaire')
        const jobId = await newJob(tokenId)
        await page.goto(`${site.server.url}/jobs/${jobId}`)
        await page.getByTestId('worker-down').getByText('safe in the queue').waitFor()
      } finally {
        await context.close()
      }
    })
  }

  for (const javaScriptEnabled of [true, false]) {
    const js = javaScriptEnabled ? 'on' : 'off'

    it(`progress shows each stage label the worker reaches (JavaScript ${js})`, async () => {
      const { context, page, tokenId } = await session(javaScriptEnabled)
      try {
        const jobId = await newJob(tokenId)
        await page.goto(`${site.server.url}/jobs/${jobId}`)
        const label = page.getByTestId('stage-label')
        expect(await label.textContent()).toBe('Analyzing questionnaire structure')
        for (const [stage, processed, expected] of [
          ['reading evidence', 0, 'Reading evidence documents'],
          ['answering', 1, 'Matching evidence to questions'],
          ['answering', 3, 'Generating professional answers'],
          ['writing', 4, 'Finalizing compliance report'],
        ] as const) {
          await db.sql`update jobs set status = 'processing', stage = ${stage}, processed = ${processed}, total = 4 where id = ${jobId}`
          // With JavaScript the page polls; without, its meta refresh reloads it: reload stands in for the wait.
          if (!javaScriptEnabled) await page.reload()
          await label.getByText(expected, { exact: true }).waitFor({ timeout: 15_000 })
        }
      } finally {
        await context.close()
      }
    })

    it(`no green "Processing Started" toast over a job that failed (JavaScript ${js})`, async () => {
      const { context, page } = await session(javaScriptEnabled)
      try {
        // The job fails before its page is shown: it is marked failed as the browser follows the redirect.
        await page.route(/\/jobs\/[a-z0-9]{16,64}(\.data)?(\?.*)?$/, async (route) => {
          const id = /\/jobs\/([a-z0-9]+)/.exec(route.request().url())![1]!
          await db.sql`update jobs set status = 'failed', error_code = 'questionnaire_unreadable',
            error_params = ${db.sql.json({ detail: 'The questionnaire has no question column.' })} where id = ${id}`
          await route.continue()
        })
        await page.goto(`${site.server.url}/upload`)
        await page.setInputFiles('input[name=questionnaire]', {
          name: 'broken.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(questionnaireXlsx()),
        })
        await page.getByRole('button', { name: /Process with AI/ }).click()
        await page.getByRole('heading', { name: 'Processing Failed' }).waitFor()
        expect(await page.getByText(/created successfully/).count()).toBe(0)
        expect(await page.getByTestId('toast').count()).toBe(0)
      } finally {
        await context.close()
      }
    })

    it(`the upload panel sends the questionnaire, the library slot's files and the product under the interface's names (JavaScript ${js})`, async () => {
      const { context, page } = await session(javaScriptEnabled)
      try {
        await page.getByText('Step 2: Earlier answered questionnaires (your answer library)').waitFor()
        await page.setInputFiles('input[name=questionnaire]', {
          name: 'this-year.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(questionnaireXlsx()),
        })
        await page.setInputFiles('input[name=library]', {
          name: 'last-year.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(questionnaireXlsx()),
        })
        await page.getByLabel('Product (optional)').fill('Acme Cloud')
        if (javaScriptEnabled) {
          await page.getByRole('list', { name: 'Chosen library files' }).getByText('last-year.xlsx').waitFor()
          expect(await page.getByRole('button', { name: /Process with AI/ }).textContent()).toBe(
            'Process with AI (0 evidence files, 1 library file)',
          )
        }
        // What the form sends: the browser builds the request from exactly these entries.
        const sent = await page.evaluate(() =>
          [...new FormData(document.querySelector<HTMLFormElement>('form[enctype="multipart/form-data"]')!)].map(
            ([name, v]) => [name, typeof v === 'string' ? v : v.name],
          ),
        )
        expect(sent).toEqual(
          expect.arrayContaining([
            ['questionnaire', 'this-year.xlsx'],
            ['library', 'last-year.xlsx'],
            ['product', 'Acme Cloud'],
          ]),
        )
        await page.getByRole('button', { name: /Process with AI/ }).click()
        await page.getByRole('heading', { name: 'Processing Your Security Questionnaire' }).waitFor()
        // The server took the library file (in this branch it is read with the evidence; ADR 025 notes).
        const jobId = /\/jobs\/([a-z0-9]+)/.exec(page.url())![1]!
        const stored = await db.sql<{ name: string }[]>`select name from files where job_id = ${jobId} order by name`
        expect(stored.map((f) => f.name)).toEqual(expect.arrayContaining(['last-year.xlsx', 'this-year.xlsx']))
      } finally {
        await context.close()
      }
    })

    it(`/checkout/{id} shows the order; an unknown id says it could not be loaded (JavaScript ${js})`, async () => {
      const { context, page, tokenId } = await session(javaScriptEnabled)
      try {
        const jobId = await newJob(tokenId, 'annual-review.xlsx')
        const response = await page.goto(`${site.server.url}/checkout/${jobId}`)
        expect(response?.status()).toBe(200)
        await page.getByRole('heading', { name: 'Order Summary' }).waitFor()
        expect(await page.locator('dl').first().textContent()).toMatch(/annual-review\.xlsx.*Pay per use\$49\.00/)
        expect(await page.getByText('Invalid Checkout').count()).toBe(0)
        expect((await page.goto(`${site.server.url}/checkout/unknownjobid000000000000`))?.status()).toBe(404)
        await page.getByRole('heading', { name: 'Questionnaire Not Found' }).waitFor()
        await page.getByText('The questionnaire could not be loaded.').waitFor()
      } finally {
        await context.close()
      }
    })

    it(`/?payment=success&questionnaire={id} claims success only for a payment our records confirm (JavaScript ${js})`, async () => {
      const { context, page, tokenId } = await session(javaScriptEnabled)
      try {
        await page.goto(`${site.server.url}/?payment=success&questionnaire=abc`)
        await page.getByTestId('payment-confirmation').getByText('Payment not confirmed').waitFor()
        expect(await page.getByText('Payment Successful!').count()).toBe(0)
        const jobId = await newJob(tokenId, 'paid.xlsx')
        // What Stripe's webhook records for a per-questionnaire payment (billing/webhook.server.ts).
        await db.sql`insert into questionnaire_payments (payment_intent_id, job_id, amount, currency) values (${`pi_${jobId}`}, ${jobId}, 4900, 'usd')`
        await page.goto(`${site.server.url}/?payment=success&questionnaire=${jobId}`)
        await page.getByTestId('payment-confirmation').getByText('Confirming your payment').waitFor()
        await db.sql`update questionnaire_payments set paid_at = now() where job_id = ${jobId}`
        await page.goto(`${site.server.url}/?payment=success&questionnaire=${jobId}`)
        await page.getByTestId('payment-confirmation').getByText('Payment Successful!').waitFor()
        expect(await page.getByTestId('payment-confirmation').textContent()).toContain('paid.xlsx')
      } finally {
        await context.close()
      }
    })
  }

  // From here a worker runs in the test process, for the completed jobs these need.
  for (const javaScriptEnabled of [true, false]) {
    const js = javaScriptEnabled ? 'on' : 'off'

    it(
      `an exhausted token after "Process Another Document" gets the exhausted notice, not file pickers (JavaScript ${js})`,
      { timeout: 240_000 },
      async () => {
        const { context, page, tokenId } = await session(javaScriptEnabled, 'trial')
        try {
          const jobId = await completed(await newJob(tokenId))
          await newJob(tokenId) // the trial's second and last questionnaire
          await page.goto(`${site.server.url}/jobs/${jobId}`)
          await page.getByRole('link', { name: 'Process Another Document' }).click()
          await page
            .getByTestId('quota-notice')
            .getByText('Token quota exhausted. Purchase a plan to continue.')
            .waitFor()
          expect(await page.locator('input[type=file]').count()).toBe(0)
          expect(await page.getByText('0 questionnaires remaining').count()).toBe(1)
        } finally {
          await context.close()
        }
      },
    )

    it(
      `a job deleted with "Delete Files Now" is listed as deleted, not expired; the no-JavaScript dialog is one Tab away (JavaScript ${js})`,
      { timeout: 240_000 },
      async () => {
        const { context, page, tokenId } = await session(javaScriptEnabled)
        try {
          const jobId = await completed(await newJob(tokenId, 'deleted-early.xlsx'))
          await page.goto(`${site.server.url}/jobs/${jobId}`)
          await page.getByRole('link', { name: 'Delete Files Now' }).click()
          await page.getByRole('alertdialog', { name: 'Delete Files Immediately?' }).waitFor()
          if (!javaScriptEnabled) await page.keyboard.press('Tab')
          expect(await activeInDialog(page)).toBe(true)
          await page.getByRole('button', { name: 'Delete Files' }).click()
          await page.getByText('Files have been permanently deleted', { exact: true }).waitFor()
          await page.goto(`${site.server.url}/token-status`)
          // The session's token has this one job. The purge may already have cleared its name (it runs every minute
          // in the server's worker), so the row is found by what it says of the files.
          const item = page
            .getByTestId('questionnaire-expired')
            .filter({ hasText: 'Files were deleted at your request.' })
          expect(await item.textContent()).toMatch(/deleted-early\.xlsx|Name removed with the files/)
          expect(await item.textContent()).not.toContain('1-hour security policy')
        } finally {
          await context.close()
        }
      },
    )
  }

  it(
    'dialogs trap focus and close on Escape: the corporate-e-mail dialog and the /token-status delete confirmation (JavaScript)',
    { timeout: 240_000 },
    async () => {
      const { context, page, tokenId } = await session(true)
      try {
        await page.goto(`${site.server.url}/#trial`)
        await page.getByLabel('Work email').fill('someone@gmail.com')
        await page.getByRole('button', { name: 'Start Free Trial' }).click()
        const corporate = page.getByRole('dialog', { name: 'Corporate email required' })
        await corporate.waitFor()
        for (let i = 0; i < 3; i++) {
          expect(await activeInDialog(page)).toBe(true)
          await page.keyboard.press('Tab')
        }
        await page.keyboard.press('Escape')
        await corporate.waitFor({ state: 'detached' })
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('trial-email')

        await completed(await newJob(tokenId, 'to-delete.xlsx'))
        await page.goto(`${site.server.url}/token-status`)
        await page
          .getByTestId('questionnaire-active')
          .filter({ hasText: 'to-delete.xlsx' })
          .getByRole('link', { name: 'Delete' })
          .click()
        const confirm = page.getByRole('alertdialog', { name: 'Delete Questionnaire?' })
        await confirm.waitFor()
        expect(await confirm.textContent()).toContain('Are you sure you want to delete this questionnaire?')
        for (let i = 0; i < 3; i++) {
          expect(await activeInDialog(page)).toBe(true)
          await page.keyboard.press('Shift+Tab')
        }
        await page.keyboard.press('Escape')
        await confirm.waitFor({ state: 'detached' })
        expect(await page.getByTestId('questionnaire-active').filter({ hasText: 'to-delete.xlsx' }).count()).toBe(1)
      } finally {
        await context.close()
      }
    },
  )

  it('/token-status without JavaScript: the delete confirmation is one Tab away', { timeout: 240_000 }, async () => {
    const { context, page, tokenId } = await session(false)
    try {
      await completed(await newJob(tokenId, 'nojs-delete.xlsx'))
      await page.goto(`${site.server.url}/token-status`)
      await page
        .getByTestId('questionnaire-active')
        .filter({ hasText: 'nojs-delete.xlsx' })
        .getByRole('link', { name: 'Delete' })
        .click()
      await page.getByRole('alertdialog', { name: 'Delete Questionnaire?' }).waitFor()
      await page.keyboard.press('Tab')
      expect(await activeInDialog(page)).toBe(true)
      await page.getByRole('button', { name: 'Delete Questionnaire' }).click()
      await page.getByText('The questionnaire files have been deleted successfully.').waitFor()
    } finally {
      await context.close()
    }
  })
})
