import { parseArgs } from 'node:util'
import { getEnv, parseEnv } from '../app/infra/env.server'
import { MAX_EVIDENCE_FILES } from '../app/uploads/limits'
import { progressReporter } from './progress'
import { reserveStdout } from './stdout'
import { EXIT, UsageError } from './usage-error'

const ENGINES = ['auto', 'offline', 'gemini', 'openai'] as const

const HELP = `Usage: qfill answer QUESTIONNAIRE... [--evidence FILE]... [--library FILE]... [--product NAME] [--out DIR]
                   [--json] [--engine NAME] [--unanswered blank|no]

Fills in each QUESTIONNAIRE (.xlsx, .xls, .csv, .docx) from the evidence files, which are read once for all of
them (qfill answer vendors/*.xlsx -e soc2.pdf -e policy.docx), and writes, in DIR (default: .):
  NAME.completed.xlsx   the questionnaire with answers, comments and a _SUMMARY sheet
  NAME.summary.pdf      the one-page executive summary
  NAME.answers.json     every answer with confidence, flags and citations
NAME is the questionnaire's file name without its extension.

Options:
  -e, --evidence FILE   an evidence file; repeat for several
  -l, --library FILE    an earlier answered questionnaire, read as an answer library; repeat for several
                        (evidence and library files: at most ${MAX_EVIDENCE_FILES} in all; a .zip counts as one)
      --product NAME    the product the questionnaire is about (at most 120 characters)
  -o, --out DIR         where to write the files (default: .)
      --json            print answers.json to stdout (an array of them for several questionnaires) instead
                        of the files written; stdout then carries nothing else
      --unanswered MODE blank (default) leaves questions the evidence is silent on empty for you; no answers
                        No there (flagged). Answers already in a questionnaire are kept, never overwritten.
      --engine NAME     ${ENGINES.join(', ')} (default: ANSWER_ENGINE, else auto: Gemini or OpenAI-compatible if
                        configured, else offline)
  -q, --quiet           no progress output (warnings and errors still go to stderr)

Progress is a bar on a terminal and plain lines otherwise; progress, warnings and every message of the engine
or its provider go to stderr, so stdout carries only the result.
Exit codes: 0 done, 2 bad input (arguments, unreadable files, a file that is not a questionnaire), 3 the answering
engine failed (the provider kept failing: the files are written, the questions it failed on answered offline and
flagged).`

export async function answerCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      evidence: { type: 'string', short: 'e', multiple: true, default: [] },
      library: { type: 'string', short: 'l', multiple: true, default: [] },
      product: { type: 'string' },
      out: { type: 'string', short: 'o', default: '.' },
      unanswered: { type: 'string', default: 'blank' },
      json: { type: 'boolean', default: false },
      engine: { type: 'string' },
      quiet: { type: 'boolean', short: 'q', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const print = reserveStdout()
  if (values.help) {
    print(`${HELP}\n`)
    return EXIT.ok
  }
  if (positionals.length === 0) throw new UsageError(`answer takes at least one questionnaire file.\n\n${HELP}`)
  // The engines and the file pipeline (readers, writers, PDF) load only once there is work: --help and a usage
  // error print at once.
  const [{ createEngine }, { answerFiles, checkAnswerRequest, productSchema, summaryLine }] = await Promise.all([
    import('../app/answering/engines.server'),
    import('./answer-files'),
  ])
  if (values.engine && !(ENGINES as readonly string[]).includes(values.engine)) {
    throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}.`)
  }
  // --engine goes through the same checks as ANSWER_ENGINE (gemini needs GEMINI_API_KEY, ...): EnvError is exit 2.
  const env = values.engine ? parseEnv({ ...process.env, ANSWER_ENGINE: values.engine }) : getEnv()
  const unanswered = values.unanswered
  if (unanswered !== 'blank' && unanswered !== 'no')
    throw new UsageError(`--unanswered takes blank or no, not ${unanswered}.\n\n${HELP}`)
  let product: string | undefined
  if (values.product !== undefined) {
    const parsed = productSchema.safeParse(values.product)
    if (!parsed.success) throw new UsageError(`--product: ${parsed.error.issues[0]!.message}.`)
    product = parsed.data
  }
  const request = { questionnaires: positionals, evidence: values.evidence!, library: values.library! }
  checkAnswerRequest(request)

  const progress = progressReporter({ quiet: values.quiet!, tty: Boolean(process.stderr.isTTY) })
  const files = request.evidence.length + request.library.length
  progress.line(
    files
      ? `reading ${files} evidence file${files === 1 ? '' : 's'}`
      : 'no evidence files given (-e FILE, or -l FILE for earlier answers): only answers already in the questionnaire are kept',
  )
  const outcome = await answerFiles({
    ...request,
    product,
    outDir: values.out!,
    engine: createEngine(env),
    unanswered,
    // Warnings and failures are not progress: --quiet keeps them, so a script that gets exit 2 also gets why.
    say: (line) => (values.quiet ? process.stderr.write(`${line}\n`) : progress.line(line)),
    evidenceOption: 'with -e',
    onProgress: (name, p) => progress.update(name, p),
    onDone: (name) => progress.done(name),
  })
  progress.stop()
  // Results are printed once the bars are gone, so a terminal does not mix them with the bar lines.
  const results = outcome.answered.flatMap((a) => [summaryLine(a), ...Object.values(a.files).map((f) => `wrote ${f}`)])
  if (!values.json) for (const line of results) print(`${line}\n`)
  else if (!values.quiet) for (const line of results) process.stderr.write(`${line}\n`)
  const printed = outcome.answered.map((a) => a.answersJson)
  if (values.json && printed.length) {
    print(`${JSON.stringify(positionals.length === 1 ? printed[0] : printed, null, 2)}\n`)
  }
  return outcome.code
}
