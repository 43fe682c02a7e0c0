import * as XLSX from '@e965/xlsx'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerCells, compareWorkbooks } from '../../../tests/fixtures/questionnaires/fidelity'
import { buildXlsx } from '../../../tests/fixtures/questionnaires/xlsx-builder'
import { checkWrittenParts } from '../../../tests/support/strict-xml'
import type { Answer } from '../../answering/model'
import { summarize } from '../../answering/summary'
import { answeredQuestions, runContext } from '../../pipeline/results'
import type { Questionnaire } from '../model'
import { parseQuestionnaire } from '../parse.server'
import { writeCompletedWorkbook } from './write.server'

/**
 * Write-back on workbooks from several producers: each declares its namespaces differently (Excel on the root,
 * openpyxl `xmlns:r` on each <sheet>, LibreOffice and SheetJS their own ways, hand-written packages anywhere and
 * under any prefix). Every part QFill writes must be well-formed, namespace-correct XML, and the completed
 * workbook must open in LibreOffice with the answers in it and the dropdowns kept.
 */

const soffice = [
  '/usr/bin/soffice',
  '/usr/bin/libreoffice',
  '/usr/local/bin/soffice',
  '/usr/local/bin/libreoffice',
].find((p) => existsSync(p))
if (!soffice)
  throw new Error(
    'LibreOffice (soffice) is needed by the write-back producer tests: install it (apt-get install libreoffice-calc).',
  )

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'
const CT = 'http://schemas.openxmlformats.org/package/2006/content-types'

const QUESTIONS = [
  ['ID', 'Question', 'Answer', 'Comments'],
  ['Q-1', 'Do you encrypt customer data at rest?'],
  ['Q-2', 'Do you run annual penetration tests?'],
  ['Q-3', 'Do you have a documented incident response plan?'],
]

const run = promisify(execFile)

let work: string
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'qfill-producers-'))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** LibreOffice, awaited rather than blocking: a test process blocked for minutes cannot answer vitest. */
async function soffice_(args: string[]) {
  await run(soffice!, [`-env:UserInstallation=file://${work}/lo-profile`, '--headless', ...args], {
    timeout: 170_000,
  })
}

function complete(fileName: string, bytes: Uint8Array) {
  const questionnaire = parseQuestionnaire(fileName, bytes)
  const answers: Answer[] = questionnaire.questions.map((q: Questionnaire['questions'][number]) => ({
    key: q.key,
    label: 'YES',
    text: 'Stated in the security policy.',
    confidence: 0.92,
    citations: [{ file: 'policy.md', location: 'section 2', quote: 'Customer data is encrypted at rest.' }],
    flagged: false,
    reasons: [],
  }))
  const entries = answeredQuestions(questionnaire, answers)
  const summary = summarize(entries, runContext({ questionnaire, evidence: [], engine: 'test', durationMs: 5 }))
  const output = writeCompletedWorkbook({ questionnaire, original: bytes, entries, summary })
  return { questionnaire, output }
}

/** Converts every sheet of a workbook to CSV with LibreOffice; returns sheet name → rows. */
async function openInLibreOffice(name: string, bytes: Uint8Array): Promise<Map<string, string[][]>> {
  const dir = mkdtempSync(path.join(work, 'lo-'))
  const file = path.join(dir, name)
  writeFileSync(file, bytes)
  // Filter options: comma, double quote, UTF-8, from line 1, ..., and -1 = every sheet to its own file.
  await soffice_([
    '--convert-to',
    'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
    '--outdir',
    dir,
    file,
  ])
  const sheets = new Map<string, string[][]>()
  const stem = name.replace(/\.xlsx$/, '')
  for (const f of readdirSync(dir).filter((f) => f.startsWith(`${stem}-`) && f.endsWith('.csv'))) {
    const wb = XLSX.read(readFileSync(path.join(dir, f), 'utf8'), { type: 'string', raw: true })
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]!]!, {
      header: 1,
      defval: '',
      raw: false,
    })
    sheets.set(f.slice(stem.length + 1, -4), rows)
  }
  if (!sheets.size) throw new Error(`LibreOffice did not open ${name}`)
  return sheets
}

async function expectAnswersInLibreOffice(name: string, output: Uint8Array, sheet: string) {
  const sheets = await openInLibreOffice(name, output)
  const rows = sheets.get(sheet)
  expect(rows, `LibreOffice sheets: ${[...sheets.keys()].join(', ')}`).toBeDefined()
  for (const id of ['Q-1', 'Q-2', 'Q-3']) {
    const row = rows!.find((r) => r[0] === id)
    expect(row?.[2], id).toBe('Yes')
    expect(row?.[3], id).toContain('Customer data is encrypted at rest.')
  }
  expect([...sheets.keys()]).toContain('_SUMMARY')
}

/** Write-back must leave everything but the answer and comment cells as it was, dropdowns included. */
function expectOnlyAnswersChanged(
  input: Uint8Array,
  output: Uint8Array,
  questionnaire: Questionnaire,
  allowedParts: string[] = [],
) {
  const report = compareWorkbooks(input, output, answerCells(questionnaire))
  expect(report.missingSheets).toEqual([])
  expect(report.changedCells).toEqual([])
  expect(report.changedValidations).toEqual([])
  expect(report.missingParts).toEqual([])
  expect(report.changedParts.filter((p) => !allowedParts.includes(p))).toEqual([])
}

describe('write-back on workbooks from every producer', () => {
  it('an Excel-style workbook (namespaces on the root, r: prefix, x14 dropdowns)', { timeout: 180_000 }, async () => {
    const input = buildXlsx({
      sheets: [
        { name: 'Questions', rows: QUESTIONS, lists: [{ sqref: 'C2:C4', formula: 'Lists!$A$1:$A$2', x14: true }] },
        { name: 'Lists', rows: [['Yes'], ['No']] },
      ],
    })
    const { questionnaire, output } = complete('excel.xlsx', input)
    expect(questionnaire.questions).toHaveLength(3)
    expect(checkWrittenParts(input, output)).toEqual([
      '[Content_Types].xml',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet3.xml',
    ])
    expectOnlyAnswersChanged(input, output, questionnaire)
    await expectAnswersInLibreOffice('excel-done.xlsx', output, 'Questions')
  })

  it('a SheetJS-written workbook', { timeout: 180_000 }, async () => {
    const wb = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(QUESTIONS), 'Questions')
    const input = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
    const { questionnaire, output } = complete('sheetjs.xlsx', input)
    expect(questionnaire.questions).toHaveLength(3)
    const written = checkWrittenParts(input, output)
    expect(written).toContain('xl/workbook.xml')
    expectOnlyAnswersChanged(input, output, questionnaire)
    await expectAnswersInLibreOffice('sheetjs-done.xlsx', output, 'Questions')
  })

  it('a LibreOffice-saved workbook keeps its dropdowns', { timeout: 180_000 }, async () => {
    const source = buildXlsx({
      sheets: [{ name: 'Questions', rows: QUESTIONS, lists: [{ sqref: 'C2:C4', formula: '"Yes,No,N/A"' }] }],
    })
    const dir = mkdtempSync(path.join(work, 'lo-save-'))
    writeFileSync(path.join(dir, 'source.xlsx'), source)
    await soffice_(['--convert-to', 'xlsx', '--outdir', path.join(dir, 'out'), path.join(dir, 'source.xlsx')])
    const input = new Uint8Array(readFileSync(path.join(dir, 'out', 'source.xlsx')))
    expect(strFromU8(unzipSync(input)['docProps/app.xml']!)).toMatch(/LibreOffice/)
    const { questionnaire, output } = complete('libreoffice.xlsx', input)
    expect(questionnaire.questions).toHaveLength(3)
    expect(questionnaire.questions[0]!.allowed).toEqual(['Yes', 'No', 'N/A'])
    checkWrittenParts(input, output)
    expectOnlyAnswersChanged(input, output, questionnaire)
    expect(parseQuestionnaire('done.xlsx', output).questions[0]!.allowed).toEqual(['Yes', 'No', 'N/A'])
    await expectAnswersInLibreOffice('libreoffice-done.xlsx', output, 'Questions')
  })

  it('a hand-built package declaring namespaces per element under unusual prefixes', { timeout: 180_000 }, async () => {
    const input = handBuilt({ doctype: false })
    const { questionnaire, output } = complete('handbuilt.xlsx', input)
    expect(questionnaire.questions.map((q) => q.id)).toEqual(['Q-1', 'Q-2', 'Q-3'])
    expect(checkWrittenParts(input, output)).toEqual([
      '[Content_Types].xml',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ])
    // The new <sheet> sits where r: means something else: it must declare the relationships namespace itself.
    const workbook = strFromU8(unzipSync(output)['xl/workbook.xml']!)
    expect(workbook).toMatch(
      /<wb:sheet name="_SUMMARY" sheetId="2" xmlns:r="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/relationships" r:id="rIdQFill1"\/><\/wb:sheets><wb:calcPr fullCalcOnLoad="1"\/>/,
    )
    expect(strFromU8(unzipSync(output)['[Content_Types].xml']!)).toContain(
      '<ct:Override PartName="/xl/worksheets/sheet2.xml"',
    )
    expect(strFromU8(unzipSync(output)['xl/_rels/workbook.xml.rels']!)).toContain('<pr:Relationship Id="rIdQFill1"')
    // A row that declares its own prefix gets new cells under that prefix.
    expect(strFromU8(unzipSync(output)['xl/worksheets/sheet1.xml']!)).toMatch(
      /<q9:c r="C3" t="inlineStr"><q9:is><q9:t>Yes<\/q9:t><\/q9:is><\/q9:c>/,
    )
    expectOnlyAnswersChanged(input, output, questionnaire)
    await expectAnswersInLibreOffice('handbuilt-done.xlsx', output, 'Questions')
  })

  it('a hand-built package with DOCTYPE declarations: written back without them', { timeout: 180_000 }, async () => {
    const input = handBuilt({ doctype: true })
    const { questionnaire, output } = complete('doctype.xlsx', input)
    expect(questionnaire.questions).toHaveLength(3)
    const written = checkWrittenParts(input, output)
    // docProps/app.xml is not a part QFill edits, but its DOCTYPE goes too.
    expect(written).toContain('docProps/app.xml')
    expect(strFromU8(unzipSync(output)['docProps/app.xml']!)).toContain('<Application>Hand</Application>')
    expectOnlyAnswersChanged(input, output, questionnaire, ['docProps/app.xml'])
    await expectAnswersInLibreOffice('doctype-done.xlsx', output, 'Questions')
  })
})

/**
 * A package written the way no mainstream producer writes one, but the way the standards allow: every part under
 * its own prefixes, namespaces declared on the elements that use them (xmlns:rel on each <sheet>, as openpyxl
 * does with r:), r: bound on the workbook root to an unrelated namespace, and one row redeclaring the main
 * namespace under yet another prefix. Optionally with DOCTYPE declarations (never valid in OOXML).
 */
function handBuilt({ doctype }: { doctype: boolean }): Uint8Array {
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  const dt = (root: string) =>
    doctype
      ? `<!DOCTYPE ${root} [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n<!ENTITY ext SYSTEM "file:///etc/passwd">\n<!-- ] > tricky -->\n]>\n`
      : ''
  const inline = (p: string, ref: string, text: string) =>
    `<${p}c r="${ref}" t="inlineStr"><${p}is><${p}t>${text}</${p}t></${p}is></${p}c>`
  const rows = QUESTIONS.map((row, i) => {
    const r = i + 1
    const cells = row.map((text, c) => inline(r === 3 ? 'q9:' : 'ss:', `${'ABCD'[c]}${r}`, text)).join('')
    return r === 3 ? `<q9:row xmlns:q9="${MAIN}" r="${r}">${cells}</q9:row>` : `<ss:row r="${r}">${cells}</ss:row>`
  }).join('')
  const sheet =
    `${head}${dt('ss:worksheet')}<ss:worksheet xmlns:ss="${MAIN}"><ss:dimension ref="A1:D4"/><ss:sheetData>${rows}</ss:sheetData>` +
    `<ss:dataValidations count="1"><ss:dataValidation type="list" allowBlank="1" sqref="C2:C4"><ss:formula1>"Yes,No"</ss:formula1></ss:dataValidation></ss:dataValidations></ss:worksheet>`
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `${head}${dt('ct:Types')}<ct:Types xmlns:ct="${CT}"><ct:Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<ct:Default Extension="xml" ContentType="application/xml"/>` +
        `<ct:Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<ct:Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<ct:Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></ct:Types>`,
    ),
    '_rels/.rels': strToU8(
      `${head}<pr:Relationships xmlns:pr="${PKG_REL}"><pr:Relationship Id="a1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        `<pr:Relationship Id="a2" Type="${REL}/extended-properties" Target="docProps/app.xml"/></pr:Relationships>`,
    ),
    'docProps/app.xml': strToU8(
      `${head}${dt('Properties')}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Hand</Application></Properties>`,
    ),
    'xl/workbook.xml': strToU8(
      `${head}${dt('wb:workbook')}<wb:workbook xmlns:wb="${MAIN}" xmlns:r="urn:example:not-relationships"><wb:workbookPr/>` +
        `<wb:sheets><wb:sheet xmlns:rel="${REL}" name="Questions" sheetId="1" rel:id="w1"/></wb:sheets></wb:workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${head}<pr:Relationships xmlns:pr="${PKG_REL}"><pr:Relationship Id="w1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></pr:Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  }
  return zipSync(files)
}
