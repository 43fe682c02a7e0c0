import { parseArgs } from 'node:util'
import { projectRoot } from '../app/infra/project-root.server'
import { failureCases, formatBands, formatRules, formatTable, runAccuracy } from '../bench/accuracy'
import { RULES } from '../app/answering/rulebook'
import { formatLeaveCompanyOut, formatLeaveOneOut } from '../bench/calibration-report'
import { formatFreeText } from '../bench/free-text'
import { formatVersionProbe } from '../bench/versions'
import { runLlmBench } from '../bench/llm'
import { UsageError } from './usage-error'

const HELP = `Usage: qfill bench accuracy [--failures N] [--rules]

Runs the offline engine on the real questionnaires in ../shared/data/eval (read in place, never copied) and prints,
per set and pooled: questions, written answers (coverage), precision of written answers, unflagged share and its
precision, balanced accuracy (blanks count as misses), invalid citations, Yes/No on free-text rows, answers
overwritten; a library section (one questionnaire answered from another); the sets labelled against the open
policies (VSAQ, and HECVAT 4.1.4 questions by id when its blank form is in ../shared/data/eval); confidence bands and
the threshold calibrated leave-one-set-out and leave-one-company-out. (The LLM engines' plumbing
against scripted provider failures is a test: tests/integration/llm-plumbing.test.ts; their batching and
concurrency: qfill bench llm.)
  --failures N   also list up to N wrong answers per set (unflagged ones first)
  --rules        also print the rules table and how often each rule fires per set and is right`

export async function benchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      failures: { type: 'string', default: '0' },
      rules: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    return 0
  }
  if (positionals[0] === 'llm') {
    console.log('# Gemini and OpenAI-compatible engines against a local mock provider (batching and concurrency)\n')
    console.log(await runLlmBench())
    return 0
  }
  if (positionals[0] !== 'accuracy') throw new UsageError(`bench takes one benchmark name: accuracy.\n\n${HELP}`)
  const run = await runAccuracy(projectRoot())
  if (typeof run === 'string') {
    console.log(`accuracy benchmark ${run}`)
    return 0
  }
  const { results, notes } = run
  for (const note of notes) console.log(`note: ${note}`)
  console.log('# Offline engine on the real sets (accuracy)\n')
  console.log(formatTable(results))
  console.log('\n# Confidence bands of the shipped model (precision of written answers)\n')
  console.log(formatBands(results))
  console.log("\n# Calibrated confidence, leave-one-set-out (fitted on the other sets by npm run calibrate's code)\n")
  console.log(formatLeaveOneOut(results))
  console.log('\n# Calibrated confidence, leave-one-company-out (fitted without any set answered from its papers)\n')
  console.log(formatLeaveCompanyOut(results))
  console.log("\n# Free-text rows against the vendor's own text\n")
  console.log(formatFreeText(results.map((r) => ({ name: r.set.name, score: r.freeText }))))
  console.log(
    "\n# A new version of the form, from the same product's answers to the old one (library across versions)\n",
  )
  console.log(await formatVersionProbe(projectRoot()))
  if (values.rules) {
    console.log('\n# Rules of the offline engine\n')
    console.log(
      [
        '| rule | stage | why |',
        '| --- | --- | --- |',
        ...RULES.map((r) => `| ${r.name} | ${r.stage} | ${r.reason} |`),
      ].join('\n'),
    )
    console.log('\n# How often each rule fires per set (right / judged)\n')
    console.log(formatRules(results))
  }
  const n = Number(values.failures)
  if (n > 0) console.log(failureCases(results, n))
  return 0
}
