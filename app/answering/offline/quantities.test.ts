import { describe, expect, it } from 'vitest'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { OfflineEngine } from './engine'
import { quantitiesIn, requirementOf, unmetRequirement } from './quantities'

describe('quantities', () => {
  it('reads how long, how often and how many characters, each as its kind', () => {
    expect(quantitiesIn('Backups are taken every 6 hours and kept for 35 days.').map((q) => [q.kind, q.text])).toEqual([
      ['period', '6 hours'],
      ['duration', '35 days'],
    ])
    expect(quantitiesIn('Reviews run quarterly; passwords have at least 8 characters.').map((q) => q.kind)).toEqual([
      'period',
      'characters',
    ])
  })

  it('reads a number a contract writes twice ("twenty-four (24) hours") as its figure', () => {
    expect(quantitiesIn('a recovery point objective of twenty-four (24) hours').map((q) => q.value)).toEqual([24 * 60])
    // Of two clauses, the one that says more of the question's own words, each word once.
    expect(
      unmetRequirement(
        'Is your recovery point objective (RPO) one hour or less?',
        'Recovery objectives for the kiosks are a recovery time objective (RTO) of twelve (12) hours and a recovery point objective (RPO) of twenty-four (24) hours.',
      ),
    ).toEqual({ required: 'at most one hour', stated: '24 hours' })
    // A footnote mark after a unit is no figure of it: "7 days (2)" is seven days.
    expect(quantitiesIn('till patches within 7 days (2)').map((q) => q.value)).toEqual([7 * 24 * 60])
    expect(quantitiesIn('one hundred (100) days').map((q) => q.value)).toEqual([100 * 24 * 60])
  })

  it('reads a frequency however it is written, each period once', () => {
    const period = (text: string) =>
      quantitiesIn(text)
        .filter((q) => q.kind === 'period')
        .map((q) => [q.text, q.value / (60 * 24)])
    expect(period('Plans are tested semi-annually.')).toEqual([['semi-annually', 365 / 2]])
    expect(period('Plans are tested Semi Annually.')).toEqual([['Semi Annually', 365 / 2]])
    expect(period('Reviews happen twice a year and access is logged in real time.')).toEqual([
      ['real time', 0],
      ['twice a year', 365 / 2],
    ])
    expect(period('Scans run every week, and daily and nightly jobs back up data once a day.')).toEqual([
      ['daily', 1],
      ['every week', 7],
    ])
    // Words that only look like a table's keys are not frequencies.
    expect(period('The constructor of the annual-report toString.')).toEqual([['annual', 365]])
    // A calendar year, a count of times, a count of runs in a unit: each one period, its unit no duration of its own.
    expect(period('The till audit is repeated every calendar year.')).toEqual([['every calendar year', 365]])
    expect(period('Till backups are tested three times a year.')).toEqual([['three times a year', 365 / 3]])
    expect(period('The kiosk policy requires two recovery drills each year.')).toEqual([
      ['two recovery drills each year', 365 / 2],
    ])
    expect(quantitiesIn('The till plan is exercised once a year.').map((q) => q.kind)).toEqual(['period'])
    expect(requirementOf('Is the till plan exercised at least once a year?')).toMatchObject({ kind: 'period' })
  })

  it('reads what a question requires, and which way', () => {
    expect(requirementOf('Are audit logs retained for at least one year?')).toMatchObject({
      kind: 'duration',
      atLeast: true,
    })
    expect(requirementOf('Are security patches applied within 14 days?')).toMatchObject({
      kind: 'duration',
      atLeast: false,
    })
    expect(requirementOf('Do sessions time out after 15 minutes or less?')).toMatchObject({ atLeast: false })
    // "no less than" is at least, though it holds "less than".
    expect(requirementOf('Are till logs kept for no less than 12 months?')).toMatchObject({ atLeast: true })
    expect(requirementOf('Are till logs kept for not less than 12 months?')).toMatchObject({ atLeast: true })
    expect(requirementOf('Are till sessions closed after less than 15 minutes?')).toMatchObject({ atLeast: false })
    expect(requirementOf('Do you test the plan at least annually?')).toMatchObject({ kind: 'period', atLeast: false })
    // No direction for a duration, or two quantities: nothing required that a sentence could miss.
    expect(requirementOf('Are logs retained for one year?')).toBeUndefined()
    expect(requirementOf('Are logs kept for 90 days and reviewed weekly?')).toBeUndefined()
    // Of two, the one a direction is given for: "nightly" says which backups, "at least one year" what is required.
    expect(requirementOf('Are nightly ledger snapshots retained for at least one year?')).toMatchObject({
      kind: 'duration',
      atLeast: true,
      text: 'one year',
    })
    // "longer than", "more than": at least; "no more than": at most.
    expect(requirementOf('Are ledger snapshots kept for longer than 90 days?')).toMatchObject({ atLeast: true })
    expect(requirementOf('Are ledger snapshots kept for no more than 90 days?')).toMatchObject({ atLeast: false })
    // Of two clauses, the one whose words before its quantity name what the question measures.
    expect(
      unmetRequirement(
        'Is the recovery time objective for the kiosk portal four hours or less?',
        'It sets a recovery time objective of eight hours and a recovery point objective of one hour for the portal.',
      ),
    ).toEqual({ required: 'at most four hours', stated: 'eight hours' })
    const snapshots = 'Are nightly ledger snapshots retained for at least one year?'
    expect(unmetRequirement(snapshots, 'Ledger snapshots are kept for 30 days.')).toEqual({
      required: 'at least one year',
      stated: '30 days',
    })
  })

  it('finds the requirement a sentence misses, and only that', () => {
    const asked = 'Are audit logs retained for at least one year?'
    expect(unmetRequirement(asked, 'Audit logs are retained for 90 days.')).toEqual({
      required: 'at least one year',
      stated: '90 days',
    })
    expect(unmetRequirement(asked, 'Audit logs are retained for 12 months.')).toBeUndefined()
    // Of two quantities in clauses of their own, the one stated of what the question asks.
    const target = 'Is the kiosk restore target 2 hours or less?'
    const both = 'The kiosk restore target is 8 hours and the ledger copy target is 1 hour.'
    expect(unmetRequirement(target, both)).toEqual({ required: 'at most 2 hours', stated: '8 hours' })
    expect(unmetRequirement('Is the ledger copy target 4 hours or less?', both)).toBeUndefined()
    expect(unmetRequirement(asked, 'Audit logs are retained and reviewed weekly.')).toBeUndefined()
    expect(unmetRequirement('Do you run penetration tests at least annually?', 'Tests run every two years.')).toEqual({
      required: 'at least annually',
      stated: 'two years',
    })
    expect(unmetRequirement('Do you run penetration tests at least annually?', 'Tests run quarterly.')).toBeUndefined()
    expect(
      unmetRequirement('Are critical patches applied within 14 days?', 'They are applied within 30 days.'),
    ).toEqual({
      required: 'at most 14 days',
      stated: '30 days',
    })
  })

  it('answer No, flagged with both quantities, when the practice misses the requirement', async () => {
    const policy = evidenceDoc('policy.md', [
      'Audit logs are retained for 90 days.',
      'Backups are retained for 2 years.',
      'Access reviews are performed annually.',
    ])
    const [logs, backups, reviews] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([
        yesNoQuestion('Are audit logs retained for at least one year?'),
        yesNoQuestion('Are backups retained for at least one year?'),
        yesNoQuestion('Are access reviews performed at least quarterly?'),
      ]),
      [policy],
    )
    expect(logs).toMatchObject({ label: 'NO', flagged: true, rule: 'negation' })
    expect(logs!.reasons).toContain('the evidence states 90 days; the question asks for at least one year: confirm it')
    expect(backups).toMatchObject({ label: 'YES' })
    expect(reviews).toMatchObject({ label: 'NO', flagged: true })
  })
})
