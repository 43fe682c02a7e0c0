import { parseArgs } from 'node:util'
import { applyAnswers, ApplyRefused, readAnswersJson } from './apply-files'
import { reserveStdout } from './stdout'
import { EXIT, UsageError } from './usage-error'

const HELP = `Usage: qfill apply QUESTIONNAIRE --answers EDITED.answers.json [--out DIR]

Rewrites the completed workbook, its _SUMMARY sheet and the PDF summary from an answers.json you edited (for
example one from "qfill answer" or GET /api/answers/{jobId}), without answering anything again. QUESTIONNAIRE is
the original, unanswered file the answers were made for. Writes, in DIR (default: .):
  NAME.completed.xlsx   only answer and comment cells differ from QUESTIONNAIRE, plus the _SUMMARY sheet
  NAME.summary.pdf      the one-page summary, with confirmed answers counted apart
  NAME.answers.json     the answers as applied

In answers.json, edit each question's "answer" (one of the cell's allowed values, or YES, NO, N/A, PARTIALLY,
PLANNED Q#/YYYY where the cell has no list; free text for free-text rows; null leaves the cell empty) and
"comment". Add "confirmed": true to the answers you reviewed: they are counted as confirmed by you and no longer
flagged. Values a cell does not allow are refused, row by row, and nothing is written.`

export async function applyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      answers: { type: 'string', short: 'a' },
      out: { type: 'string', short: 'o', default: '.' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const print = reserveStdout()
  if (values.help) {
    print(`${HELP}\n`)
    return EXIT.ok
  }
  if (positionals.length !== 1) throw new UsageError(`apply takes exactly one questionnaire file.\n\n${HELP}`)
  if (!values.answers) throw new UsageError(`apply needs --answers EDITED.answers.json.\n\n${HELP}`)
  let applied
  try {
    applied = await applyAnswers({
      questionnairePath: positionals[0]!,
      answers: await readAnswersJson(values.answers),
      outDir: values.out!,
    })
  } catch (error) {
    if (!(error instanceof ApplyRefused)) throw error
    for (const p of error.problems) console.error(`qfill: ${p}`)
    if (error.kind === 'values')
      console.error(
        `qfill: ${error.problems.length} answer${error.problems.length === 1 ? '' : 's'} refused; nothing was written.`,
      )
    return EXIT.failure
  }
  const s = applied.summary
  print(
    `${s.questions} questions, ${s.answered} answered, ${s.confirmed ?? 0} confirmed by you, ${s.flagged} flagged for review\n`,
  )
  print(`wrote ${applied.files.xlsx}\nwrote ${applied.files.pdf}\nwrote ${applied.files.json}\n`)
  return EXIT.ok
}
