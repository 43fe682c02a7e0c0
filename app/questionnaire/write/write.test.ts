import * as XLSX from '@e965/xlsx'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { buildDocx } from '../../../tests/fixtures/questionnaires/docx-builder'
import { answerCells, compareWorkbooks } from '../../../tests/fixtures/questionnaires/fidelity'
import { buildXlsx, type FixtureSheet } from '../../../tests/fixtures/questionnaires/xlsx-builder'
import { checkWrittenParts } from '../../../tests/support/strict-xml'
import type { Answer, AnswerLabel } from '../../answering/model'
import { summarize } from '../../answering/summary'
import { answeredQuestions, runContext } from '../../pipeline/results'
import { planWrites } from './cell-writes'
import type { Questionnaire } from '../model'
import { parseQuestionnaire } from '../parse.server'
import { writeCompletedWorkbook } from './write.server'

function answer(
  q: Questionnaire['questions'][number],
  label: AnswerLabel,
  text = 'Stated in the policy.',
  cited = true,
): Answer {
  return {
    key: q.key,
    label,
    planned: label === 'PLANNED' ? 'Q3/2026' : undefined,
    text,
    confidence: 0.9,
    citations: cited
      ? [{ file: 'policy.pdf', location: 'page 2', quote: 'All customer data is encrypted at rest with AES-256.' }]
      : [],
    flagged: false,
    reasons: [],
  }
}

function complete(
  fileName: string,
  bytes: Uint8Array,
  pick: (q: Questionnaire['questions'][number], i: number) => Answer,
) {
  const questionnaire = parseQuestionnaire(fileName, bytes)
  const entries = answeredQuestions(questionnaire, questionnaire.questions.map(pick))
  const summary = summarize(entries, runContext({ questionnaire, evidence: [], engine: 'test', durationMs: 5 }))
  const output = writeCompletedWorkbook({ questionnaire, original: bytes, entries, summary })
  const planned = new Map([...planWrites(questionnaire, entries)].map(([s, w]) => [s, new Set(w.cells.keys())]))
  // The cells allowed to change come from the model; the writer's plan must stay inside them.
  const written = answerCells(questionnaire)
  for (const [sheet, refs] of planned)
    for (const ref of refs) expect(written.get(sheet)?.has(ref), `${sheet}!${ref}`).toBe(true)
  return { questionnaire, entries, output, written, wb: XLSX.read(output, { type: 'array', cellFormula: true }) }
}

const value = (wb: XLSX.WorkBook, sheet: string, ref: string) => wb.Sheets[sheet]?.[ref]?.v

const questionnaireSheet: FixtureSheet = {
  name: 'Questionnaire',
  rows: [
    ['ID', 'Question', 'Answer', 'Notes'],
    ['GEN-1', 'Vendor name', 'Acme Inc.'],
    ['SEC-1', 'Do you encrypt data at rest?', '', '', { f: 'IF(C3="Yes",10,0)', v: 0 }],
    ['SEC-2', 'Do you run a bug bounty?', 'No', 'Old comment'],
    ['SEC-3', 'Is there a disaster recovery plan?'],
    ['SEC-4', 'Describe your hosting.', { f: 'Lists!A1', v: 'x' }],
    ['SEC-5', 'Do you have cyber insurance?'],
    ['SEC-6', 'Describe your hosting provider.'],
  ],
  lists: [
    { sqref: 'C3:C5', formula: 'Lists!$A$1:$A$3', x14: true },
    { sqref: 'C7', formula: '"Yes,No"' },
  ],
  conditionalFormatting:
    '<conditionalFormatting sqref="C3:C7"><cfRule type="containsText" dxfId="0" priority="1" operator="containsText" text="No"><formula>NOT(ISERROR(SEARCH("No",C3)))</formula></cfRule></conditionalFormatting>',
  merges: ['D6:E6'],
  protect: true,
  image: true,
}
const lists: FixtureSheet = { name: 'Lists', rows: [['Yes'], ['No'], ['N/A']] }
const existingSummary: FixtureSheet = { name: '_SUMMARY', rows: [['The customer’s own summary sheet']] }

describe('writing answers into an .xlsx questionnaire', () => {
  const original = buildXlsx({ sheets: [questionnaireSheet, lists, existingSummary] })
  // GEN-1, SEC-1, SEC-2, SEC-3, SEC-5, SEC-6: SEC-4's answer cell is a formula, so it is not a question to answer.
  const labels: AnswerLabel[] = ['YES', 'YES', 'PARTIALLY', 'N/A', 'PLANNED', 'YES']
  const run = complete('fixture.xlsx', original, (q, i) =>
    answer(q, labels[i]!, i === 5 ? '=cmd|"/c calc"!A1 hosted on AWS' : 'Stated in the policy.', i !== 0),
  )

  it('changes nothing but the answer and comment cells: values, formulas, validations, parts', () => {
    const report = compareWorkbooks(original, run.output, run.written)
    expect(report).toEqual({
      missingSheets: [],
      changedCells: [],
      changedValidations: [],
      missingParts: [],
      changedParts: [],
      addedParts: ['xl/worksheets/sheet4.xml'],
    })
    expect(checkWrittenParts(original, run.output)).toEqual([
      '[Content_Types].xml',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet4.xml',
    ])
    // Formulas reading the answers are recalculated when the workbook is opened.
    expect(strFromU8(unzipSync(run.output)['xl/workbook.xml']!)).toContain(
      '<calcPr calcId="191029" fullCalcOnLoad="1"/>',
    )
  })

  it('fills each answer cell with a value from its dropdown, and the nuance in the comment', () => {
    const { wb } = run
    expect(value(wb, 'Questionnaire', 'C3')).toBe('Yes')
    // PARTIALLY has no place in Yes/No/N/A: the nearest value, with the nuance spelled out.
    expect(value(wb, 'Questionnaire', 'C4')).toBe('Yes')
    expect(value(wb, 'Questionnaire', 'D4')).toMatch(/^PARTIALLY: the list has no such value, so "Yes" was chosen\./)
    expect(value(wb, 'Questionnaire', 'C5')).toBe('N/A')
    expect(value(wb, 'Questionnaire', 'D3')).toMatch(
      /Evidence: "All customer data is encrypted at rest with AES-256\." \(policy\.pdf, page 2\)/,
    )
    // PLANNED becomes "No" in a Yes/No list and says when.
    expect(value(wb, 'Questionnaire', 'C7')).toBe('No')
    expect(value(wb, 'Questionnaire', 'D7')).toMatch(/^PLANNED Q3\/2026/)
  })

  it('leaves company-profile rows and formula cells alone', () => {
    const { wb, entries, questionnaire } = run
    expect(questionnaire.questions.map((q) => q.id)).toEqual(['GEN-1', 'SEC-1', 'SEC-2', 'SEC-3', 'SEC-5', 'SEC-6'])
    expect(questionnaire.sheets[0]!.mirroredRows).toBe(1)
    expect(value(wb, 'Questionnaire', 'C2')).toBe('Acme Inc.')
    expect(entries[0]).toMatchObject({
      cellValue: '',
      flagged: true,
      reason: 'company profile detail: left for you to fill in',
    })
    expect(wb.Sheets.Questionnaire!.C6!.f).toBe('Lists!A1')
    expect(wb.Sheets.Questionnaire!.E3!.f).toBe('IF(C3="Yes",10,0)')
  })

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(value(run.wb, 'Questionnaire', 'C8')).toBe(`'=cmd|"/c calc"!A1 hosted on AWS`)
    const rows = XLSX.utils.sheet_to_json<string[]>(run.wb.Sheets['_SUMMARY (2)']!, { header: 1 })
    expect(rows.find((r) => r[0] === 'SEC-6')![4]).toBe(`'=cmd|"/c calc"!A1 hosted on AWS`)
    for (const r of rows) for (const cell of r) if (typeof cell === 'string') expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('adds _SUMMARY under a free name, never over an existing sheet', () => {
    expect(run.wb.SheetNames).toEqual(['Questionnaire', 'Lists', '_SUMMARY', '_SUMMARY (2)'])
    expect(value(run.wb, '_SUMMARY', 'A1')).toBe('The customer’s own summary sheet')
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(run.wb.Sheets['_SUMMARY (2)']!, { header: 1 })
    expect(rows[1]).toEqual(['Questions', 6, 'Answered', 5, 'Flagged for review', 1])
    const header = rows.findIndex((r) => r[0] === 'ID')
    expect(rows[header]).toEqual([
      'ID',
      'Cell',
      'Question',
      'Answer',
      'Cell value',
      'Confidence %',
      'Flagged',
      'Confirmed by you',
      'Reason',
      'Citations',
    ])
    expect(rows[header + 2]).toEqual([
      'SEC-1',
      'Questionnaire!C3',
      'Do you encrypt data at rest?',
      'YES',
      'Yes',
      90,
      'NO',
      undefined,
      undefined,
      'policy.pdf (page 2): "All customer data is encrypted at rest with AES-256."',
    ])
  })
})

describe('layouts the writer has to extend', () => {
  it('writes the headers of the Answer and Comment columns it adds', () => {
    const original = buildXlsx({
      sheets: [
        {
          name: 'Reqs',
          rows: [
            ['Ref', 'Requirement'],
            ['R-1', 'Do you run annual penetration tests?'],
          ],
        },
      ],
    })
    const run = complete('ext.xlsx', original, (q) => answer(q, 'NO'))
    expect(compareWorkbooks(original, run.output, run.written).changedCells).toEqual([])
    const reqs = run.wb.Sheets.Reqs!
    expect([reqs.C1?.v, reqs.D1?.v, reqs.C2?.v, reqs.D2?.v]).toEqual([
      'Answer',
      'Comment',
      'No',
      'Stated in the policy.\nEvidence: "All customer data is encrypted at rest with AES-256." (policy.pdf, page 2)',
    ])
    expect(reqs['!ref']).toBe('A1:D2')
  })

  it('moves the X mark to the chosen column', () => {
    const original = buildXlsx({
      sheets: [
        {
          name: 'Marks',
          rows: [
            ['#', 'Control', 'Yes', 'No', 'N/A'],
            ['1', 'Are backups encrypted?', 'X'],
          ],
        },
      ],
    })
    const run = complete('marks.xlsx', original, (q) => answer(q, 'NO'))
    expect(compareWorkbooks(original, run.output, run.written).changedCells).toEqual([])
    const marks = run.wb.Sheets.Marks!
    expect([marks.C2?.v ?? '', marks.D2?.v, marks.E2?.v ?? '']).toEqual(['', 'X', ''])
  })
})

describe('CSV and Word questionnaires become a clean workbook', () => {
  it('keeps the CSV columns, adds answers, confidence and citations, and neutralises hostile cells', () => {
    const csv = 'ID,Question,Answer\n=1+1,"Do you encrypt data? @SUM(A1)",\n+2,-Do you log access?,\n'
    const run = complete('hostile.csv', new TextEncoder().encode(csv), (q) => answer(q, 'YES'))
    const rows = XLSX.utils.sheet_to_json<string[]>(run.wb.Sheets.hostile!, { header: 1, defval: '' })
    expect(rows[0]).toEqual(['ID', 'Question', 'Answer', 'Comment', 'Confidence %', 'Flagged', 'Citations'])
    expect(rows[1]!.slice(0, 3)).toEqual(["'=1+1", 'Do you encrypt data? @SUM(A1)', 'Yes'])
    expect(rows[2]!.slice(0, 2)).toEqual(["'+2", "'-Do you log access?"])
    expect(rows[1]!.slice(4)).toEqual([
      90,
      'NO',
      'policy.pdf (page 2): "All customer data is encrypted at rest with AES-256."',
    ])
    for (const sheet of Object.values(run.wb.Sheets)) {
      for (const [ref, cell] of Object.entries(sheet)) {
        if (ref.startsWith('!')) continue
        expect((cell as XLSX.CellObject).f).toBeUndefined()
        if (typeof (cell as XLSX.CellObject).v === 'string')
          expect((cell as XLSX.CellObject).v).not.toMatch(/^[=+\-@\t\r]/)
      }
    }
  })

  it('writes a Word table questionnaire with each answer where it belongs', () => {
    const docx = buildDocx([
      {
        table: [
          ['#', 'Question', 'Response'],
          ['1', 'Do you encrypt backups?', ''],
          ['2', 'Do you test restores?', ''],
        ],
      },
    ])
    const run = complete('form.docx', docx, (q) => answer(q, 'YES'))
    expect(run.wb.SheetNames).toEqual(['Table 1', '_SUMMARY'])
    const rows = XLSX.utils.sheet_to_json<string[]>(run.wb.Sheets['Table 1']!, { header: 1, defval: '' })
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['#', 'Question', 'Response'],
      ['1', 'Do you encrypt backups?', 'Yes'],
      ['2', 'Do you test restores?', 'Yes'],
    ])
  })
})

describe('legacy .xls questionnaires', () => {
  it('are read through SheetJS and come back as .xlsx, saying so in _SUMMARY', () => {
    const wb = XLSX.utils.book_new()
    const rows = [
      ['ID', 'Question', 'Response', 'Comments'],
      ['A-1', 'Do you encrypt laptops?'],
      ['A-2', 'Do you review access quarterly?'],
    ]
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Controls')
    const xls = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer)
    const run = complete('legacy.xls', xls, (q) => answer(q, 'YES'))
    expect(run.questionnaire).toMatchObject({ format: 'xls', kind: 'Custom spreadsheet (.xls)' })
    expect(run.questionnaire.notes[0]).toMatch(/^Legacy \.xls file: its dropdown lists cannot be read/)
    expect(new TextDecoder().decode(run.output.subarray(0, 2))).toBe('PK')
    expect(run.wb.SheetNames).toEqual(['Controls', '_SUMMARY'])
    expect([value(run.wb, 'Controls', 'C2'), value(run.wb, 'Controls', 'C3')]).toEqual(['Yes', 'Yes'])
    const notes = XLSX.utils
      .sheet_to_json<string[]>(run.wb.Sheets._SUMMARY!, { header: 1 })
      .filter((r) => r[0] === 'Note')
      .map((r) => r[1])
    expect(notes).toContain(
      'The original was a legacy .xls workbook; this completed copy is .xlsx, converted by QFill (values, formulas and merged cells kept; dropdowns and some formatting of the .xls may be lost).',
    )
  })
})
