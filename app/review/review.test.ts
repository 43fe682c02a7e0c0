import { describe, expect, it } from 'vitest'
import type { AnsweredQuestion, AnswersJson, RunSummary } from '../answering/model'
import { contextOf, summarize } from '../answering/summary'
import { applyChanges, currentEntries, newReviewState, undoLast } from './edits'
import { changesFrom, keyForId } from './submit'
import { resolveAnswer, VOCABULARY_OPTIONS, type RowSpec } from './values'
import { groupRows, PAGE_SIZE, reviewPage } from './view'

const list = (options: string[]): Pick<RowSpec, 'mode' | 'options'> => ({ mode: 'list', options })

describe('what a cell may hold', () => {
  it('takes a list’s own values in any case, without their numbering, or a label that maps onto one', () => {
    const numbered = list(['1) Yes', '2) No', '3) N/A'])
    expect(resolveAnswer(numbered, '1) Yes', 'Q1')).toEqual({ ok: true, cellValue: '1) Yes', answer: 'YES' })
    expect(resolveAnswer(numbered, 'no', 'Q1')).toEqual({ ok: true, cellValue: '2) No', answer: 'NO' })
    expect(resolveAnswer(numbered, 'N/A', 'Q1')).toEqual({ ok: true, cellValue: '3) N/A', answer: 'N/A' })
    expect(resolveAnswer(list(['Yes', 'No']), 'YES', 'Q1')).toEqual({ ok: true, cellValue: 'Yes', answer: 'YES' })
    // A list of things: the value is the answer.
    expect(resolveAnswer(list(['AWS', 'Azure', 'GCP']), 'azure', 'Q1')).toEqual({
      ok: true,
      cellValue: 'Azure',
      answer: 'Azure',
    })
  })

  it('refuses anything else, naming the allowed values', () => {
    expect(resolveAnswer(list(['Yes', 'No']), 'Maybe', 'IAM-01')).toEqual({
      ok: false,
      message: '"Maybe" is not one of the allowed values for IAM-01: Yes, No.',
    })
    expect(resolveAnswer(list(['Yes', 'No']), 'PARTIALLY', 'IAM-01').ok).toBe(false)
  })

  it('takes the answer vocabulary where the cell has no list, planned quarters included', () => {
    const vocabulary = { mode: 'vocabulary' as const, options: [...VOCABULARY_OPTIONS] }
    expect(resolveAnswer(vocabulary, 'yes', 'Q')).toEqual({ ok: true, cellValue: 'Yes', answer: 'YES' })
    expect(resolveAnswer(vocabulary, 'na', 'Q')).toEqual({ ok: true, cellValue: 'N/A', answer: 'N/A' })
    expect(resolveAnswer(vocabulary, 'planned q3/2026', 'Q')).toEqual({
      ok: true,
      cellValue: 'Planned Q3/2026',
      answer: 'PLANNED Q3/2026',
    })
    expect(resolveAnswer(vocabulary, 'sometimes', 'Q').ok).toBe(false)
  })

  it('takes any text for free-text rows, and empty as no answer', () => {
    expect(resolveAnswer({ mode: 'text', options: [] }, ' AWS eu-west-1 \r\n', 'Q')).toEqual({
      ok: true,
      cellValue: 'AWS eu-west-1',
      answer: 'AWS eu-west-1',
    })
    expect(resolveAnswer(list(['Yes']), '', 'Q')).toEqual({ ok: true, cellValue: '', answer: null })
    expect(resolveAnswer({ mode: 'text', options: [] }, 'x'.repeat(40000), 'Q').ok).toBe(false)
  })
})

function entry(row: number, extra: Partial<AnsweredQuestion> = {}): AnsweredQuestion {
  return {
    id: `Q${row}`,
    sheet: row > 60 ? 'Second' : 'First',
    row,
    question: `Question number ${row}?`,
    answer: 'YES',
    cellValue: 'Yes',
    comment: 'Machine comment',
    confidence: 0.9,
    flagged: false,
    reason: '',
    citations: [],
    ...extra,
  }
}

function machine(entries: AnsweredQuestion[]): AnswersJson {
  const summary = { questions: entries.length, flagged: entries.filter((e) => e.flagged).length } as RunSummary
  return { questionnaire: 'q.xlsx', engine: 'offline', summary, questions: entries }
}

function state(entries: AnsweredQuestion[]) {
  const specs: RowSpec[] = entries.map((e) => ({
    key: `${e.sheet}!${e.row}`,
    mode: 'list',
    options: ['Yes', 'No', 'N/A'],
    section: e.row % 2 ? 'Odd' : 'Even',
  }))
  return newReviewState(machine(entries), specs)
}

describe('edits, confirmation and undo', () => {
  it('confirms changed rows, counts them apart, and undoes a whole step', () => {
    const s = state([
      entry(2),
      entry(3, { flagged: true, confidence: 0.4, reason: 'no evidence found', answer: null, cellValue: '' }),
      entry(4),
    ])
    const first = changesFrom(
      s,
      [
        { key: 'First!3', answer: 'No' },
        { key: 'First!2', answer: 'Yes', comment: 'Machine comment' },
      ],
      { confirm: false },
    )
    expect(first.errors).toEqual([])
    // An unchanged row is not confirmed by a page save.
    expect(first.changes.map((c) => c.key)).toEqual(['First!3'])
    expect(applyChanges(s, first.changes, 'Saved 1 change')).toBe(1)
    const accepted = changesFrom(s, [{ key: 'First!2' }], { confirm: true })
    applyChanges(s, accepted.changes, 'Accepted Q2')
    let rows = currentEntries(s)
    expect(rows.map((r) => [r.cellValue, r.answer, Boolean(r.confirmed), r.flagged])).toEqual([
      ['Yes', 'YES', true, false],
      ['No', 'NO', true, false],
      ['Yes', 'YES', false, false],
    ])
    const summary = summarize(rows, contextOf(s.machine.summary))
    expect(summary).toMatchObject({ confirmed: 2, flagged: 0, answered: 3, buckets: { high: 1, medium: 0, low: 0 } })
    expect(summary.averageConfidence).toBeCloseTo((1 + 1 + 0.9) / 3, 3)

    expect(undoLast(s)?.label).toBe('Accepted Q2')
    rows = currentEntries(s)
    expect(rows[0]!.confirmed).toBeUndefined()
    expect(rows[1]!.cellValue).toBe('No')
    undoLast(s)
    expect(currentEntries(s)).toEqual(s.machine.questions)
    expect(undoLast(s)).toBeNull()
    expect(s.revision).toBe(4)
  })

  it('keeps a machine label the list could only approximate when the value is accepted as is', () => {
    const s = state([entry(2, { answer: 'PARTIALLY', cellValue: 'Yes', flagged: true })])
    const { changes } = changesFrom(s, [{ key: 'First!2', answer: 'Yes' }], { confirm: true })
    expect(changes[0]!.edit).toEqual({ cellValue: 'Yes', answer: 'PARTIALLY', comment: 'Machine comment' })
  })

  it('reports refused values per row and names questions whose ids repeat', () => {
    const s = state([entry(2), entry(62, { id: 'Q2' })])
    const { errors } = changesFrom(s, [{ key: 'First!2', answer: 'Perhaps' }], { confirm: true })
    expect(errors).toEqual([
      { key: 'First!2', id: 'Q2', message: '"Perhaps" is not one of the allowed values for Q2: Yes, No, N/A.' },
    ])
    expect(keyForId(s.machine.questions, { id: 'Q2' })).toEqual({
      error: '2 questions have the id Q2: add "sheet" and "row" to say which.',
    })
    expect(keyForId(s.machine.questions, { id: 'Q2', sheet: 'Second', row: 62 })).toEqual({ key: 'Second!62' })
  })
})

describe('the review page', () => {
  const entries = Array.from({ length: 120 }, (_, i) =>
    entry(i + 2, i % 3 === 0 ? { flagged: true, confidence: 0.3, reason: 'no evidence found' } : {}),
  )

  it('pages 50 rows at a time in questionnaire order, filtered and searched', () => {
    const s = state(entries)
    const all = reviewPage(s, { filter: 'all', q: null, page: '2' })
    expect(all.rows).toHaveLength(PAGE_SIZE)
    expect(all.rows[0]!.row).toBe(52)
    expect(all.pages).toBe(3)
    const flagged = reviewPage(s, { filter: null, q: null, page: null })
    expect(flagged.filter).toBe('flagged')
    expect(flagged.matching).toBe(40)
    expect(flagged.rows.every((r) => r.flagged)).toBe(true)
    expect(reviewPage(s, { filter: 'all', q: 'number 77', page: null }).rows.map((r) => r.id)).toEqual(['Q77'])
    expect(reviewPage(s, { filter: 'all', q: null, page: '99' }).page).toBe(3)
  })

  it('groups rows by sheet, then section', () => {
    const s = state(entries.slice(57, 63))
    const groups = groupRows(reviewPage(s, { filter: 'all', q: null, page: null }).rows)
    expect(groups.map((g) => [g.sheet, g.sections.map((x) => `${x.section}:${x.rows.length}`)])).toEqual([
      ['First', ['Odd:1', 'Even:1']],
      ['Second', ['Odd:1', 'Even:1', 'Odd:1', 'Even:1']],
    ])
  })
})
