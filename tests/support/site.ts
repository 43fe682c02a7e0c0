import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

export const SCREEN_DIR = path.join(projectRoot(), 'test-results', 'screens')
export const WIDTHS = [1280, 390] as const

/** Full-page screenshots of the current page at desktop and phone width, saved as test-results/screens/{name}-{width}.png. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SCREEN_DIR, { recursive: true })
  const original = page.viewportSize()
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({
      path: path.join(SCREEN_DIR, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    })
  }
  if (original) await page.setViewportSize(original)
}

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** Runs axe-core (from node_modules) in the page; fails on any serious or critical violation, listing them. */
export async function expectNoSeriousAxeViolations(page: Page, label: string) {
  await page.addScriptTag({ path: path.join(projectRoot(), 'node_modules/axe-core/axe.min.js') })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }))
  })
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([])
}

/** Enters an access token on /upload (terms ticked), leaving the browser with a session. */
export async function signIn(page: Page, baseUrl: string, token: string) {
  await page.goto(`${baseUrl}/upload?token=${encodeURIComponent(token)}`)
  await page.getByLabel('I agree to the Terms of Service').check()
  await page.getByRole('button', { name: 'Access Upload' }).click()
  await page.getByRole('heading', { name: 'Upload Your Files' }).waitFor()
}
