import { describe, expect, it } from 'vitest'
import {
  FIRST_QUESTION_ROW,
  formulaWorkbook,
  QUESTION_TEXTS,
} from '../../tests/fixtures/questionnaires/formula-workbooks'
import { buildXlsx } from '../../tests/fixtures/questionnaires/xlsx-builder'
import { stripFormulaResults } from '../../tests/support/strip-formula-results'
import { QuestionnaireError, UNREADABLE_QUESTION } from './model'
import { readQuestionnaire } from './parse.server'

/**
 * Issue 19: a questionnaire whose question column is formulas (lookups into a hidden sheet) reads the same
 * whoever saved it, and a row whose question QFill cannot compute is reported, never dropped.
 */
const read = (bytes: Uint8Array) => readQuestionnaire('vendor.xlsx', bytes).questionnaire

describe('questions that are formulas saved without their results', () => {
  const excel = read(formulaWorkbook({ cached: true }))

  it('reads the questions Excel would show, from the hidden sheet, with the ids, lists and links of the original', () => {
    expect(excel.questions.map((q) => [q.id, q.text])).toEqual(
      QUESTION_TEXTS.map(([id, text], i) => [id, i === 3 ? `${text}?` : text.trim()]),
    )
    const saved = read(formulaWorkbook({ cached: false }))
    expect(saved.questions).toEqual(excel.questions)
    expect(saved.sheets).toEqual(excel.sheets)
    expect(saved.kind).toBe(excel.kind)
    // "If yes, ..." follows the question before it: the link is made on the computed text.
    expect(saved.questions[2]!.dependsOn).toEqual({ key: saved.questions[1]!.key, when: 'YES' })
    expect(saved.questions[0]!.allowed).toEqual(['Yes', 'No', 'N/A'])
    expect(saved.notes).toEqual([
      ...excel.notes,
      expect.stringMatching(/saved without its formulas' results .*QFill computed 8 of 8 itself\.$/),
    ])
  })

  it('reads the same whether the results were removed or emptied (openpyxl writes an empty <v>)', () => {
    const original = formulaWorkbook({ cached: true })
    for (const style of ['no-value', 'empty-value'] as const) {
      const { bytes, stripped } = stripFormulaResults(original, { style })
      expect(stripped).toBe(QUESTION_TEXTS.length)
      expect(read(bytes).questions).toEqual(excel.questions)
    }
  })

  it('reports rows whose formula uses a function QFill cannot evaluate: kept, flagged, listed, not guessed', () => {
    const q = read(formulaWorkbook({ cached: false, unsupported: [1, 5] }))
    expect(q.questions).toHaveLength(QUESTION_TEXTS.length)
    const unreadable = q.questions.filter((x) => x.unreadable)
    expect(unreadable.map((x) => [x.id, x.location.row, x.text, x.unreadable])).toEqual([
      ['ORG-02', FIRST_QUESTION_ROW + 1, '', UNREADABLE_QUESTION],
      ['DAT-03', FIRST_QUESTION_ROW + 5, '', UNREADABLE_QUESTION],
    ])
    // The shared formula's second cell (APP-02) is a lookup of its own and reads.
    expect(q.questions[7]!.text).toBe(QUESTION_TEXTS[7]![1])
    // The "If yes" question does not lean on a question nobody could read.
    expect(q.questions[2]!.dependsOn).toBeUndefined()
    expect(q.sheets[0]!.unreadableRows).toBe(2)
    expect(q.notes).toContain(
      'Vendor Response: 2 question rows could not be read (row 6 ORG-02, row 10 DAT-03): the question text is a ' +
        'formula QFill could not evaluate (function TEXTJOIN: 2). They are flagged and left as they were; open and ' +
        'save the file in Excel, then upload it again.',
    )
    expect(q.notes.join('\n')).toMatch(
      /QFill computed 6 of 8 itself; the other 2 were read as empty \(function TEXTJOIN: 2\)/,
    )
  })

  it('reports such rows by their dropdowns when the questionnaire has no ids', () => {
    const q = read(formulaWorkbook({ cached: false, withoutIds: true, unsupported: [3] }))
    expect(q.questions).toHaveLength(QUESTION_TEXTS.length)
    expect(q.questions.filter((x) => x.unreadable).map((x) => x.location.row)).toEqual([FIRST_QUESTION_ROW + 3])
  })

  it('refuses a questionnaire most of whose questions cannot be read, saying what to do', () => {
    const bytes = formulaWorkbook({ cached: false, unsupported: [0, 1, 2, 3, 4] })
    expect(() => read(bytes)).toThrow(QuestionnaireError)
    expect(() => read(bytes)).toThrow(
      'vendor.xlsx: QFill could not read most of its questions (5 of 8): their text is a formula that was saved ' +
        'without its result, and QFill could not evaluate it (function TEXTJOIN: 5). Open and save the file in ' +
        'Excel, then upload it again.',
    )
  })

  it('says so when no question can be found and the file has formulas QFill could not evaluate', () => {
    // No header, no ids, no dropdowns: nothing says where the questions are.
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Sheet1',
          rows: QUESTION_TEXTS.map((_, i) => [{ f: `_xlfn.TEXTJOIN(" ",TRUE,Q!A${i + 1}:B${i + 1})` }]),
        },
        { name: 'Q', state: 'hidden', rows: QUESTION_TEXTS.map(() => ['Do you', 'encrypt data at rest']) },
      ],
    })
    expect(() => read(bytes)).toThrow(
      /could not evaluate them \(function TEXTJOIN: 8\).*open and save the file in Excel/,
    )
  })

  it('reads dropdown values that are themselves formulas saved without results', () => {
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Questions',
          rows: [
            ['ID', 'Question', 'Answer'],
            ['Q-1', 'Do you encrypt data at rest?'],
            ['Q-2', 'Do you log access?'],
          ],
          lists: [{ sqref: 'C2:C3', formula: 'Lists!$A$1:$A$3', x14: true }],
        },
        {
          name: 'Lists',
          state: 'hidden',
          rows: [[{ f: 'Words!A1&"s"' }], [{ f: 'UPPER(LEFT(Words!A2,1))&MID(Words!A2,2,9)' }], [{ f: '"N/A"' }]],
        },
        { name: 'Words', state: 'hidden', rows: [['Ye'], ['no']] },
      ],
    })
    expect(read(bytes).questions.map((q) => q.allowed)).toEqual([
      ['Yes', 'No', 'N/A'],
      ['Yes', 'No', 'N/A'],
    ])
  })
})
