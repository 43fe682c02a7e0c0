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

/** A context or page that waits PAGE_TIMEOUT_MS for what a test asks of it. */
function patient<T extends { setDefaultTimeout(ms: number): void; setDefaultNavigationTimeout(ms: number): void }>(
  target: T,
): T {
  target.setDefaultTimeout(PAGE_TIMEOUT_MS)
  target.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS)
  return target
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await launch()
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => patient(await newContext(options))
  const newPage = browser.newPage.bind(browser)
  browser.newPage = async (options) => patient(await newPage(options))
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
