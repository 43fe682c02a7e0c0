import { describe, expect, it } from 'vitest'
import { buildXlsx, type FixtureSheet } from '../../tests/fixtures/questionnaires/xlsx-builder'
import { parseQuestionnaire } from './parse.server'

const LISTS: FixtureSheet = {
  name: 'Lists',
  state: 'hidden',
  rows: [['Answers'], ['Yes'], ['No'], ['N/A'], [], ['1) On premises'], ['2) AWS'], ['3) Azure']],
}

function vendorSheet(): FixtureSheet {
  return {
    name: 'Vendor Response',
    rows: [
      ['Acme Security Questionnaire v2.1'],
      ['Please answer every question.'],
      ['No.', 'Question', 'Response', 'Comments', 'Assessor notes'],
      ['General'],
      ['1', 'Company name'],
      ['2', 'Do you encrypt customer data at rest?'],
      ['3', 'If yes, which algorithm\nand key length do you use?'],
      ['Access control'],
      ['4', 'Describe how administrator access is reviewed.'],
      ['5', 'Is multi-factor authentication enforced for all staff?'],
      ['6', 'Retired: do you use floppy disks?'],
      ['7', 'Select your hosting provider'],
      ['8', 'Mirror of question 2', { f: 'C6', v: '' }],
    ],
    merges: ['A4:E4', 'A8:E8'],
    hiddenRows: [11],
    lists: [
      { sqref: 'C6:C7 C10:C11', formula: '"Yes,No,N/A"' },
      { sqref: 'C12', formula: 'Lists!$A$6:$A$8', x14: true },
    ],
    prompts: [{ sqref: 'D9', prompt: 'This cell should be left blank. Input your answer in column C.' }],
  }
}

const scoring: FixtureSheet = {
  name: 'Scoring',
  rows: [
    ['ID', 'Question', 'Answer', 'Score'],
    [
      { f: "'Vendor Response'!A6", v: '2' },
      { f: "'Vendor Response'!B6", v: 'Do you encrypt customer data at rest?' },
      { f: "'Vendor Response'!C6", v: '' },
      0,
    ],
    [
      { f: "'Vendor Response'!A9", v: '4' },
      { f: "'Vendor Response'!B9", v: 'Describe how administrator access is reviewed.' },
      { f: "'Vendor Response'!C9", v: '' },
      0,
    ],
    [
      { f: "'Vendor Response'!A10", v: '5' },
      { f: "'Vendor Response'!B10", v: 'Is multi-factor authentication enforced?' },
      { f: "'Vendor Response'!C10", v: '' },
      0,
    ],
  ],
}

describe('reading a workbook questionnaire', () => {
  const bytes = buildXlsx({
    sheets: [{ name: 'Instructions', rows: [['Fill in the Vendor Response tab.']] }, vendorSheet(), scoring, LISTS],
  })
  const q = parseQuestionnaire('Acme.XLSX', bytes)

  it('finds the question sheet and its columns by header, content and dropdowns', () => {
    expect(q.sheets).toHaveLength(1)
    expect(q.sheets[0]).toMatchObject({
      name: 'Vendor Response',
      headerRow: 3,
      idColumn: 'A',
      questionColumn: 'B',
      answerColumn: 'C',
      commentColumn: 'D',
      questionCount: 6,
      profileCount: 1,
      mirroredRows: 1,
      hiddenRowsSkipped: 1,
    })
    // 6 is on a hidden row; 8's answer cell is a formula repeating another answer.
    expect(q.questions.map((x) => x.id)).toEqual(['1', '2', '3', '4', '5', '7'])
  })

  it('skips scoring sheets whose cells are formulas reading the answers, and says so', () => {
    expect(q.notes.join('\n')).toMatch(/Scoring: skipped; its question ids are formulas/)
    expect(q.questions.every((x) => x.location.sheet === 'Vendor Response')).toBe(true)
  })

  it('reads allowed values from inline lists and from x14 lists on another (hidden) sheet', () => {
    const byId = new Map(q.questions.map((x) => [x.id, x]))
    expect(byId.get('2')!.allowed).toEqual(['Yes', 'No', 'N/A'])
    expect(byId.get('7')!.allowed).toEqual(['1) On premises', '2) AWS', '3) Azure'])
    expect(byId.get('4')!.allowed).toBeUndefined()
    expect(q.sheets[0]!.allowedLists).toEqual([
      ['Yes', 'No', 'N/A'],
      ['1) On premises', '2) AWS', '3) Azure'],
    ])
  })

  it('keeps sections, wrapped text, profile rows, dependencies and reserved cells', () => {
    const byId = new Map(q.questions.map((x) => [x.id, x]))
    expect(byId.get('1')).toMatchObject({ kind: 'profile', section: 'General' })
    expect(byId.get('3')!.text).toBe('If yes, which algorithm\nand key length do you use?')
    expect(byId.get('3')!.dependsOn).toEqual({ key: byId.get('2')!.key, when: 'YES' })
    expect(byId.get('5')).toMatchObject({ kind: 'question', section: 'Access control' })
    // D9 carries "This cell should be left blank": no comment goes there.
    expect(byId.get('4')!.location).toMatchObject({ answerCell: 'C9', commentCell: undefined })
    expect(byId.get('5')!.location).toMatchObject({
      sheet: 'Vendor Response',
      row: 10,
      questionCell: 'B10',
      answerCell: 'C10',
      commentCell: 'D10',
    })
  })

  it('labels the questionnaire and keeps the original file name', () => {
    expect(q.fileName).toBe('Acme.XLSX')
    expect(q.format).toBe('xlsx')
    expect(q.kind).toBe('Custom spreadsheet')
  })
})

describe('layouts without an answer column', () => {
  it('adds Answer and Comment columns after the last used column and says so', () => {
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Q',
          rows: [
            ['Ref', 'Requirement', 'Owner'],
            ['R-1', 'Do you run annual penetration tests?', 'CISO'],
            ['R-2', 'Do you have an incident response plan?', 'CISO'],
          ],
        },
      ],
    })
    const q = parseQuestionnaire('q.xlsx', bytes)
    expect(q.sheets[0]).toMatchObject({ answerColumn: 'D', commentColumn: 'E', added: { answer: 'D', comment: 'E' } })
    expect(q.questions[0]!.location).toMatchObject({ answerCell: 'D2', commentCell: 'E2' })
    expect(q.notes.join('\n')).toMatch(/no answer column found; QFill added "Answer" \(column D\)/)
  })

  it('reads Yes / No / N/A mark columns as one answer', () => {
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Checklist',
          rows: [
            ['#', 'Control', 'Yes', 'No', 'N/A', 'Remarks'],
            ['1', 'Are backups encrypted?'],
            ['2', 'Are backups tested yearly?'],
          ],
        },
      ],
    })
    const q = parseQuestionnaire('c.xlsx', bytes)
    expect(q.sheets[0]).toMatchObject({ markColumns: ['C', 'D', 'E'], commentColumn: 'F', answerColumn: undefined })
    expect(q.questions[1]!.location.markCells).toEqual([
      { value: 'Yes', cell: 'C3' },
      { value: 'No', cell: 'D3' },
      { value: 'N/A', cell: 'E3' },
    ])
    expect(q.questions[1]!.allowed).toEqual(['Yes', 'No', 'N/A'])
  })
})

describe('sheets and names', () => {
  it('reads questions from a hidden sheet only when no visible sheet has any', () => {
    const bytes = buildXlsx({
      sheets: [
        { name: 'Cover', rows: [['Welcome']] },
        {
          name: 'Hidden Qs',
          state: 'hidden',
          rows: [['Question', 'Answer'], ['Do you log admin access?'], ['Do you rotate keys?']],
        },
      ],
    })
    const q = parseQuestionnaire('h.xlsx', bytes)
    expect(q.questions).toHaveLength(2)
    expect(q.notes.join('\n')).toMatch(/hidden sheets only \(Hidden Qs\)/)
  })

  it('resolves a list through a sheet-local defined name before the workbook-wide one', () => {
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Q',
          rows: [['Question', 'Answer'], ['Do you scan for vulnerabilities?']],
          lists: [{ sqref: 'B2', formula: 'choices' }],
        },
        { name: 'Lists', rows: [['Yes'], ['No'], ['Compliant'], ['Not compliant']] },
      ],
      definedNames: [
        { name: 'choices', ref: 'Lists!$A$1:$A$2' },
        { name: 'choices', ref: 'Lists!$A$3:$A$4', localSheetId: 0 },
      ],
    })
    expect(parseQuestionnaire('n.xlsx', bytes).questions[0]!.allowed).toEqual(['Compliant', 'Not compliant'])
  })

  it('never walks the declared range of a sheet that claims a million rows', () => {
    const empty = Array.from({ length: 200_000 }, (_, i) => `<row r="${i + 10}"/>`).join('')
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Big',
          dimension: 'A1:L1048576',
          rows: [['Question', 'Answer'], ['Do you encrypt laptops?']],
          extraRowsXml: `${empty}<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>end</t></is></c></row>`,
          lists: [{ sqref: 'B:B', formula: '"Yes,No"' }],
        },
      ],
    })
    const q = parseQuestionnaire('big.xlsx', bytes)
    expect(q.questions).toHaveLength(1)
    expect(q.questions[0]!.allowed).toEqual(['Yes', 'No'])
  })
})
