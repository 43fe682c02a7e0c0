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
