import { describe, expect, it } from 'vitest'
import type { Answer, AnswerLabel } from '../answering/model'
import { findAllowed } from '../questionnaire/model'
import { neutralizeFormula } from '../questionnaire/cell-text'
import { PROFILE_REASON } from '../answering/contract-answers'
import { applyProfileRule, cellAnswer } from './cell-values'
import type { Question } from '../questionnaire/model'

const question = (
  allowed?: string[],
  text = 'Do you encrypt data at rest?',
  kind: Question['kind'] = 'question',
): Question => ({
  key: 'S!5',
  id: 'Q1',
  text,
  kind,
  allowed,
  location: { sheet: 'S', row: 5, questionCell: 'B5', answerCell: 'C5', commentCell: 'D5' },
})
const answer = (label: AnswerLabel, text = 'All data is encrypted.', cited = true): Answer => ({
  key: 'S!5',
  label,
  planned: label === 'PLANNED' ? 'Q1/2027' : undefined,
  text,
  confidence: 0.9,
  citations: cited
    ? [{ file: 'soc2.pdf', location: 'page 4', quote: 'Data is encrypted at rest using AES-256 on AWS.' }]
    : [],
  flagged: false,
  reasons: [],
})

describe('mapping an answer onto the cell', () => {
  it.each([
    [['Yes', 'No', 'N/A'], 'YES', 'Yes'],
    [['Yes', 'No', 'NA'], 'N/A', 'NA'],
    [['1) Yes', '2) No', '3) Both modes available', '4) N/A'], 'NO', '2) No'],
    [['1) Yes', '2) No', '3) Both modes available', '4) N/A'], 'N/A', '4) N/A'],
    [['Compliant', 'Non-compliant', 'Not applicable'], 'NO', 'Non-compliant'],
    [['Y', 'N'], 'YES', 'Y'],
    [['Yes', 'Partially', 'No'], 'PARTIALLY', 'Partially'],
    [['Yes', 'No', 'Planned'], 'PLANNED', 'Planned'],
  ] as [string[], AnswerLabel, string][])('%j: %s → %s', (allowed, label, expected) => {
    expect(findAllowed(label, allowed) ?? cellAnswer(question(allowed), answer(label)).value).toBe(expected)
  })

  it('puts PARTIALLY and PLANNED on the nearest value and says so in the comment', () => {
    const partial = cellAnswer(question(['Yes', 'No']), answer('PARTIALLY'))
    expect(partial).toMatchObject({ value: 'Yes', mappedFrom: 'PARTIALLY' })
    expect(partial.comment).toMatch(
      /^PARTIALLY: the list has no such value, so "Yes" was chosen\.\nAll data is encrypted\.\nEvidence: /,
    )
    const planned = cellAnswer(question(['Yes', 'No']), answer('PLANNED'))
    expect(planned).toMatchObject({ value: 'No', mappedFrom: 'PLANNED' })
    expect(planned.comment).toMatch(/^PLANNED Q1\/2027: the list has no such value, so "No" was chosen\./)
  })

  it('picks the item of a list of things that the answer names, and leaves ambiguity to a person', () => {
    const hosting = ['1) Self owned and managed', '2) Physical Co-location', '4) AWS', '5) Azure', '7) Other']
    expect(cellAnswer(question(hosting, 'Select your hosting option'), answer('YES', 'Hosted on AWS.')).value).toBe(
      '4) AWS',
    )
    const both = cellAnswer(
      question(hosting, 'Select your hosting option'),
      answer('YES', 'Hosted on AWS and Azure.', false),
    )
    expect(both.value).toBe('')
    expect(both.comment).toMatch(/none of the allowed values .* fits; choose one\./)
  })

  it('writes Yes/No to yes/no questions without a list, and the short answer to free-text ones', () => {
    expect(cellAnswer(question(undefined), answer('YES')).value).toBe('Yes')
    expect(cellAnswer(question(undefined), answer('PLANNED')).value).toBe('Planned Q1/2027')
    const free = cellAnswer(
      question(undefined, 'Describe your key management.'),
      answer('YES', 'Keys live in AWS KMS and rotate yearly.'),
    )
    expect(free.value).toBe('Keys live in AWS KMS and rotate yearly.')
    expect(free.comment).toBe('Evidence: "Data is encrypted at rest using AES-256 on AWS." (soc2.pdf, page 4)')
  })

  it('leaves company-profile rows to the user unless the answer quotes evidence', () => {
    const profile = question(undefined, 'Vendor name', 'profile')
    expect(cellAnswer(profile, answer('YES', 'Acme', false))).toEqual({ value: '', comment: '' })
    expect(applyProfileRule(profile, answer('YES', 'Acme', false))).toMatchObject({
      flagged: true,
      reasons: [PROFILE_REASON],
    })
    expect(
      applyProfileRule(profile, {
        ...answer('YES', 'Acme', false),
        reasons: ['no evidence found: needs your answer', 'commits you to contract terms'],
      }).reasons,
    ).toEqual([PROFILE_REASON, 'commits you to contract terms'])
    expect(cellAnswer(profile, answer('YES', 'Acme Inc.')).value).toBe('Acme Inc.')
    // A profile detail kept from the uploaded file is the user's own: not flagged as left for them.
    const kept = applyProfileRule(profile, { ...answer('YES', 'Kept your answer: Acme.', false), preexisting: true })
    expect(kept.flagged).toBe(false)
    expect(kept.reasons).toEqual([])
  })
})

describe('formula injection', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises %j', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`)
  })

  it('leaves ordinary text alone and neutralises what reaches a cell', () => {
    expect(neutralizeFormula('Yes')).toBe('Yes')
    const hostile = cellAnswer(
      question(undefined, 'Describe your hosting.'),
      answer('YES', '=HYPERLINK("http://x","y")', false),
    )
    expect(hostile.value).toBe(`'=HYPERLINK("http://x","y")`)
  })
})
