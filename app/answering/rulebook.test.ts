import { describe, expect, it } from 'vitest'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../tests/support/answering'
import { RULE_NAMES } from './model'
import { OfflineEngine } from './offline/engine'
import { RULES, tableProblems } from './rulebook'

describe('the rules table', () => {
  it('names every rule once, each with a reason', () => {
    expect(tableProblems()).toEqual({ missing: [], twice: [] })
    expect(RULES.length).toBe(RULE_NAMES.length)
    for (const rule of RULES) expect(rule.reason.length, rule.name).toBeGreaterThan(20)
  })

  it("records the deciding rule on every answer, and it is the last of the engine's own decisions", async () => {
    const policy = evidenceDoc('policy.pdf', [
      'All employees must use multi-factor authentication on every company account.',
      'Customer data is not encrypted at rest.',
    ])
    const answers = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([
        yesNoQuestion('Do employees use multi-factor authentication?'),
        yesNoQuestion('Is customer data encrypted at rest?'),
        yesNoQuestion('Do you run a bug bounty programme?'),
        yesNoQuestion('Do you have any other comments?'),
      ]),
      [policy],
    )
    expect(answers.map((a) => a.rule)).toEqual(['evidence-yes', 'negation', 'no-evidence', 'asks-for-remarks'])
    for (const a of answers) expect(a.rules).toContain(a.rule)
  })
})
