import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { AnsweringEngine, AnswersJson, RunSummary } from '../app/answering/model'
import type { Unanswered } from '../app/answering/unanswered'
import { extractEvidence } from '../app/evidence/extract.server'
import type { EvidenceInput } from '../app/evidence/model'
import { runPipeline, type Progress } from '../app/pipeline/run.server'
import { QuestionnaireError } from '../app/questionnaire/model'
import { questionnaireFormat } from '../app/questionnaire/parse.server'
import { EVIDENCE_EXTENSIONS, MAX_EVIDENCE_FILES, extensionOf } from '../app/uploads/limits'
import { EXIT, UsageError } from './usage-error'

/**
 * What `qfill answer` and the MCP tool answer_questionnaire both do: read local files, answer each questionnaire
 * from evidence read once, and write the three outputs next to each other. Callers print; this module only says.
 */

/** The product a questionnaire is for, as the upload form takes it (trimmed, at most 120 characters). */
export const productSchema = z
  .string()
  .trim()
  .min(1, 'the product name is empty')
  .max(120, 'the product name must be at most 120 characters')

export interface AnswerRequest {
  /** Paths of the questionnaires (.xlsx, .xls, .csv, .docx). */
  questionnaires: string[]
  evidence: string[]
  /** Earlier answered questionnaires, read as answer libraries whatever their layout (counted with the evidence). */
  library: string[]
  product?: string
  outDir: string
  engine: AnsweringEngine
  unanswered: Unanswered
  /** Messages for the user as they happen (warnings about files, failures); also returned in `messages`. */
  say?: (line: string) => void
  /**
   * How the caller takes evidence files ("with -e" for the CLI, "in the evidence list" for the MCP tool): named when a
   * file given as a questionnaire is an evidence document, so the message says how to pass it instead.
   */
  evidenceOption?: string
  onProgress?: (questionnaire: string, p: Progress) => void
  onDone?: (questionnaire: string) => void
}

export interface AnsweredFile {
  /** The questionnaire's file name. */
  questionnaire: string
  files: { xlsx: string; pdf: string; json: string }
  summary: RunSummary
  answersJson: AnswersJson
}

export interface AnswerOutcome {
  /** 0, or the worst of 2 (a file was not a questionnaire) and 3 (the answering engine failed). */
  code: number
  answered: AnsweredFile[]
  messages: string[]
}

/** The checks made before any file is read: each is a UsageError (exit 2) saying what to change. */
export function checkAnswerRequest(request: Pick<AnswerRequest, 'questionnaires' | 'evidence' | 'library'>) {
  if (request.questionnaires.length === 0) throw new UsageError('give at least one questionnaire file.')
  const inAll = request.evidence.length + request.library.length
  if (inAll > MAX_EVIDENCE_FILES)
    throw new UsageError(
      `${inAll} evidence and library files were given; at most ${MAX_EVIDENCE_FILES} are read in all, as for an upload. ` +
        'Leave some out, or put several documents into one .zip (it counts as one file).',
    )
  const names = request.questionnaires.map(outputName)
  const duplicate = names.find((n, i) => names.indexOf(n) !== i)
  if (duplicate)
    throw new UsageError(`two questionnaires are named "${duplicate}": their outputs would overwrite each other.`)
}

/** For a "questionnaire" that is an evidence document (a policy in .md or .pdf): how to give it as evidence. */
function evidenceInstead(name: string, option = 'as an evidence file'): string {
  const evidence = (EVIDENCE_EXTENSIONS as readonly string[]).includes(extensionOf(name))
  return evidence && !questionnaireFormat(name) ? ` To read it as evidence, pass it ${option}.` : ''
}

/** NAME of NAME.completed.xlsx: the questionnaire's file name without its extension. */
export function outputName(file: string): string {
  return path.basename(file).replace(/\.[^.]+$/, '')
}

export async function readInput(file: string): Promise<EvidenceInput> {
  try {
    return { name: path.basename(file), bytes: new Uint8Array(await readFile(file)) }
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`)
  }
}

export async function answerFiles(request: AnswerRequest): Promise<AnswerOutcome> {
  checkAnswerRequest(request)
  const messages: string[] = []
  const say = (line: string) => {
    messages.push(line)
    request.say?.(line)
  }
  const questionnaires = await Promise.all(request.questionnaires.map(readInput))
  const inputs: EvidenceInput[] = [
    ...(await Promise.all(request.evidence.map(readInput))).map((f) => ({ ...f, role: 'evidence' as const })),
    ...(await Promise.all(request.library.map(readInput))).map((f) => ({ ...f, role: 'library' as const })),
  ]
  const evidence = await extractEvidence(inputs)
  for (const doc of evidence) if (doc.status !== 'ok') say(`warning: ${doc.message}`)
  const { engine } = request
  await mkdir(request.outDir, { recursive: true })

  let code: number = EXIT.ok
  const answered: AnsweredFile[] = []
  for (const questionnaire of questionnaires) {
    const name = outputName(questionnaire.name)
    const failedBefore = engine.usage?.failedBatches ?? 0
    const input: Parameters<typeof runPipeline>[0] = {
      questionnaire,
      evidence: [],
      extractedEvidence: evidence,
      engine,
      unanswered: request.unanswered,
      product: request.product,
      onProgress: (p) => request.onProgress?.(name, p),
    }
    let result
    try {
      result = await runPipeline(input)
    } catch (error) {
      request.onDone?.(name)
      if (error instanceof QuestionnaireError) {
        say(`qfill: ${error.message}${evidenceInstead(questionnaire.name, request.evidenceOption)}`)
        code = Math.max(code, EXIT.badInput)
        continue
      }
      say(`qfill: the ${engine.name} engine failed on ${questionnaire.name}: ${(error as Error).message}`)
      code = EXIT.engineFailure
      continue
    }
    request.onDone?.(name)
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
      xlsx: path.join(request.outDir, `${name}.completed.xlsx`),
      pdf: path.join(request.outDir, `${name}.summary.pdf`),
      json: path.join(request.outDir, `${name}.answers.json`),
    }
    await writeFile(files.xlsx, result.xlsx)
    await writeFile(files.pdf, result.pdf)
    await writeFile(files.json, `${JSON.stringify(result.answersJson, null, 2)}\n`)
    answered.push({
      questionnaire: questionnaire.name,
      files,
      summary: result.summary,
      answersJson: result.answersJson,
    })
  }
  return { code, answered, messages }
}

/** "vendor.csv: 40 questions, 31 answered, ...", as `qfill answer` reports each questionnaire. */
export function summaryLine(file: AnsweredFile): string {
  const s = file.summary
  return (
    `${file.questionnaire}: ${s.questions} questions, ${s.answered} answered, ${s.flagged} flagged for review, ` +
    `average confidence ${Math.round(s.averageConfidence * 100)} % (${s.engine} engine, ${s.durationMs} ms)`
  )
}
