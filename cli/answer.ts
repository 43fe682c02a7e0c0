import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createEngine } from '../app/answering/engines.server'
import { getEnv } from '../app/env.server'
import { runPipeline } from '../app/pipeline/run.server'
import { QuestionnaireError } from '../app/questionnaire/model'
import { UsageError } from './main'

const HELP = `Usage: qfill answer QUESTIONNAIRE [--evidence FILE]... [--out DIR]

Fills in QUESTIONNAIRE (.xlsx, .xls, .csv, .docx) from the evidence files and writes, in DIR (default: .):
  NAME.completed.xlsx   the questionnaire with answers, comments and a _SUMMARY sheet
  NAME.summary.pdf      the one-page executive summary
  NAME.answers.json     every answer with confidence, flags and citations
NAME is the questionnaire's file name without its extension. --evidence takes one file and may be repeated.`

export async function answerCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      evidence: { type: 'string', short: 'e', multiple: true, default: [] },
      out: { type: 'string', short: 'o', default: '.' },
      quiet: { type: 'boolean', short: 'q', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError(`answer takes exactly one questionnaire file.\n\n${HELP}`)
  const questionnairePath = positionals[0]!
  const readInput = async (file: string) => {
    try {
      return { name: path.basename(file), bytes: new Uint8Array(await readFile(file)) }
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`)
    }
  }
  const questionnaire = await readInput(questionnairePath)
  const evidence = await Promise.all(values.evidence!.map(readInput))
  const engine = createEngine(getEnv())
  const log = values.quiet ? () => {} : (line: string) => process.stderr.write(`${line}\n`)

  let result
  try {
    result = await runPipeline({
      questionnaire,
      evidence,
      engine,
      onProgress: (p) => {
        if (p.stage === 'answering' && p.total) log(`answering ${p.processed}/${p.total}`)
        else if (p.stage !== 'answering') log(p.stage)
      },
    })
  } catch (error) {
    if (error instanceof QuestionnaireError) {
      console.error(`qfill: ${error.message}`)
      return 1
    }
    throw error
  }
  for (const doc of result.evidence) if (doc.status !== 'ok') log(`warning: ${doc.message}`)

  const name = path.basename(questionnairePath).replace(/\.[^.]+$/, '')
  const outDir = values.out!
  await mkdir(outDir, { recursive: true })
  const files = {
    xlsx: path.join(outDir, `${name}.completed.xlsx`),
    pdf: path.join(outDir, `${name}.summary.pdf`),
    json: path.join(outDir, `${name}.answers.json`),
  }
  await writeFile(files.xlsx, result.xlsx)
  await writeFile(files.pdf, result.pdf)
  await writeFile(files.json, `${JSON.stringify(result.answersJson, null, 2)}\n`)
  const s = result.summary
  console.log(
    `${s.questions} questions, ${s.answered} answered, ${s.flagged} flagged for review, ` +
      `average confidence ${Math.round(s.averageConfidence * 100)} % (${s.engine} engine, ${s.durationMs} ms)`,
  )
  for (const file of Object.values(files)) console.log(`wrote ${file}`)
  return 0
}
