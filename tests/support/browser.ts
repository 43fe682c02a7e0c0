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

export function launchBrowser(): Promise<Browser> {
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
