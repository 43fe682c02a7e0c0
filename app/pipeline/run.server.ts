import { existingAsEvidence, keepExisting } from '../answering/existing'
import type {
  Answer,
  AnsweredQuestion,
  AnsweringEngine,
  AnswersJson,
  EngineProgress,
  RunSummary,
} from '../answering/model'
import { applyUnanswered, UNREADABLE, type Unanswered } from '../answering/unanswered'
import { libraryOf } from '../evidence/workbook.server'
import { extractEvidence } from '../evidence/extract.server'
import { productFor } from '../evidence/identity'
import type { EvidenceDocument, EvidenceInput, LibraryIdentity } from '../evidence/model'
import type { Questionnaire } from '../questionnaire/model'
import { readQuestionnaire, type ExistingAnswer } from '../questionnaire/parse.server'
import { writeCompletedWorkbook } from '../questionnaire/write/write.server'
import { summaryPdf } from '../reports/summary-pdf'
import { summarize } from '../answering/summary'
import { answeredQuestions, runContext } from './results'

export type Stage = 'parsing' | 'reading-evidence' | 'answering' | 'writing'

export interface Progress {
  stage: Stage
  processed: number
  total: number
}

export interface PipelineResult {
  questionnaire: Questionnaire
  evidence: EvidenceDocument[]
  entries: AnsweredQuestion[]
  summary: RunSummary
  answersJson: AnswersJson
  xlsx: Uint8Array
  pdf: Uint8Array
}

/**
 * The whole run, shared by the worker and the CLI: questionnaire → evidence → answers → workbook and report.
 * Each stage reports progress; a QuestionnaireError (bad file) propagates for the caller to show.
 */
export async function runPipeline(input: {
  questionnaire: EvidenceInput
  evidence: EvidenceInput[]
  /** Evidence already extracted (the CLI answering several questionnaires reads it once); `evidence` is then unused. */
  extractedEvidence?: EvidenceDocument[]
  engine: AnsweringEngine
  onProgress?: (progress: Progress) => void | Promise<void>
  /** Yes/No questions the evidence is silent on: left for the user ('blank', the default) or answered No ('no'). */
  unanswered?: Unanswered
  /** The product the questionnaire is for (else read from its own profile rows): another product's answers are flagged. */
  product?: string
  /** Answers of an earlier run of the same job (its checkpoint): the answering stage is not run again. */
  answers?: Answer[]
  /** Called with the answers as soon as the answering stage ends, before writing (the job's checkpoint). */
  onAnswers?: (answers: Answer[]) => void | Promise<void>
}): Promise<PipelineResult> {
  const started = performance.now()
  const report = async (p: Progress) => {
    await input.onProgress?.(p)
  }
  await report({ stage: 'parsing', processed: 0, total: 0 })
  const { questionnaire, existing } = readQuestionnaire(input.questionnaire.name, input.questionnaire.bytes)
  const total = questionnaire.questions.length
  await report({ stage: 'reading-evidence', processed: 0, total })
  const evidence = input.extractedEvidence ?? (await extractEvidence(input.evidence))
  const resumed = input.answers && sameQuestions(questionnaire, input.answers) ? input.answers : undefined
  await report({ stage: 'answering', processed: resumed ? total : 0, total })
  const pending: Promise<void>[] = []
  const answers =
    resumed ??
    (await answerQuestionnaire({
      questionnaire,
      existing,
      evidence,
      engine: input.engine,
      unanswered: input.unanswered,
      product: input.product,
      onProgress: (processed) => {
        pending.push(report({ stage: 'answering', processed, total }))
      },
    }))
  await Promise.all(pending)
  if (!resumed) await input.onAnswers?.(answers)
  await report({ stage: 'writing', processed: total, total })
  const entries = answeredQuestions(questionnaire, answers)
  const summary = summarize(
    entries,
    runContext({
      questionnaire,
      evidence,
      engine: input.engine.name,
      durationMs: performance.now() - started,
      library: libraryIdentities(evidence),
    }),
  )
  const xlsx = writeCompletedWorkbook({ questionnaire, original: input.questionnaire.bytes, entries, summary })
  const pdf = summaryPdf({ fileName: questionnaire.fileName, summary, entries })
  const answersJson: AnswersJson = {
    questionnaire: questionnaire.fileName,
    engine: input.engine.name,
    summary,
    questions: entries,
  }
  return { questionnaire, evidence, entries, summary, answersJson, xlsx, pdf }
}

/** Whose answers each earlier questionnaire used as a library holds (the uploaded form's own kept answers aside). */
function libraryIdentities(evidence: EvidenceDocument[]): LibraryIdentity[] {
  return evidence.flatMap((d) => (d.identity && d.library.length ? [d.identity] : []))
}

/** A checkpoint fits this questionnaire only if it answers exactly its questions (the same file, read the same way). */
function sameQuestions(questionnaire: Questionnaire, answers: Answer[]): boolean {
  const keys = new Set(questionnaire.questions.map((q) => q.key))
  return answers.length === keys.size && answers.every((a) => keys.has(a.key))
}

/**
 * Answers a questionnaire under the output contract: answers already in it are kept (and read as an answer library
 * for the rest of the form), the engine answers the rest from the evidence, and what the evidence is silent on is
 * left for the user or answered No, as asked.
 */
export async function answerQuestionnaire(input: {
  questionnaire: Questionnaire
  existing: Map<string, ExistingAnswer>
  evidence: EvidenceDocument[]
  engine: AnsweringEngine
  unanswered?: Unanswered
  product?: string
  onProgress?: EngineProgress
}): Promise<Answer[]> {
  const { existing } = input
  // A row whose question text could not be read (issue 19) goes to no engine: it is flagged with the reason.
  const unreadable = input.questionnaire.questions.filter((q) => q.unreadable)
  const questionnaire = unreadable.length
    ? { ...input.questionnaire, questions: input.questionnaire.questions.filter((q) => !q.unreadable) }
    : input.questionnaire
  const own = existingAsEvidence(questionnaire.fileName, libraryOf(questionnaire.fileName, questionnaire, existing))
  const evidence = own ? [...input.evidence.filter((d) => d.file !== questionnaire.fileName), own] : input.evidence
  const product = productFor(input.product, questionnaire, existing)
  const answers = await input.engine.answer(questionnaire, evidence, input.onProgress, { product })
  const answered = applyUnanswered(questionnaire, keepExisting(questionnaire, answers, existing), input.unanswered)
  return [...answered, ...unreadable.map(UNREADABLE.then)]
}
