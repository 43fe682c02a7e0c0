import { describe, expect, it } from 'vitest'
import type { AnsweredQuestion } from '../answering/model'
import { vendorComment } from './comments'
import { currentEntries, newReviewState, applyChanges } from './edits'
import { changesFrom } from './submit'
import type { RowSpec } from './values'
import { rowView } from './view'

const answered = {
  cellValue: 'Yes',
  comment: 'Yes. MFA is required.\nEvidence: "MFA is required." (policy.md, Access)',
}
const silent = { cellValue: '', comment: 'No evidence found in the uploaded files: needs your answer' }
const mapped = {
  cellValue: 'Yes',
  comment: 'Partially: the list has no such value, so "Yes" was chosen.\nPartly in place.',
}

describe('what a confirmed row ships as its comment', () => {
  it('keeps the explanation and citations when the machine’s value is kept, and drops notes to the reviewer', () => {
    expect(vendorComment(answered, 'Yes', null)).toBe(answered.comment)
    expect(vendorComment(mapped, 'Yes', null)).toBe('Partly in place.')
  })

  it('clears the machine’s words when the person chose another value, or answered a row it could not', () => {
    expect(vendorComment(answered, 'No', null)).toBe('')
    expect(vendorComment(silent, 'No', null)).toBe('')
  })

  it('ships what the person typed, without a machine note left above it', () => {
    expect(vendorComment(silent, 'No', `${silent.comment}\nWe own no data centres.`)).toBe('We own no data centres.')
    expect(vendorComment(answered, 'No', 'Not yet: rollout in Q3.')).toBe('Not yet: rollout in Q3.')
  })

  it('a kept answer: accepted, nothing is written; changed, its new value and comment are', () => {
    const kept: AnsweredQuestion = {
      id: 'DATE-01',
      sheet: 'S',
      row: 3,
      question: 'Date',
      answer: 'Kept your answer: 10/4/2024.',
      cellValue: '',
      comment: '',
      confidence: 1,
      flagged: false,
      reason: '',
      citations: [],
      preexisting: true,
    }
    const spec: RowSpec = {
      key: 'S!3',
      mode: 'text',
      options: [],
      profile: true,
      kept: '10/4/2024',
      keptComment: 'As filed',
    }
    const state = newReviewState(
      { questionnaire: 'q.xlsx', engine: 'offline', summary: {} as never, questions: [kept] },
      [spec],
    )
    expect(rowView(kept, spec)).toMatchObject({
      cellValue: '10/4/2024',
      comment: 'As filed',
      needsAnswer: false,
      showConfidence: false,
      preexisting: true,
    })
    const accepted = changesFrom(state, [{ key: 'S!3', answer: '10/4/2024', comment: 'As filed' }], { confirm: true })
    expect(accepted.changes[0]!.edit).toEqual({ cellValue: '', answer: kept.answer, comment: '' })
    const changed = changesFrom(state, [{ key: 'S!3', answer: '11/1/2025' }], { confirm: false })
    expect(changed.changes[0]!.edit).toMatchObject({ cellValue: '11/1/2025', replacesKept: true })
    applyChanges(state, changed.changes, 'Changed DATE-01')
    const [entry] = currentEntries(state)
    expect(entry).toMatchObject({ cellValue: '11/1/2025', confirmed: true })
    expect(entry!.preexisting).toBeUndefined()
  })
})
