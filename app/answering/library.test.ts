import { describe, expect, it } from 'vitest'
import { evidenceIndex, enforceVerbatim } from './citations'
import type { LibraryEntry } from '../evidence/model'
import { yesNoQuestion } from '../../tests/support/answering'
import { EarlierAnswers, SIMILAR_REASON } from './library'
import { subjectsOf } from './library-text'

const entry = (question: string, answer: string, extra: Partial<LibraryEntry> = {}): LibraryEntry => ({
  file: 'earlier.xlsx',
  location: 'Sheet1!C2',
  question,
  answer,
  kind: 'HECVAT Full 3.04',
  ...extra,
})

describe('answer library matching', () => {
  it('matches SSAE 18 with "SSAE 18/SOC 2", but never SSO with MFA or ISO 27001 with ISO 9001', () => {
    const lib = new EarlierAnswers(
      [
        entry('Have you undergone a SSAE 18/SOC 2 audit?', 'Yes'),
        entry('Do you support SSO?', 'Yes'),
        entry('Are you ISO 27001 certified?', 'Yes'),
      ],
      'Custom questionnaire',
    )
    expect(lib.match({ key: 'k1', id: 'Q1', text: 'Have you undergone a SSAE 18 audit?' })?.entry.question).toBe(
      'Have you undergone a SSAE 18/SOC 2 audit?',
    )
    expect(lib.match({ key: 'k2', id: 'Q2', text: 'Do you support MFA?' })).toBeUndefined()
    expect(lib.match({ key: 'k3', id: 'Q3', text: 'Are you ISO 9001 certified?' })).toBeUndefined()
    expect(subjectsOf('Do you comply with ISO 9001?')).toEqual(new Set(['iso9001']))
  })

  it('never answers whether something happened from an answer about a practice on the same subject', () => {
    const lib = new EarlierAnswers(
      [entry('Do you have a documented incident response plan?', 'Yes')],
      'CSV questionnaire',
    )
    // Both reduce to "incidents"; a Yes about the plan must not become "Yes, we had a breach".
    expect(lib.match({ key: 'k', id: 'A9', text: 'Any data breaches in the last 3 years?' })).toBeUndefined()
    const events = new EarlierAnswers(
      [entry('Have there been any data breaches in the past 5 years?', 'No')],
      'CSV questionnaire',
    )
    expect(events.match({ key: 'k', id: 'A9', text: 'Any data breaches in the last 3 years?' })?.entry.answer).toBe(
      'No',
    )
  })

  it('reads ids as the same question only within a published form; a custom list is reused by its wording', () => {
    const custom = { kind: 'CSV questionnaire' }
    const lib = new EarlierAnswers(
      [
        entry('Do you encrypt customer data at rest?', 'Yes', { ...custom, id: 'A1' }),
        entry('Are backups stored offsite?', 'Yes', { ...custom, id: 'A2' }),
      ],
      'CSV questionnaire',
    )
    // "A2" in one CSV and "A2" in another are unrelated questions, however many words they share.
    expect(lib.match({ key: 'k2', id: 'A2', text: 'Are backups stored daily?' })).toBeUndefined()
    // Worded alike, a company's own earlier answer is reused without a check, whatever form either came in.
    for (const kind of ['CSV questionnaire', 'Custom spreadsheet', 'HECVAT Lite 3.06']) {
      const reused = new EarlierAnswers([entry('Do you encrypt customer data at rest?', 'Yes', custom)], kind).answer(
        yesNoQuestion('Is customer data encrypted at rest?'),
      )
      expect(reused, kind).toMatchObject({ label: 'YES', rule: 'library-near-exact', flagged: false })
    }
  })

  it('matches a question reworded by a new version of its form: hyphens, numbers in words, 24x7, "solution", renumbered references', () => {
    // Invented pairs, each the same question as a form's next version might spell it.
    const pairs: [string, string][] = [
      ['Are restore drills run on a pre-arranged timetable?', 'Are restore drills run on a prearranged timetable?'],
      [
        'Will you keep a product roadmap for the next 3 years?',
        'Will you keep a product roadmap for the next three years?',
      ],
      ['Is the guest network watched 24x7x365?', 'Is the guest network watched 24 x 7 x 365?'],
      ['Does your product log every console sign-in?', 'Does your solution log every console sign-in?'],
      [
        'Is the wiping method in TOOL-04 certified by an outside lab?',
        'Is the wiping method in TOOL-09 certified by an outside lab?',
      ],
    ]
    for (const [earlier, now] of pairs) {
      const lib = new EarlierAnswers([entry(earlier, 'Yes', { id: 'OLD-1' })], 'HECVAT Full 4.1.4')
      expect(lib.match({ key: 'k', id: 'NEW-1', text: now })?.strength, now).toBe('near-exact')
    }
    // Made alike is not made the same: a different number is still a different question.
    const lib = new EarlierAnswers(
      [entry('Will you keep a product roadmap for the next 3 years?', 'Yes')],
      'HECVAT Full 4.1.4',
    )
    expect(
      lib.match({ key: 'k', id: 'N', text: 'Will you keep a product roadmap for the next five years?' })?.strength,
    ).toBe('similar')
    expect(lib.answer(yesNoQuestion('Will you keep a product roadmap for the next five years?'))!.reasons[0]).toMatch(
      /: the numbers differ \(3 earlier, 5 here\)$/,
    )
  })

  it('reads a leading condition apart from the question: the same condition matches, another one is only similar', () => {
    const lib = new EarlierAnswers(
      [
        entry('If you do not offer SSO, can admins require long passphrases? (e.g. 16 characters)', 'Yes', {
          id: 'OLD-1',
        }),
        entry('Can admins lock accounts after repeated failed logins?', 'Yes', { id: 'OLD-2' }),
      ],
      'HECVAT Full 4.1.4',
    )
    // "not" negates the condition, not the practice; and the two conditions name the same thing.
    expect(
      lib.match({
        key: 'k1',
        id: 'NEW-1',
        text: 'For tenants not using SSO, can admins require long passphrases? (e.g. 16 characters)',
      })?.strength,
    ).toBe('near-exact')
    // A condition the earlier question did not have: offered, for a person to check it holds under the condition.
    expect(
      lib.match({
        key: 'k2',
        id: 'NEW-2',
        text: 'For tenants not using SSO, can admins lock accounts after repeated failed logins?',
      })?.strength,
    ).toBe('similar')
    // The flag says what differs, so the person knows what to check.
    const offered = lib.answer(
      yesNoQuestion('For tenants not using SSO, can admins lock accounts after repeated failed logins?'),
    )
    expect(offered).toMatchObject({ label: 'YES', flagged: true })
    expect(offered!.reasons[0]).toMatch(
      /: this question asks it only "For tenants not using SSO"; the earlier one had no condition$/,
    )
  })

  it('does not match questions of opposite polarity', () => {
    const lib = new EarlierAnswers([entry('Do you store passwords in plain text?', 'No')], 'HECVAT Full 3.04')
    expect(lib.match({ key: 'k', id: 'X', text: 'Do you never store passwords in plain text?' })).toBeUndefined()
  })

  it('reuses an exact or same-family same-id match unflagged, and flags a merely similar one with an actionable reason', () => {
    const lib = new EarlierAnswers(
      [
        entry('Do you encrypt backups of institutional data?', 'Yes', {
          id: 'DATA-05',
          comment: 'Backups are encrypted with AES-256.',
          commentLocation: 'Sheet1!D2',
        }),
        entry('Is there a documented incident response plan that is tested every year?', 'Yes', {
          id: 'INCD-01',
          location: 'Sheet1!C3',
        }),
      ],
      'HECVAT Lite 3.04',
    )
    const same = lib.answer(yesNoQuestion('Do you encrypt backups of Institutional data?', { id: 'DATA-05' }))
    expect(same).toMatchObject({ label: 'YES', flagged: false, text: 'Backups are encrypted with AES-256.' })
    expect(same!.confidence).toBeGreaterThanOrEqual(0.85)
    // Another family's form asking nearly the same: offered, flagged for a check.
    const caiq = new EarlierAnswers(
      [entry('Is there a documented incident response plan that is tested every year?', 'Yes', { id: 'INCD-01' })],
      'CAIQ v4',
    )
    const similar = caiq.answer(
      yesNoQuestion('Do you have an incident response plan, tested annually and documented?', { id: 'SEF-04.1' }),
    )
    expect(similar).toMatchObject({ label: 'YES', flagged: true })
    expect(similar!.reasons[0]).toContain(SIMILAR_REASON)
    // The same id in another family is not the same question.
    const other = new EarlierAnswers(
      [entry('Do you encrypt backups?', 'Yes', { id: 'DATA-05', kind: 'CAIQ v4' })],
      'HECVAT Full 3.04',
    )
    expect(
      other.match({ key: 'k', id: 'DATA-05', text: 'Is data at rest on laptops protected with full-disk encryption?' }),
    ).toBeUndefined()
  })

  it('cites a verbatim span of a long explanation cell, which the citation check accepts', () => {
    const long = `Backups are encrypted with AES-256 and copied to a second region every night. ${'Restores are tested each quarter by the operations team and the results are recorded. '.repeat(4)}`
    const e = entry('Do you encrypt backups?', 'Yes', { comment: long, commentLocation: 'Sheet1!D2' })
    const a = new EarlierAnswers([e], 'HECVAT Full 3.04').answer(yesNoQuestion('Do you encrypt backups?'))!
    expect(a.citations[1]!.quote.length).toBeLessThanOrEqual(180)
    const index = evidenceIndex([
      {
        file: 'earlier.xlsx',
        passages: [
          { file: 'earlier.xlsx', location: 'Sheet1!C2', text: 'Yes' },
          { file: 'earlier.xlsx', location: 'Sheet1!D2', text: long },
        ],
        library: [e],
        chars: long.length,
        status: 'ok',
      },
    ])
    const checked = enforceVerbatim(a, index)
    expect(checked.citations).toHaveLength(2)
    expect(checked.reasons).toEqual([])
  })
})
