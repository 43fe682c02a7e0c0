/**
 * Benchmark (issue 18): time and peak memory of a whole run, per stage, for 300, 1,000 and 3,000 questions with 1,
 * 5 and 11 text PDFs, against the floor on the same files measured in the same run (pdftotext for the PDFs, a
 * SheetJS read for the workbook). Prints figures; asserts nothing.
 *
 *   npm run bench:speed [-- --sizes 300,1000,3000 --pdfs 1,5,11 --runs 3 --cli]
 *
 * Each configuration runs in a fresh child process (bench/speed-run.ts), so its peak RSS is its own; with --runs N
 * it runs N times and every figure is the median of the N. Times are wall time with the process's CPU time (all
 * threads) in brackets: on a busy machine the CPU time is the steadier of the two. --cli also
 * times `qfill answer` end to end (process start-up and file output included) for the largest configuration.
 * The questions are generated in a temporary folder from the evaluation questionnaires' question texts (read in
 * place from ../shared/data/eval, never copied into the project); the PDFs are the evaluation set's text PDFs.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { zipSync } from 'fflate'
import { parseQuestionnaire } from '../app/questionnaire/parse.server'
import { buildXlsx } from '../tests/fixtures/questionnaires/xlsx-builder'
import { evalRoot } from './sets'
import type { RunFigures, StageFigures } from './speed-run'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '300,1000,3000' },
    pdfs: { type: 'string', default: '1,5,11' },
    runs: { type: 'string', default: '1' },
    cli: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
if (values.help) {
  console.log(
    'npm run bench:speed [-- --sizes 300,1000,3000 --pdfs 1,5,11 --runs 3 --cli]\n' +
      '  --sizes  question counts, comma-separated     --pdfs  evidence PDF counts, comma-separated\n' +
      '  --runs   runs per configuration (medians)     --cli   also time `qfill answer` end to end',
  )
  process.exit(0)
}
const runs = Math.max(1, Number(values.runs))
const sizes = values.sizes!.split(',').map(Number)
const pdfCounts = values.pdfs!.split(',').map(Number)

const EVAL = evalRoot(path.resolve(import.meta.dirname, '..'))
const SOURCES = [
  'instructure/questionnaires/Instructure_CAIQ.xlsx',
  'instructure/questionnaires/Canvas_LMS_HECVAT_Full.xlsx',
  'hecvat/HECVAT_v4.1.4_blank.xlsx',
  'instructure/questionnaires/Portfolium_HECVAT_v2.11.xlsx',
]
// The evaluation set's text PDFs in English: every PDF but the image-only certificate and the Spanish edition.
const PDF_DIR = path.join(EVAL, 'instructure/evidence')
const SKIP_PDFS = new Set(['Instructure_CSA_STAR_Certificate.pdf', 'Instructure_Security_Overview_ES.pdf'])

let pdfs: string[]
try {
  pdfs = execFileSync('ls', [PDF_DIR], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.pdf') && !SKIP_PDFS.has(f))
    .map((f) => path.join(PDF_DIR, f))
    .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b))
} catch {
  console.log(`skipped: ${PDF_DIR} not found (the evaluation data lives in ../shared/data/eval)`)
  process.exit(0)
}

const work = mkdtempSync(path.join(os.tmpdir(), 'qfill-bench-speed-'))
try {
  const texts = questionTexts()
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores; ${texts.length} distinct question texts from the evaluation questionnaires; ` +
      `${pdfs.length} text PDFs, ${mb(pdfs.reduce((s, f) => s + statSync(f).size, 0))} MB in all`,
  )
  const rows: string[][] = []
  for (const size of sizes) {
    const workbook = path.join(work, `generated-${size}.xlsx`)
    writeFileSync(workbook, generatedWorkbook(texts, size))
    const sheetjs = floorSheetJs(workbook)
    for (const count of pdfCounts) {
      const chosen = pdfs.slice(0, Math.min(count, pdfs.length))
      const pdftotext = floorPdftotext(chosen)
      const run = median(Array.from({ length: runs }, () => runConfiguration(workbook, chosen)))
      const floorMs = pdftotext.ms + sheetjs.ms
      const stage = (s: StageFigures) => `${ms(s.ms)} (${ms(s.cpuMs)})`
      rows.push([
        String(size),
        `${chosen.length} (${mb(chosen.reduce((s, f) => s + statSync(f).size, 0))} MB)`,
        stage(run.stages.parsing),
        stage(run.stages.evidence),
        stage(run.stages.answering),
        stage(run.stages.workbook),
        stage(run.stages.report),
        `${ms(run.totalMs)} (${ms(run.totalCpuMs)})`,
        `${mb(run.peakRss)}`,
        run.peakStage,
        `${ms(floorMs)} (${mb(Math.max(pdftotext.peakRss, sheetjs.peakRss))} MB)`,
        `${(run.totalMs / floorMs).toFixed(1)}×`,
        `${(run.totalMs / size).toFixed(2)}`,
      ])
      console.error(`  done: ${size} questions, ${chosen.length} PDFs`)
    }
  }
  table(
    [
      'questions',
      'PDFs',
      'parse ms (CPU)',
      'evidence ms (CPU)',
      'answering ms (CPU)',
      'workbook ms (CPU)',
      'report ms (CPU)',
      'total ms (CPU)',
      'peak RSS MB',
      'peak in',
      'floor ms (peak MB)',
      'ratio to floor',
      'ms per question',
    ],
    rows,
  )
  console.log(
    '\nfloor: pdftotext on the same PDFs one after another plus a SheetJS read of the same workbook, each in its own process;' +
      ' peak RSS is the child process maximum (getrusage), "peak in" the stage during which it was reached' +
      (runs > 1 ? `; medians of ${runs} runs.` : '.'),
  )
  if (values.cli) cliRun(path.join(work, `generated-${Math.max(...sizes)}.xlsx`), pdfs)
} finally {
  rmSync(work, { recursive: true, force: true })
}

function questionTexts(): string[] {
  const seen = new Set<string>()
  for (const file of SOURCES) {
    const q = parseQuestionnaire(path.basename(file), new Uint8Array(readFileSync(path.join(EVAL, file))))
    for (const question of q.questions) seen.add(question.text)
  }
  return [...seen]
}

/** A plain questionnaire (ID, Question, Answer with a Yes/No list, Comments) of `size` rows, cycling the texts. */
function generatedWorkbook(texts: string[], size: number): Uint8Array {
  const rows: (string | null)[][] = [['ID', 'Question', 'Answer', 'Comments']]
  for (let i = 0; i < size; i++) {
    const round = Math.floor(i / texts.length)
    const text = texts[i % texts.length]!
    rows.push([`Q-${i + 1}`, round ? `${text} (part ${round + 1})` : text, null, null])
  }
  return buildXlsx({
    sheets: [{ name: 'Questions', rows, lists: [{ sqref: `C2:C${size + 1}`, formula: '"Yes,No,N/A"' }] }],
  })
}

function runConfiguration(workbook: string, evidence: string[]): RunFigures {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'speed-run.ts'), workbook, ...evidence],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { ...process.env, LOG_LEVEL: 'silent' } },
  )
  if (child.status !== 0) throw new Error(`speed-run failed: ${child.stderr}`)
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as RunFigures
}

/** Every figure of several runs, as the median of the runs (the peak stage: the most frequent). */
function median(all: RunFigures[]): RunFigures {
  const mid = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b)
    const m = sorted.length >> 1
    return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2
  }
  const first = all[0]!
  const stages = Object.fromEntries(
    Object.keys(first.stages).map((name) => {
      const of = (f: RunFigures) => f.stages[name as keyof RunFigures['stages']]
      return [
        name,
        {
          ms: mid(all.map((f) => of(f).ms)),
          cpuMs: mid(all.map((f) => of(f).cpuMs)),
          peakRss: mid(all.map((f) => of(f).peakRss)),
        },
      ]
    }),
  ) as RunFigures['stages']
  const counts = new Map<string, number>()
  for (const f of all) counts.set(f.peakStage, (counts.get(f.peakStage) ?? 0) + 1)
  return {
    totalMs: mid(all.map((f) => f.totalMs)),
    totalCpuMs: mid(all.map((f) => f.totalCpuMs)),
    peakRss: mid(all.map((f) => f.peakRss)),
    peakStage: [...counts].sort((a, b) => b[1] - a[1])[0]![0],
    stages,
  }
}

/** Runs a command under /usr/bin/time: wall milliseconds and peak RSS in bytes. */
function timed(command: string, args: string[]): { ms: number; peakRss: number } {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %M', command, ...args], { encoding: 'utf8' })
  if (out.status !== 0) throw new Error(`${command} failed: ${out.stderr}`)
  const [seconds, kb] = out.stderr.trim().split('\n').at(-1)!.split(' ').map(Number)
  return { ms: seconds! * 1000, peakRss: kb! * 1024 }
}

function floorPdftotext(files: string[]): { ms: number; peakRss: number } {
  let total = 0
  let peak = 0
  for (const file of files) {
    const r = timed('pdftotext', ['-q', file, '/dev/null'])
    total += r.ms
    peak = Math.max(peak, r.peakRss)
  }
  return { ms: total, peakRss: peak }
}

function floorSheetJs(workbook: string): { ms: number; peakRss: number } {
  const script = `const X = require('@e965/xlsx'); const fs = require('fs'); const t = performance.now(); const wb = X.read(fs.readFileSync(process.argv[1])); for (const n of wb.SheetNames) X.utils.sheet_to_json(wb.Sheets[n], { header: 1 }); console.log(performance.now() - t)`
  const out = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, '-e', script, workbook], {
    encoding: 'utf8',
    cwd: path.resolve(import.meta.dirname, '..'),
  })
  if (out.status !== 0) throw new Error(`SheetJS read failed: ${out.stderr}`)
  return { ms: Number(out.stdout.trim()), peakRss: Number(out.stderr.trim().split('\n').at(-1)) * 1024 }
}

function cliRun(workbook: string, evidence: string[]) {
  const out = mkdtempSync(path.join(work, 'cli-'))
  const args = [path.resolve(import.meta.dirname, '../bin/qfill.js'), 'answer', workbook, '--quiet', '--out', out]
  // The command takes at most 10 evidence files; more go in one .zip (stored, not compressed), in the temporary folder.
  const files = evidence.length > 10 ? [zipOf(evidence, path.join(work, 'evidence.zip'))] : evidence
  for (const file of files) args.push('--evidence', file)
  const r = timed(process.execPath, args)
  console.log(
    `\nqfill answer end to end (start-up and output files included): ${path.basename(workbook)} with ${evidence.length} PDFs` +
      `${files.length < evidence.length ? ' (in one .zip)' : ''}: ${ms(r.ms)} ms, peak RSS ${mb(r.peakRss)} MB`,
  )
}

function zipOf(files: string[], to: string): string {
  writeFileSync(
    to,
    zipSync(Object.fromEntries(files.map((f) => [path.basename(f), [new Uint8Array(readFileSync(f)), { level: 0 }]]))),
  )
  return to
}

function table(header: string[], rows: string[][]) {
  console.log(`\n| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
}

function ms(n: number) {
  return Math.round(n).toLocaleString('en-US')
}

function mb(bytes: number) {
  return (bytes / 1024 / 1024).toFixed(0)
}
