import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { extractEvidence } from '../../evidence/extract.server'
import { compounds } from '../retrieval/terms'
import { OfflineEngine } from './engine'

/** Three of Sourcegraph's published policies (tests/fixtures/open, CC BY-SA 4.0): what a user would upload. */
const POLICIES = [
  'policies/access-control-policy.md',
  'security/cryptography-policy.md',
  'policies/business-continuity-policy.md',
].map((file) => ({
  name: path.basename(file),
  bytes: readFileSync(path.resolve(__dirname, '../../../tests/fixtures/open/sourcegraph-handbook', file)),
}))

describe('compound heads (rule compound-head)', () => {
  it('reads a hyphenated word as a kind of its last part', () => {
    expect(compounds('full-time staff, host-level scans, re-test and e-mail')).toEqual([
      { head: 'time', modifiers: ['full'] },
      { head: 'level', modifiers: ['host'] },
    ])
  })

  it('does not answer from a sentence that shares the question only through a compound head', async () => {
    const [sync, hostLevel] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([
        yesNoQuestion('Do you sync data to a different site in near real time?'),
        yesNoQuestion('Are all of the systems used in this project scanned for host-level vulnerabilities?'),
      ]),
      await extractEvidence(POLICIES),
    )
    // Before: Yes at 0.97 from "... all Sourcegraph full-time teammates, interns, and temporary contractors".
    expect(sync!.rules).toContain('compound-head')
    expect(sync!.citations.map((c) => c.quote).join(' ')).not.toMatch(/full-time/)
    expect(sync!.confidence).toBeLessThan(0.85)
    // Before: Yes at 0.89 from "Users with multiple levels of access (e.g. administrators) should be given ...".
    expect(hostLevel).toMatchObject({ label: null, rule: 'no-evidence' })
    expect(hostLevel!.rules).toContain('compound-head')
  })
})
