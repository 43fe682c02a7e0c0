import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Whether end-to-end tests can run; CI sets QFILL_REQUIRE_E2E=1 so a missing browser fails instead of skipping. */
export function browserAvailable(): boolean {
  const available = existsSync(CHROMIUM)
  if (!available) {
    if (process.env.QFILL_REQUIRE_E2E === '1') throw new Error(`QFILL_REQUIRE_E2E=1 but no Chromium at ${CHROMIUM}`)
    console.warn(
      `End-to-end tests skipped: no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH).`,
    )
  }
  return available
}

/**
 * How long a page may take to show what a test waits for: Playwright's 30 s default is too short on a machine busy
 * with other work (issue 20); a test that really hangs still ends, with the locator it waited for.
 */
export const PAGE_TIMEOUT_MS = 90_000

export async function launchBrowser(): Promise<Browser> {
  const browser = await launch()
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    context.setDefaultTimeout(PAGE_TIMEOUT_MS)
    context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS)
    return context
  }
  const newPage = browser.newPage.bind(browser)
  browser.newPage = async (options) => {
    const page = await newPage(options)
    page.setDefaultTimeout(PAGE_TIMEOUT_MS)
    page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS)
    return page
  }
  return browser
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium keeps trying to reach Google on this closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}
