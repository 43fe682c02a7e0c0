import * as XLSX from '@e965/xlsx'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OfflineEngine } from '../answering/offline/engine'
import { NO_EVIDENCE_TEXT } from '../answering/contract'
import { loadLabelledSet } from '../../bench/sets'
import { evidenceMd, readSheet } from '../../tests/support/files'
import { runPipeline } from './run.server'

const NOW = { now: new Date('2025-01-01T00:00:00Z') }

/** A questionnaire the vendor has partly answered already: one row says No (with an explanation), one Yes. */
function partlyAnswered(): Uint8Array {
  const rows = [
    ['ID', 'Question', 'Answer', 'Comments'],
    [
      'AC-1',
      'Do you require multi-factor authentication for administrative access to production systems?',
      'No',
      'Our own note: MFA is optional.',
    ],
    ['EN-1', 'Is customer data encrypted at rest?', 'Yes', 'Vendor explanation kept as written.'],
    ['LG-1', 'Are security events from production systems logged centrally?', '', ''],
    ['PH-1', 'Do you operate your own physical data centres with biometric locks?', '', ''],
    ['TX-1', 'Where is customer data stored?', '', ''],
  ]
  const wb = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Questions')
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

async function run(unanswered?: 'blank' | 'no') {
  return runPipeline({
    questionnaire: { name: 'vendor.xlsx', bytes: partlyAnswered() },
    evidence: [{ name: 'policy.md', bytes: evidenceMd() }],
    engine: new OfflineEngine(NOW),
    unanswered,
  })
}

describe('the output contract', () => {
  it('keeps answers already in the file, flags the one the evidence contradicts, leaves silent rows empty and never writes Yes/No into a free-text row', async () => {
    const result = await run()
    const byId = new Map(result.entries.map((e) => [e.id, e]))
    // Kept, never overwritten: the cells still say what the vendor wrote.
    const rows = readSheet(result.xlsx, 'Questions')
    expect(rows[1]!.slice(2, 4)).toEqual(['No', 'Our own note: MFA is optional.'])
    expect(rows[2]!.slice(2, 4)).toEqual(['Yes', 'Vendor explanation kept as written.'])
    expect(byId.get('EN-1')).toMatchObject({ preexisting: true, flagged: false, cellValue: '' })
    // The evidence says MFA is required: the kept No is flagged, with the quote that contradicts it.
    expect(byId.get('AC-1')).toMatchObject({ preexisting: true, flagged: true })
    expect(byId.get('AC-1')!.reason).toMatch(/the evidence contradicts your answer \(No\)/)
    expect(byId.get('AC-1')!.citations[0]!.file).toBe('policy.md')
    // Evidence found: answered and cited.
    expect(byId.get('LG-1')).toMatchObject({ answer: 'YES', cellValue: 'Yes' })
    // No evidence: answer null, the cell left empty, the comment asks for an answer, flagged.
    expect(byId.get('PH-1')).toMatchObject({ answer: null, cellValue: '', comment: NO_EVIDENCE_TEXT, flagged: true })
    expect(rows[4]![2] ?? '').toBe('')
    expect(rows[4]![3]).toBe(NO_EVIDENCE_TEXT)
    // A question that asks for text never gets a bare Yes/No.
    expect(byId.get('TX-1')!.cellValue).not.toMatch(/^(?:yes|no)$/i)
    expect(result.answersJson.questions.find((q) => q.id === 'PH-1')!.answer).toBeNull()
  })

  it('answers No where the evidence is silent only when asked to, flagged', async () => {
    const result = await run('no')
    const ph = result.entries.find((e) => e.id === 'PH-1')!
    expect(ph).toMatchObject({ answer: 'NO', cellValue: 'No', flagged: true })
    expect(ph.reason).toMatch(/answered No as you asked/)
    // Free-text rows stay for the user even then.
    expect(result.entries.find((e) => e.id === 'TX-1')!.cellValue).not.toMatch(/^(?:yes|no)$/i)
  })
})

describe('the labelled open-data set loader', () => {
  it('reads a labelled set (labels hidden from the questionnaire) and says why when the file is absent', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'qfill-labelled-'))
    const file = 'sample/set.json'
    expect(loadLabelledSet(root, file)).toMatch(/^skipped: sample\/set\.json is not in this checkout/)
    mkdirSync(path.join(root, 'tests/fixtures/open/policies'), { recursive: true })
    mkdirSync(path.join(root, 'sample'))
    writeFileSync(
      path.join(root, 'tests/fixtures/open/policies/access.md'),
      '# Access\nAll production access requires multi-factor authentication.\n',
    )
    const q = (id: string, question: string, label: 'yes' | 'no' | 'not-stated', quote: string | null = null) => ({
      id,
      question,
      label,
      quote,
      quoteFile: quote ? 'policies/access.md' : null,
    })
    writeFileSync(
      path.join(root, file),
      JSON.stringify({
        name: 'Sample',
        evidence: ['policies/access.md'],
        questions: [
          q(
            '1',
            'Is MFA required for production access?',
            'yes',
            'All production access requires multi-factor authentication.',
          ),
          q('2', 'Do you allow shared accounts?', 'not-stated'),
          q('3', 'Is the management of your network outsourced?', 'not-stated'),
          q('4', 'Are backups tested?', 'not-stated'),
          q(
            '5',
            'Is production access granted without MFA?',
            'no',
            'All production access requires multi-factor authentication.',
          ),
        ],
      }),
    )
    const sets = loadLabelledSet(root, file)
    if (typeof sets === 'string') throw new Error(sets)
    expect(sets).toHaveLength(1)
    const set = sets[0]!
    expect(set.questionnaire.questions.map((x) => x.id)).toEqual(['1', '2', '3', '4', '5'])
    expect([...set.truth.values()]).toEqual(['YES', 'NOT_STATED', 'NOT_STATED', 'NOT_STATED', 'NO'])
    expect(set.evidence.map((e) => e.name)).toEqual(['access.md'])
    expect(JSON.stringify(set.questionnaire)).not.toMatch(/not-stated|"label"/)
    writeFileSync(path.join(root, file), JSON.stringify({ name: 'Bad', evidence: [], questions: [] }))
    expect(loadLabelledSet(root, file)).toMatch(/does not match the labelled-set format/)
  })
})
