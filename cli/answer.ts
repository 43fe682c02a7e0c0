import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { createEngine } from '../app/answering/engines.server'
import { getEnv, parseEnv } from '../app/env.server'
import { extractEvidence } from '../app/evidence/extract.server'
import type { Progress } from '../app/pipeline/run.server'
import { runPipeline } from '../app/pipeline/run.server'
import { QuestionnaireError } from '../app/questionnaire/model'
import { EXIT, UsageError } from './usage-error'

const ENGINES = ['auto', 'offline', 'gemini', 'openai'] as const

const HELP = `Usage: qfill answer QUESTIONNAIRE... [--evidence FILE]... [--library FILE]... [--product NAME] [--out DIR] [--json] [--engine NAME] [--unanswered blank|no]

Fills in each QUESTIONNAIRE (.xlsx, .xls, .csv, .docx) from the evidence files, which are read once for all of
them (qfill answer vendors/*.xlsx -e soc2.pdf -e policy.docx), and writes, in DIR (default: .):
  NAME.completed.xlsx   the questionnaire with answers, comments and a _SUMMARY sheet
  NAME.summary.pdf      the one-page executive summary
  NAME.answers.json     every answer with confidence, flags and citations
NAME is the questionnaire's file name without its extension.

Options:
  -e, --evidence FILE   an evidence file; repeat for several
  -l, --library FILE    an earlier answered questionnaire (.xlsx, .xls, .csv, .docx) to reuse answers from; repeat
                        for several (evidence and library files: at most 10 in all)
      --product NAME    the product the questionnaire is for (default: its own profile rows); earlier answers
                        given for another product are written but flagged
  -o, --out DIR         where to write the files (default: .)
      --json            also print answers.json to stdout (an array of them for several questionnaires);
                        progress and messages go to stderr
      --unanswered MODE blank (default) leaves questions the evidence is silent on empty for you; no answers
                        No there (flagged). Answers already in a questionnaire are kept, never overwritten.
      --engine NAME     ${ENGINES.join(', ')} (default: ANSWER_ENGINE, else auto: Gemini or OpenAI-compatible if
                        configured, else offline)
  -q, --quiet           no progress output

Progress is a bar on a terminal and plain lines otherwise.
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
  if (values.help) {
    console.log(HELP)
    return EXIT.ok
  }
  if (positionals.length === 0) throw new UsageError(`answer takes at least one questionnaire file.\n\n${HELP}`)
  if (values.engine && !(ENGINES as readonly string[]).includes(values.engine)) {
    throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}.`)
  }
  // --engine goes through the same checks as ANSWER_ENGINE (gemini needs GEMINI_API_KEY, ...): EnvError is exit 2.
  const env = values.engine ? parseEnv({ ...process.env, ANSWER_ENGINE: values.engine }) : getEnv()
  const names = positionals.map((file) => path.basename(file).replace(/\.[^.]+$/, ''))
  const duplicate = names.find((n, i) => names.indexOf(n) !== i)
  if (duplicate)
    throw new UsageError(`two questionnaires are named "${duplicate}": their outputs would overwrite each other.`)

  const unanswered = values.unanswered
  if (unanswered !== 'blank' && unanswered !== 'no')
    throw new UsageError(`--unanswered takes blank or no, not ${unanswered}.\n\n${HELP}`)
  const readInput = async (file: string) => {
    try {
      return { name: path.basename(file), bytes: new Uint8Array(await readFile(file)) }
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`)
    }
  }
  const questionnaires = await Promise.all(positionals.map(readInput))
  const product = values.product?.trim()
  if (product !== undefined && (!product || product.length > 120))
    throw new UsageError('--product takes the product name, 1 to 120 characters.')
  if (values.evidence!.length + values.library!.length > 10)
    throw new UsageError('at most 10 evidence and library files in all.')
  const evidenceInputs = [
    ...(await Promise.all(values.evidence!.map(readInput))),
    ...(await Promise.all(values.library!.map(async (f) => ({ ...(await readInput(f)), role: 'library' as const })))),
  ]
  const progress = progressReporter({ quiet: values.quiet!, tty: Boolean(process.stderr.isTTY) })
  const say = (line: string) => progress.line(line)

  progress.line(`reading ${evidenceInputs.length} evidence file${evidenceInputs.length === 1 ? '' : 's'}`)
  const evidence = await extractEvidence(evidenceInputs)
  for (const doc of evidence) if (doc.status !== 'ok') say(`warning: ${doc.message}`)
  const engine = createEngine(env)
  const outDir = values.out!
  await mkdir(outDir, { recursive: true })

  let code: number = EXIT.ok
  const printed: unknown[] = []
  // Results are printed once the bars are gone, so a terminal does not mix them with the bar lines.
  const results: string[] = []
  for (const [i, questionnaire] of questionnaires.entries()) {
    const name = names[i]!
    let result
    const failedBefore = engine.usage?.failedBatches ?? 0
    try {
      result = await runPipeline({
        questionnaire,
        evidence: [],
        extractedEvidence: evidence,
        engine,
        unanswered,
        product,
        onProgress: (p) => progress.update(name, p),
      })
    } catch (error) {
      progress.done(name)
      if (error instanceof QuestionnaireError) {
        say(`qfill: ${error.message}`)
        code = Math.max(code, EXIT.badInput)
        continue
      }
      say(`qfill: the ${engine.name} engine failed on ${questionnaire.name}: ${(error as Error).message}`)
      code = EXIT.engineFailure
      continue
    }
    progress.done(name)
    const failed = (engine.usage?.failedBatches ?? 0) - failedBefore
    if (failed > 0) {
      // The files are still written (those questions answered offline and flagged), but the run did not do what
      // was asked of it: a batch script should know.
      say(
        `qfill: the ${engine.name} engine failed on ${failed} batch${failed === 1 ? '' : 'es'} of ${questionnaire.name}: those questions were answered offline and flagged`,
      )
      code = Math.max(code, EXIT.engineFailure)
    }
    const files = {
      xlsx: path.join(outDir, `${name}.completed.xlsx`),
      pdf: path.join(outDir, `${name}.summary.pdf`),
      json: path.join(outDir, `${name}.answers.json`),
    }
    await writeFile(files.xlsx, result.xlsx)
    await writeFile(files.pdf, result.pdf)
    await writeFile(files.json, `${JSON.stringify(result.answersJson, null, 2)}\n`)
    const s = result.summary
    const report = (line: string) => results.push(line)
    report(
      `${questionnaire.name}: ${s.questions} questions, ${s.answered} answered, ${s.flagged} flagged for review, ` +
        `average confidence ${Math.round(s.averageConfidence * 100)} % (${s.engine} engine, ${s.durationMs} ms)`,
    )
    for (const file of Object.values(files)) report(`wrote ${file}`)
    printed.push(result.answersJson)
  }
  progress.stop()
  for (const line of results) {
    if (!values.json) console.log(line)
    else if (!values.quiet) process.stderr.write(`${line}\n`)
  }
  if (values.json && printed.length) {
    process.stdout.write(`${JSON.stringify(questionnaires.length === 1 ? printed[0] : printed, null, 2)}\n`)
  }
  return code
}

const STAGES: Record<Progress['stage'], string> = {
  parsing: 'reading questionnaire',
  'reading-evidence': 'reading evidence',
  answering: 'answering',
  writing: 'writing files',
}

/** A progress bar per questionnaire on a terminal (stderr), plain lines otherwise, nothing with --quiet. */
function progressReporter(options: { quiet: boolean; tty: boolean }) {
  if (options.quiet) return { line: () => {}, update: () => {}, done: () => {}, stop: () => {} }
  if (!options.tty) {
    let last = ''
    return {
      line: (text: string) => process.stderr.write(`${text}\n`),
      update(name: string, p: Progress) {
        // One line per stage and per tenth of the questions: readable in a CI log.
        const step = p.stage === 'answering' && p.total ? Math.floor((p.processed / p.total) * 10) : -1
        const key = `${p.stage}:${step}`
        if (key === last) return
        last = key
        process.stderr.write(
          p.stage === 'answering' && p.total
            ? `${name}: answering ${p.processed}/${p.total}\n`
            : `${name}: ${STAGES[p.stage]}\n`,
        )
      },
      done: () => {
        last = ''
      },
      stop: () => {},
    }
  }
  const bars = new cliProgress.MultiBar(
    {
      format: ' {name} |{bar}| {value}/{total} {stage}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  )
  const byName = new Map<string, cliProgress.SingleBar>()
  return {
    line: (text: string) => bars.log(`${text}\n`),
    update(name: string, p: Progress) {
      let bar = byName.get(name)
      if (!bar) {
        bar = bars.create(Math.max(p.total, 1), 0, { name, stage: STAGES[p.stage] })
        byName.set(name, bar)
      }
      if (p.total) bar.setTotal(p.total)
      bar.update(p.processed, { name, stage: STAGES[p.stage] })
    },
    done(name: string) {
      const bar = byName.get(name)
      bar?.update(bar.getTotal(), { name, stage: 'done' })
    },
    stop: () => bars.stop(),
  }
}
