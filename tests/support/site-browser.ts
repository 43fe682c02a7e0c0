import type { Runner } from 'graphile-worker'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { TestDatabase } from '../setup/database'
import { launchBrowser } from './browser'
import { startServer, type TestServer } from './server'

export interface SiteInBrowser {
  server: TestServer
  browser: Browser
  /** Set by a test that needs completed jobs; stopped with the rest. */
  worker?: Runner
}

/**
 * The site and Chromium for one describe block: the server starts with no worker, so pages show what a user meets
 * while processing is paused; a test that needs completed jobs starts one (`site.worker = await startWorker(...)`).
 * Everything stops after the block.
 */
export function useSiteInBrowser(db: TestDatabase): SiteInBrowser {
  const site = {} as SiteInBrowser
  beforeAll(async () => {
    site.server = await startServer({ databaseUrl: db.url, worker: false })
    site.browser = await launchBrowser()
  })
  afterAll(async () => {
    await site.worker?.stop()
    await site.browser?.close()
    await site.server?.stop()
  })
  return site
}
