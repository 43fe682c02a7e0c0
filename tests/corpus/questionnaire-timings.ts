/**
 * Benchmark: how long reading and writing back each real questionnaire takes, and the memory it needs; and
 * reading the same file saved without formula results (as openpyxl saves it: QFill computes them, ADR 020).
 * Prints figures; asserts nothing (speed targets live here, never in timed tests).
 *
 *   npx tsx tests/corpus/questionnaire-timings.ts [runs]
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Answer } from '../../app/answering/model'
import { summarize } from '../../app/answering/summary'
import { answeredQuestions, runContext } from '../../app/pipeline/results'
import { parseQuestionnaire } from '../../app/questionnaire/parse.server'
import { writeCompletedWorkbook } from '../../app/questionnaire/write/write.server'
import { stripFormulaResults } from '../support/strip-formula-results'

const EVAL = path.resolve(import.meta.dirname, '../..', '../shared/data/eval')
const FILES = [
  'caiq-v4/CAIQv4.0.3_STAR-Security-Questionnaire_Generated-at_2024-06-03.xlsx',
  'instructure/questionnaires/Instructure_CAIQ.xlsx',
  'hecvat/HECVAT_v4.1.4_blank.xlsx',
  'instructure/questionnaires/Canvas_LMS_HECVAT_Full.xlsx',
  'instructure/questionnaires/Canvas_Catalog_HECVAT_Lite.xlsx',
]

if (!existsSync(EVAL)) {
  console.log('skipped: ../shared/data/eval not found')
  process.exit(0)
}
const runs = Number(process.argv[2] ?? 5)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
console.log(`median of ${runs} runs (after one warm-up), Node ${process.version}`)
console.log(
  'file'.padEnd(44),
  'size KB'.padStart(8),
  'questions'.padStart(10),
  'parse ms'.padStart(9),
  'write ms'.padStart(9),
  'no-results parse ms'.padStart(20),
  'peak RSS MB'.padStart(12),
)
for (const file of FILES) {
  const bytes = new Uint8Array(readFileSync(path.join(EVAL, file)))
  const name = path.basename(file)
  const parse: number[] = []
  const write: number[] = []
  const noResults: number[] = []
  const stripped = stripFormulaResults(bytes).bytes
  let questions = 0
  for (let i = 0; i <= runs; i++) {
    let t = performance.now()
    const q = parseQuestionnaire(name, bytes)
    const parsed = performance.now() - t
    const answers: Answer[] = q.questions.map((x) => ({
      key: x.key,
      label: 'YES',
      text: 'Yes.',
      confidence: 0.9,
      citations: [],
      flagged: false,
      reasons: [],
    }))
    const entries = answeredQuestions(q, answers)
    const summary = summarize(entries, runContext({ questionnaire: q, evidence: [], engine: 'bench', durationMs: 0 }))
    t = performance.now()
    writeCompletedWorkbook({ questionnaire: q, original: bytes, entries, summary })
    const written = performance.now() - t
    t = performance.now()
    parseQuestionnaire(name, stripped)
    const parsedStripped = performance.now() - t
    if (i === 0) continue
    parse.push(parsed)
    write.push(written)
    noResults.push(parsedStripped)
    questions = q.questions.length
  }
  const rss = process.resourceUsage().maxRSS / 1024
  console.log(
    name.slice(0, 44).padEnd(44),
    String(Math.round(bytes.length / 1024)).padStart(8),
    String(questions).padStart(10),
    median(parse).toFixed(0).padStart(9),
    median(write).toFixed(0).padStart(9),
    median(noResults).toFixed(0).padStart(20),
    rss.toFixed(0).padStart(12),
  )
}
