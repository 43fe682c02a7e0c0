import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildXlsx } from '../../tests/fixtures/questionnaires/xlsx-builder'
import { OfflineEngine } from '../answering/offline/engine'
import { runPipeline, type PipelineResult } from '../pipeline/run.server'
import { count, duration } from './pdf-kit'
import { libraryLine, mostImportantFlagged } from './summary-pdf'

const poppler = existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdftotext')
if (!poppler) console.log('summary PDF rendering tests skipped: pdftoppm/pdftotext (poppler-utils) not installed')

const LONG_NAME = `Annual_Vendor_Security_and_Privacy_Assessment_${'for_the_Procurement_Office_'.repeat(4)}FINAL_v7.xlsx`
const QUESTIONS = [
  'Do you encrypt customer data at rest?*',
  'Is multi-factor authentication enforced for administrators?',
  'Do you run background checks on all employees?',
  `Do you ${'continuously and exhaustively '.repeat(25)}monitor production systems?*`,
  'Describe your incident response process.',
  'Do you hold a current SOC 2 Type II report?',
  'Are backups tested at least annually?',
  'Do you maintain a software bill of materials for every release?*',
]

/** A run through the real pipeline: ten evidence files with long names (one empty), long questions, a long file name. */
async function run(): Promise<PipelineResult> {
  const bytes = buildXlsx({
    sheets: [
      {
        name: 'Vendor Response',
        rows: [
          ['ID', 'Question', 'Answer', 'Comments'],
          ['GNRL-01', 'Vendor name'],
          ...QUESTIONS.map((q, i) => [`SEC-${i + 1}`, q]),
        ],
      },
    ],
  })
  const evidence = Array.from({ length: 10 }, (_, i) => ({
    name: `${String(i + 1).padStart(2, '0')}_${'Information_Security_Policy_and_Standards_'.repeat(3)}${i}.md`,
    bytes: new TextEncoder().encode(
      i === 9
        ? ''
        : `# Security\n\nAll customer data is encrypted at rest with AES-256.\n\nAdministrators must use multi-factor authentication.\n\nBackups are restored and tested every quarter.\n${'Additional context. '.repeat(i * 20)}`,
    ),
  }))
  return runPipeline({ questionnaire: { name: LONG_NAME, bytes }, evidence, engine: new OfflineEngine() })
}

describe.skipIf(!poppler)(
  poppler ? 'the executive summary PDF' : 'the executive summary PDF: skipped: poppler-utils not installed',
  () => {
    let result: PipelineResult
    let dir: string
    let text: string
    beforeAll(async () => {
      result = await run()
      dir = mkdtempSync(path.join(tmpdir(), 'qfill-pdf-'))
      writeFileSync(path.join(dir, 'summary.pdf'), result.pdf)
      execFileSync('pdftoppm', ['-png', '-r', '60', path.join(dir, 'summary.pdf'), path.join(dir, 'page')])
      text = execFileSync('pdftotext', ['-raw', path.join(dir, 'summary.pdf'), '-'], { encoding: 'utf8' })
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('is exactly one page, and nothing is drawn beyond it', () => {
      expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toEqual(['page-1.png'])
      const bbox = execFileSync('pdftotext', ['-bbox', path.join(dir, 'summary.pdf'), '-'], { encoding: 'utf8' })
      const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(bbox)!
      const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)]
      expect(words.length).toBeGreaterThan(100)
      for (const w of words) {
        expect(Number(w[3])).toBeLessThanOrEqual(Number(page[1]))
        expect(Number(w[4])).toBeLessThanOrEqual(Number(page[2]))
      }
    })

    it('shows the figures of answers.json', () => {
      const s = result.answersJson.summary
      expect(s.evidence).toHaveLength(10)
      // Card labels may wrap onto two lines.
      const flat = text.replace(/\s+/g, ' ')
      expect(flat).toContain(`QUESTIONS ${count(s.questions)} `)
      expect(flat).toContain(`ANSWERED ${count(s.answered)} `)
      expect(flat).toContain(`CONFIRMED BY YOU 0 `)
      expect(flat).toContain(`FLAGGED FOR REVIEW ${count(s.flagged)} `)
      expect(flat).toContain(`AVERAGE CONFIDENCE ${Math.round(s.averageConfidence * 100)} % `)
      const share = (n: number) => `${n} (${Math.round((n / s.questions) * 100)} %)`
      expect(text).toContain(`High (85 % and above) ${share(s.buckets.high)}`)
      expect(text).toContain(`Medium (60-84 %) ${share(s.buckets.medium)}`)
      expect(text).toContain(`Low (under 60 %) ${share(s.buckets.low)}`)
      expect(text).toContain(`Engine ${s.engine}\nProcessing time ${duration(s.durationMs)}\n`)
      expect(text).toContain(`Evidence files 10 (${s.evidence.filter((e) => e.status !== 'ok').length} gave no text)`)
      expect(text).toContain(`Left unanswered ${s.questions - s.answered} of ${s.questions}`)
      expect(text).toContain(`${s.sheets.length} sheet with questions. Vendor Response: ${s.sheets[0]!.questions}`)
      for (const e of s.evidence) {
        const line = text
          .split('\n')
          .find(
            (l) =>
              l.startsWith(e.file.slice(0, 12)) &&
              l.includes(e.status === 'ok' ? `${count(e.chars)} characters of text` : 'no text:'),
          )
        expect(line, e.file).toBeDefined()
      }
      expect(text).toContain(`FLAGGED FOR REVIEW: ${s.flagged}`)
      for (const r of s.topReasons.slice(0, 3)) expect(text).toContain(`${r.count} ${r.reason.slice(0, 40)}`)
    })

    it('names the questionnaire, its type and the most important flagged questions', () => {
      // Long names keep both ends: the start and the extension.
      expect(text).toMatch(
        /^EXECUTIVE SUMMARY · QFILL\nAnnual_Vendor_Security_and_Privacy_\S*\.\.\.\S*_FINAL_v7\.xlsx\n/,
      )
      expect(text).toMatch(/\nCustom spreadsheet, \.xlsx file · generated \d{4}-\d\d-\d\d \d\d:\d\d UTC\n/)
      const top = mostImportantFlagged(result.entries, 5)
      expect(top.length).toBeGreaterThan(0)
      for (const e of top) expect(text).toContain(`\n${e.id} `)
      // Critical questions (marked *) come first among flagged ones.
      const critical = result.entries.filter((e) => e.flagged && e.question.endsWith('*'))
      if (critical.length) expect(critical.map((e) => e.id)).toContain(top[0]!.id)
    })
  },
)

describe('libraryLine', () => {
  it('says whose earlier answers a library file holds', () => {
    const l = { file: 'a.xlsx', vendor: 'Acme', product: 'Rocket', family: 'HECVAT Full', version: '3.04', date: null }
    expect(libraryLine(l)).toBe('earlier answers for Rocket (HECVAT Full 3.04)')
    expect(libraryLine({ ...l, product: null, family: null, version: null })).toBe(
      'earlier answers for Acme (no product named)',
    )
  })
})
