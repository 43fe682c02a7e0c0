import * as XLSX from '@e965/xlsx'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Answer, AnswerLabel } from '../../app/answering/model'
import { summarize } from '../../app/answering/summary'
import { answeredQuestions, runContext } from '../../app/pipeline/results'
import { planWrites } from '../../app/questionnaire/write/cell-writes'
import type { Questionnaire } from '../../app/questionnaire/model'
import { parseQuestionnaire } from '../../app/questionnaire/parse.server'
import { writeCompletedWorkbook } from '../../app/questionnaire/write/write.server'
import { answerCells, compareWorkbooks } from '../fixtures/questionnaires/fidelity'
import { checkWrittenParts } from '../support/strict-xml'

/** Programs the tests run (LibreOffice), awaited so the test process keeps answering vitest. */
const run = promisify(execFile)

// Evaluation-only data: read in place from ../shared/data/eval, never copied into the project.
const EVAL = path.resolve(__dirname, '../..', '../shared/data/eval')
const exists = existsSync(EVAL)
if (!exists) console.log('questionnaire corpus tests skipped: ../shared/data/eval not found')
const libreoffice = ['/usr/bin/libreoffice', '/usr/bin/soffice', '/usr/local/bin/libreoffice'].find((p) =>
  existsSync(p),
)

interface Expected {
  file: string
  kind: string
  /** Per answer sheet: questions read, company-profile rows among them, rows whose answer cell is a formula. */
  sheets: { name: string; questions: number; profile: number; mirrored: number; headerRow: number }[]
  columns: { id: string; question: string; answer: string; comment: string }
  lists: string[][]
  firstIds: string[]
  /** Question rows in the workbook (SOURCES.md counts them with or without profile rows). */
  rows: number
  /** First and last question row, where SOURCES.md states them. */
  span?: [number, number]
}

const YES_NO = ['Yes', 'No']
const YES_NO_NA = ['Yes', 'No', 'N/A']
const caiq = (file: string): Expected => ({
  file,
  kind: 'CAIQ 4.0.3',
  sheets: [{ name: 'CAIQv4.0.3', questions: 261, profile: 0, mirrored: 0, headerRow: 2 }],
  columns: { id: 'A', question: 'B', answer: 'C', comment: 'E' },
  lists: [['Yes', 'No', 'NA']],
  firstIds: ['A&A-01.1', 'A&A-01.2', 'A&A-02.1'],
  rows: 261,
  span: [3, 263],
})
const HECVAT3_COLUMNS = { id: 'A', question: 'B', answer: 'C', comment: 'D' }
const lite = (file: string): Expected => ({
  file: `instructure/questionnaires/${file}`,
  kind: 'HECVAT Lite 3.04',
  sheets: [{ name: 'HECVAT - Lite | Vendor Response', questions: 94, profile: 16, mirrored: 0, headerRow: 23 }],
  columns: HECVAT3_COLUMNS,
  lists: [YES_NO],
  firstIds: ['DATE-01', 'GNRL-01', 'GNRL-02'],
  rows: 78 + 16,
})

const CORPUS: Expected[] = [
  caiq('caiq-v4/CAIQv4.0.3_STAR-Security-Questionnaire_Generated-at_2024-06-03.xlsx'),
  caiq('instructure/questionnaires/Instructure_CAIQ.xlsx'),
  {
    file: 'hecvat/HECVAT_v4.1.4_blank.xlsx',
    kind: 'HECVAT 4.1.4',
    sheets: [
      { name: 'START HERE', questions: 22, profile: 9, mirrored: 0, headerRow: 22 },
      { name: 'Organization', questions: 43, profile: 0, mirrored: 8, headerRow: 12 },
      { name: 'Product', questions: 41, profile: 0, mirrored: 5, headerRow: 12 },
      { name: 'Infrastructure', questions: 51, profile: 0, mirrored: 5, headerRow: 12 },
      { name: 'IT Accessibility', questions: 18, profile: 5, mirrored: 5, headerRow: 12 },
      { name: 'Case-Specific', questions: 60, profile: 0, mirrored: 8, headerRow: 12 },
      { name: 'AI', questions: 31, profile: 0, mirrored: 5, headerRow: 12 },
      { name: 'Privacy', questions: 65, profile: 1, mirrored: 9, headerRow: 12 },
    ],
    columns: HECVAT3_COLUMNS,
    lists: [
      YES_NO,
      YES_NO_NA,
      ['Self-Managed', 'Physical Co-Location', 'Virtual Co-Location', 'AWS', 'Azure', 'GCP', 'Hybrid/Other'],
    ],
    firstIds: ['GNRL-01', 'GNRL-02', 'GNRL-03'],
    // 331 questions plus 45 GNRL/REQU rows that repeat START HERE answers through formulas.
    rows: 376,
  },
  {
    file: 'instructure/questionnaires/Canvas_LMS_HECVAT_Full.xlsx',
    kind: 'HECVAT Full 3.04',
    sheets: [{ name: 'HECVAT - Full | Vendor Response', questions: 255, profile: 16, mirrored: 0, headerRow: 24 }],
    columns: HECVAT3_COLUMNS,
    lists: [
      YES_NO,
      [
        '1) Self owned and managed',
        '2) Physical Co-location',
        '3) Virtual Co-location',
        '4) AWS',
        '5) Azure',
        '6) GCP',
        '7) Other',
      ],
      YES_NO_NA,
      ['1) Yes', '2) No'],
      ['1) Yes', '2) No', '3) Both modes available', '4) N/A'],
      ['Tier I', 'Tier II', 'Tier III', 'Tier IV', 'N/A'],
    ],
    firstIds: ['DATE-01', 'GNRL-01', 'GNRL-02'],
    rows: 255,
  },
  lite('Canvas_Catalog_HECVAT_Lite.xlsx'),
  lite('Canvas_Studio_HECVAT_Lite.xlsx'),
  lite('Mastery_Connect_HECVAT_Lite.xlsx'),
]

const LABELS: AnswerLabel[] = ['YES', 'NO', 'PARTIALLY', 'PLANNED', 'N/A']

/** Deterministic answers that exercise every label, free text, citations and hostile text. */
function answersFor(q: Questionnaire): Answer[] {
  return q.questions.map((x, i) => ({
    key: x.key,
    label: LABELS[i % LABELS.length]!,
    planned: 'Q2/2027',
    text:
      i % 7 === 0
        ? '=HYPERLINK("http://evil.example","click") is what we run'
        : `Answered from the policy, row ${x.location.row}.`,
    confidence: (i % 11) / 10,
    citations:
      i % 3
        ? [
            {
              file: 'Security Overview.pdf',
              location: `page ${(i % 9) + 1}`,
              quote: 'Customer data is encrypted in transit and at rest.',
            },
          ]
        : [],
    flagged: i % 2 === 0,
    reasons: i % 2 === 0 ? ['low keyword overlap with the evidence'] : [],
  }))
}

const work = exists ? mkdtempSync(path.join(tmpdir(), 'qfill-corpus-')) : ''
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe.skipIf(!exists)(
  exists
    ? 'questionnaire corpus in ../shared/data/eval'
    : 'questionnaire corpus: skipped: ../shared/data/eval not found',
  () => {
    describe.each(CORPUS)('$file', (expected) => {
      const fileName = path.basename(expected.file)
      let bytes: Uint8Array
      let q: Questionnaire
      // Read in beforeAll: a skipped describe still runs its body while collecting tests.
      beforeAll(() => {
        bytes = new Uint8Array(readFileSync(path.join(EVAL, expected.file)))
        q = parseQuestionnaire(fileName, bytes)
      })

      it('finds exactly the question rows of the answer sheets, with their columns', () => {
        expect(q.kind).toBe(expected.kind)
        expect(
          q.sheets.map((s) => ({
            name: s.name,
            questions: s.questionCount,
            profile: s.profileCount,
            mirrored: s.mirroredRows,
            headerRow: s.headerRow,
          })),
        ).toEqual(expected.sheets)
        for (const s of q.sheets) {
          expect({
            id: s.idColumn,
            question: s.questionColumn,
            answer: s.answerColumn,
            comment: s.commentColumn,
          }).toEqual(expected.columns)
          expect(s.added).toBeUndefined()
        }
        expect(q.questions.length + q.sheets.reduce((n, s) => n + s.mirroredRows, 0)).toBe(expected.rows)
        expect(q.questions.slice(0, 3).map((x) => x.id)).toEqual(expected.firstIds)
        if (expected.span)
          expect([q.questions[0]!.location.row, q.questions.at(-1)!.location.row]).toEqual(expected.span)
      })

      it('takes no row of a scoring, report or reference sheet for a question', () => {
        const answerSheets = new Set(expected.sheets.map((s) => s.name))
        expect(q.questions.filter((x) => !answerSheets.has(x.location.sheet))).toEqual([])
        expect(new Set(q.questions.map((x) => x.key)).size).toBe(q.questions.length)
      })

      it('reads the allowed values of the answer cells, x14 and cross-sheet lists included', () => {
        expect(
          q.sheets
            .flatMap((s) => s.allowedLists)
            .filter((l, i, all) => all.findIndex((m) => m.join() === l.join()) === i),
        ).toEqual(expected.lists)
        const yesNo = q.questions.filter((x) => x.kind === 'question' && x.allowed?.length)
        expect(yesNo.length).toBeGreaterThan(q.questions.length / 2)
      })

      it('writes answers that change only answer and comment cells, keep every validation, and respect the lists', () => {
        const entries = answeredQuestions(q, answersFor(q))
        const summary = summarize(
          entries,
          runContext({ questionnaire: q, evidence: [], engine: 'corpus', durationMs: 1 }),
        )
        const output = writeCompletedWorkbook({ questionnaire: q, original: bytes, entries, summary })
        writeFileSync(path.join(work, fileName), output)
        // The cells that may change come from the model, not from the writer's own plan.
        const allowed = answerCells(q)
        const written = new Map([...planWrites(q, entries)].map(([s, w]) => [s, new Set(w.cells.keys())]))
        for (const [sheet, refs] of written)
          for (const ref of refs) expect(allowed.get(sheet)?.has(ref), `${sheet}!${ref}`).toBe(true)
        const report = compareWorkbooks(bytes, output, allowed)
        expect(report).toMatchObject({
          missingSheets: [],
          changedCells: [],
          changedValidations: [],
          missingParts: [],
          changedParts: [],
        })
        expect(report.addedParts).toHaveLength(1)
        // Every part QFill wrote parses with a strict, namespace-aware XML parser.
        expect(checkWrittenParts(bytes, output).length).toBeGreaterThanOrEqual(4)

        const wb = XLSX.read(output, { type: 'array' })
        expect(wb.SheetNames.at(-1)).toBe('_SUMMARY')
        let listAnswers = 0
        q.questions.forEach((x, i) => {
          const cell = x.location.answerCell && wb.Sheets[x.location.sheet]![x.location.answerCell]
          if (!x.allowed || !entries[i]!.cellValue || !cell) return
          expect(x.allowed).toContain(cell.v)
          listAnswers++
        })
        expect(listAnswers).toBeGreaterThan(0)
        for (const name of written.keys()) {
          for (const [ref, cell] of Object.entries(wb.Sheets[name]!)) {
            if (
              !ref.startsWith('!') &&
              written.get(name)!.has(ref) &&
              typeof (cell as XLSX.CellObject).v === 'string'
            ) {
              expect((cell as XLSX.CellObject).v).not.toMatch(/^[=+\-@\t\r]/)
            }
          }
        }
        // Our own reader finds the same questions and the same dropdowns in the output.
        const again = parseQuestionnaire(fileName, output)
        expect(again.questions.map((x) => [x.key, x.allowed])).toEqual(q.questions.map((x) => [x.key, x.allowed]))
      })

      it.skipIf(!libreoffice)('opens in LibreOffice with its dropdowns intact', { timeout: 180_000 }, async () => {
        const input = path.join(work, fileName)
        if (!existsSync(input)) throw new Error('the write test did not produce a workbook')
        const outDir = path.join(work, `lo-${fileName}`)
        // Awaited rather than blocking: a test process blocked for minutes cannot answer vitest.
        await run(
          libreoffice!,
          [
            `-env:UserInstallation=file://${work}/lo-profile`,
            '--headless',
            '--convert-to',
            'xlsx',
            '--outdir',
            outDir,
            input,
          ],
          { timeout: 170_000 },
        )
        const converted = new Uint8Array(readFileSync(path.join(outDir, fileName)))
        // LibreOffice re-saved the workbook from what it loaded: the same questions must carry the same lists.
        const reread = parseQuestionnaire(fileName, converted)
        const allowed = new Map(reread.questions.map((x) => [x.key, x.allowed]))
        for (const x of q.questions)
          if (x.allowed && !x.location.markCells) expect(allowed.get(x.key)).toEqual(x.allowed)
        expect(XLSX.read(converted, { type: 'array', bookSheets: true }).SheetNames).toEqual([
          ...XLSX.read(bytes, { type: 'array', bookSheets: true }).SheetNames,
          '_SUMMARY',
        ])
      })
    })

    it('links questions that depend on an earlier answer', () => {
      const hecvat = parseQuestionnaire(
        'HECVAT_v4.1.4_blank.xlsx',
        new Uint8Array(readFileSync(path.join(EVAL, 'hecvat/HECVAT_v4.1.4_blank.xlsx'))),
      )
      const byId = new Map(hecvat.questions.map((x) => [x.id, x]))
      const parent = (id: string) => {
        const dep = byId.get(id)!.dependsOn
        return dep && `${hecvat.questions.find((x) => x.key === dep.key)!.id}=${dep.when}`
      }
      expect(parent('OPEM-05')).toBe('OPEM-04=YES') // "If you answered "yes" to OPEM-04, ..."
      expect(parent('ITAC-06')).toBe('REQU-02=YES') // hidden If/then rule: "If REQU-02 is no, populate ..."
      expect(parent('AIML-01')).toBe('AIQU-01=YES')
      expect(parent('HIPA-01')).toBe('REQU-05=YES')
      expect(parent('COMP-01')).toBeUndefined()

      const full = parseQuestionnaire(
        'Canvas_LMS_HECVAT_Full.xlsx',
        new Uint8Array(readFileSync(path.join(EVAL, 'instructure/questionnaires/Canvas_LMS_HECVAT_Full.xlsx'))),
      )
      const fullById = new Map(full.questions.map((x) => [x.id, x]))
      const qual01 = fullById.get('QUAL-01')!
      // The HIPAA section heading is a formula on QUAL-01's answer cell.
      expect(fullById.get('HIPA-01')!.dependsOn).toEqual({ key: qual01.key, when: 'YES' })
      expect(fullById.get('HIPA-29')!.dependsOn).toEqual({ key: qual01.key, when: 'YES' })
    })
  },
)
