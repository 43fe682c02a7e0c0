import { describe, expect, it } from 'vitest'
import { questionnaireOf, yesNoQuestion } from '../../tests/support/answering'
import { extractEvidence } from '../evidence/extract.server'
import { finalizeAnswers } from './contract'
import { confidencePercent, type Answer } from './model'

describe('the percent shown for a confidence', () => {
  it('rounds down, so an answer below the threshold never shows the threshold', () => {
    expect(confidencePercent(0.849)).toBe(84)
    expect(confidencePercent(0.85)).toBe(85)
    // Binary fractions just under a whole percent (0.29 * 100 = 28.999...) are that percent.
    expect(confidencePercent(0.29)).toBe(29)
    expect(confidencePercent(0.97)).toBe(97)
  })

  it('says "84 % is below 85 %" for an answer at 0.849, not "85 % is below 85 %" (rule low-confidence)', async () => {
    const quote = 'Backups are encrypted with keys held in a managed key service.'
    const evidence = await extractEvidence([
      { name: 'backup.md', bytes: new TextEncoder().encode(`# Backups\n\n${quote}\n`) },
    ])
    const questionnaire = questionnaireOf([yesNoQuestion('Are backups encrypted?')])
    const raw: Answer = {
      key: questionnaire.questions[0]!.key,
      label: 'YES',
      text: 'Yes.',
      confidence: 0.849,
      citations: [{ file: 'backup.md', location: 'Backups', quote }],
      flagged: false,
      reasons: [],
      rule: 'evidence-yes',
    }
    const [answer] = finalizeAnswers(questionnaire, [raw], evidence)
    expect(answer!.flagged).toBe(true)
    expect(answer!.reasons).toEqual(['confidence 84 % is below 85 %'])
  })
})
