import * as XLSX from '@e965/xlsx'
import { buildXlsx } from '../fixtures/questionnaires/xlsx-builder'

/**
 * A questionnaire for review tests: Yes/No/N/A dropdowns on the answer column (so a value outside the list can be
 * refused), one free-text question, an instructions sheet and a formula that must survive every rebuild.
 */
export const REVIEW_QUESTIONS = [
  ['AC-1', 'Do you require multi-factor authentication for administrative access to production systems?'],
  ['EN-1', 'Is customer data encrypted at rest?'],
  ['LG-1', 'Are security events from production systems logged centrally?'],
  ['PH-1', 'Do you operate your own physical data centres with biometric locks?'],
  ['BC-1', 'Do you test your business continuity plan every year?'],
  ['HO-1', 'Describe your hosting provider and the regions you use.'],
] as const

export function reviewQuestionnaireXlsx(): Uint8Array {
  const rows = [
    ['Vendor security questionnaire'],
    [],
    ['ID', 'Question', 'Answer', 'Comments'],
    ...REVIEW_QUESTIONS.map(([id, q]) => [id, q, '', '']),
    [],
    ['Answered with Yes', { f: 'COUNTIF(C4:C8,"Yes")', v: 0 }],
  ]
  return buildXlsx({
    sheets: [
      { name: 'Questions', rows, lists: [{ sqref: 'C4:C8', formula: '"Yes,No,N/A"' }] },
      { name: 'Instructions', rows: [['Instructions'], ['Answer every question.']] },
    ],
  })
}

/** Every cell of a sheet as text, by A1 reference. */
export function cellsOf(bytes: Uint8Array, sheet: string): Map<string, string> {
  const wb = XLSX.read(bytes, { type: 'array', cellFormula: true })
  const ws = wb.Sheets[sheet]
  if (!ws) throw new Error(`no sheet ${sheet} in ${wb.SheetNames.join(', ')}`)
  const cells = new Map<string, string>()
  for (const [ref, cell] of Object.entries(ws)) {
    if (ref.startsWith('!')) continue
    const c = cell as XLSX.CellObject
    cells.set(ref, c.f ? `=${c.f}` : String(c.v ?? ''))
  }
  return cells
}

/** The references whose text differs between two versions of a sheet. */
export function changedCells(before: Map<string, string>, after: Map<string, string>): string[] {
  const refs = new Set([...before.keys(), ...after.keys()])
  return [...refs].filter((r) => (before.get(r) ?? '') !== (after.get(r) ?? '')).sort()
}
