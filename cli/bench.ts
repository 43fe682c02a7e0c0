import { parseArgs } from 'node:util'
import { projectRoot } from '../app/project-root.server'
import { failureCases, formatTable, runAccuracy } from '../bench/accuracy'
import { runPlumbing } from '../bench/plumbing'
import { UsageError } from './main'

const HELP = `Usage: qfill bench accuracy [--failures N]

Runs the offline engine on the real questionnaires in ../shared/data/eval (read in place, never copied) and prints,
per set: questions, answered, recall on Yes and on No, balanced accuracy, precision of unflagged answers, share
flagged and invalid citations. Then runs the Gemini and OpenAI-compatible engines against recorded (MSW) responses
to prove their plumbing: those figures are not accuracy.
  --failures N   also list up to N wrong answers per set (unflagged ones first)`

export async function benchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { failures: { type: 'string', default: '0' }, help: { type: 'boolean', short: 'h', default: false } },
  })
  if (values.help) {
    console.log(HELP)
    return 0
  }
  if (positionals[0] !== 'accuracy') throw new UsageError(`bench takes one benchmark name: accuracy.\n\n${HELP}`)
  const results = await runAccuracy(projectRoot())
  if (typeof results === 'string') {
    console.log(`accuracy benchmark ${results}`)
    return 0
  }
  console.log('# Offline engine on the real sets (accuracy)\n')
  console.log(formatTable(results))
  const n = Number(values.failures)
  if (n > 0) console.log(failureCases(results, n))
  console.log('\n# Gemini and OpenAI-compatible engines against scripted MSW responses (plumbing check, NOT an accuracy figure)\n')
  console.log(await runPlumbing(projectRoot()))
  return 0
}
