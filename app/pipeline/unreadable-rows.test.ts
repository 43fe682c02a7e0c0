import { describe, expect, it } from 'vitest'
import type { AnsweringEngine } from '../answering/model'
import { OfflineEngine } from '../answering/offline/engine'
import { formulaWorkbook, QUESTION_TEXTS } from '../../tests/fixtures/questionnaires/formula-workbooks'
import { evidenceMd, readSheet } from '../../tests/support/files'
import { formulaCellsXml } from '../../tests/support/strip-formula-results'
import { UNREADABLE_QUESTION } from '../questionnaire/model'
import { runPipeline } from './run.server'

/**
 * Issue 19: a question row whose text is a formula QFill could not evaluate is never dropped. It reaches
 * answers.json, the _SUMMARY sheet and the notes flagged with the reason; no engine sees it, nothing is written.
 */
const QUESTIONNAIRE = { name: 'vendor.xlsx', bytes: formulaWorkbook({ cached: false, unsupported: [1, 5] }) }
const NOW = { now: new Date('2025-01-01T00:00:00Z') }

describe('question rows QFill cannot read', () => {
  it('are flagged in answers.json with the reason, answered by no engine, and their cells left as they were', async () => {
    const seen: string[] = []
    const offline = new OfflineEngine(NOW)
    const spy: AnsweringEngine = {
      name: 'offline',
      answer: (questionnaire, evidence, onProgress) => {
        seen.push(...questionnaire.questions.map((q) => q.id))
        return offline.answer(questionnaire, evidence, onProgress)
      },
    }
    const result = await runPipeline({
      questionnaire: QUESTIONNAIRE,
      evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
      engine: spy,
      // Even asked to answer No where the evidence is silent, a row nobody could read gets no answer.
      unanswered: 'no',
    })
    expect(seen).toEqual(QUESTION_TEXTS.map(([id]) => id).filter((id) => id !== 'ORG-02' && id !== 'DAT-03'))
    const json = result.answersJson
    expect(json.questions.map((q) => q.id)).toEqual(QUESTION_TEXTS.map(([id]) => id))
    for (const id of ['ORG-02', 'DAT-03']) {
      expect(json.questions.find((q) => q.id === id)).toEqual({
        id,
        sheet: 'Vendor Response',
        row: id === 'ORG-02' ? 6 : 10,
        question: '',
        answer: null,
        cellValue: '',
        comment: '',
        confidence: 0,
        flagged: true,
        reason: UNREADABLE_QUESTION,
        citations: [],
        rule: 'unreadable-question',
      })
    }
    expect(json.summary.questions).toBe(8)
    expect(json.summary.topReasons).toContainEqual({ reason: UNREADABLE_QUESTION, count: 2 })
    expect(json.summary.notes.join('\n')).toMatch(/2 question rows could not be read \(row 6 ORG-02, row 10 DAT-03\)/)
    // The readable rows were answered as usual.
    expect(json.questions.filter((q) => q.cellValue !== '').length).toBeGreaterThan(0)

    const rows = readSheet(result.xlsx, 'Vendor Response')
    for (const row of [6, 10]) expect(rows[row - 1]!.slice(2, 4).join('')).toBe('')
    // Every formula is written back exactly as it came: no result invented beside it.
    const before = formulaCellsXml(QUESTIONNAIRE.bytes)
    const after = formulaCellsXml(result.xlsx)
    for (const [cell, xml] of before) expect(after.get(cell), cell).toBe(xml)
    const summary = readSheet(result.xlsx, '_SUMMARY')
    expect(summary.filter((r) => r[8] === UNREADABLE_QUESTION).map((r) => r[0])).toEqual(['ORG-02', 'DAT-03'])
  })
})
