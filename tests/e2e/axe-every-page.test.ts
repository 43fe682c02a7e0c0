import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { startWorker } from '../../jobs/worker.server'
import { waitFor } from '../support/wait'
import { useTestDatabase } from '../setup/database'
import { browserAvailable } from '../support/browser'
import { useSiteInBrowser } from '../support/site-browser'
import { evidenceMd } from '../support/files'
import { reviewQuestionnaireXlsx } from '../support/review'
import { expectNoSeriousAxeViolations, signIn } from '../support/site'

const db = useTestDatabase()

/**
 * axe-core on every route of the site with JavaScript on, in every state a user meets (signed out and in, each
 * job state, the review with each filter, open dialogs): no serious or critical violation anywhere.
 */
describe.skipIf(!browserAvailable())('axe on every page', () => {
  const site = useSiteInBrowser(db)

  async function check(page: Page, path: string, ready: () => Promise<unknown>) {
    const response = await page.goto(`${site.server.url}${path}`)
    // 503 is the page that says payments are not configured; a 500 would be a crash.
    expect(response?.status(), path).not.toBe(500)
    await ready()
    await expectNoSeriousAxeViolations(page, path)
  }

  it('finds no serious violation on any route, signed out or in, in any state', { timeout: 300_000 }, async () => {
    // bypassCSP only lets axe's script be injected; the pages are served as in production.
    const context = await site.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const heading = (name: string | RegExp) => () => page.getByRole('heading', { level: 1, name }).first().waitFor()
    try {
      // Signed out.
      for (const [path, title] of [
        ['/', 'Security questionnaires, answered from your own evidence'],
        ['/help', 'Help Center'],
        ['/security', 'Security & Compliance'],
        ['/privacy', 'Privacy Policy'],
        ['/governing-law', 'Governing Law & Disputes'],
        ['/legal', 'Terms, Privacy and Governing Law'],
        ['/api-docs', 'QFill API'],
        ['/status', 'QFill service status'],
        ['/payment-help', /./],
        ['/token', /./],
        ['/upload', /./],
        ['/token-status', 'Token Status'],
        ['/checkout', 'Invalid Checkout'],
        ['/checkout?plan=pro', 'Checkout Error'],
        ['/success?session_id=cs_test_abcdef123', /./],
        ['/?payment=success&questionnaire=abc', 'Security questionnaires, answered from your own evidence'],
        ['/no-such-page', 'Page Not Found'],
      ] as const)
        await check(page, path, heading(title))
      await page.goto(`${site.server.url}/#trial`)
      await page.getByLabel('Work email').fill('someone@gmail.com')
      await page.getByRole('button', { name: 'Start Free Trial' }).click()
      await page.getByRole('dialog', { name: 'Corporate email required' }).waitFor()
      await expectNoSeriousAxeViolations(page, '/ (corporate-e-mail dialog)')

      // Signed in, with a job in each state.
      const { token, row } = await createToken(db.sql, { plan: 'pro', email: 'axe@acme.example' })
      const job = () =>
        createAnswerJob(db.sql, services().store, {
          tokenId: row.id,
          questionnaire: { name: 'vendor.xlsx', bytes: reviewQuestionnaireXlsx() },
          evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
        }).then((j) => j.jobId)
      const queued = await job()
      const failed = await job()
      await db.sql`update jobs set status = 'failed', error_code = 'questionnaire_unreadable',
            error_params = ${db.sql.json({ detail: 'The questionnaire has no question column.' })} where id = ${failed}`
      await signIn(page, site.server.url, token)
      await expectNoSeriousAxeViolations(page, '/upload (signed in, worker down)')
      await check(page, `/jobs/${queued}`, heading('Processing Your Security Questionnaire'))
      await check(page, `/jobs/${failed}`, heading('Processing Failed'))
      await check(page, `/questionnaire/${queued}`, heading(/AI Processing Your Questionnaire/))
      await check(page, `/checkout/${queued}`, heading('Order Summary'))
      const done = await job()
      site.worker = await startWorker({ connectionString: db.url, concurrency: 1, pollInterval: 100 })
      await waitFor('the job to complete', async () => {
        const [r] = await db.sql<{ status: string }[]>`select status from jobs where id = ${done}`
        return r?.status === 'completed'
      })
      await check(page, `/jobs/${done}`, heading('Processing Complete!'))
      await check(page, `/jobs/${done}?confirm-delete=1`, () =>
        page.getByRole('alertdialog', { name: 'Delete Files Immediately?' }).waitFor(),
      )
      for (const filter of ['needs', 'flagged', 'all'])
        await check(page, `/jobs/${done}/review?filter=${filter}`, heading('Review Answers'))
      await check(page, '/token-status', heading('Token Status'))
      await check(page, `/token-status?confirm=${done}`, () =>
        page.getByRole('alertdialog', { name: 'Delete Questionnaire?' }).waitFor(),
      )
      await check(page, '/token?view=previous', () =>
        page.getByRole('heading', { name: 'Previous Questionnaires' }).waitFor(),
      )
      await check(page, `/?payment=success&questionnaire=${done}`, () =>
        page.getByTestId('payment-confirmation').waitFor(),
      )

      // Another browser, without this session.
      const stranger = await site.browser.newPage({ bypassCSP: true })
      await stranger.goto(`${site.server.url}/jobs/${done}`)
      await stranger.getByRole('heading', { name: 'Open this job with your access token' }).waitFor()
      await expectNoSeriousAxeViolations(stranger, '/jobs (elsewhere)')
      await stranger.close()
    } finally {
      await context.close()
    }
  })
})
