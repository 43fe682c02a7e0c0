import type { AnsweringEngine } from '../answering/model'
import { extractEvidence } from '../evidence/extract.server'
import type { EvidenceDocument, EvidenceInput } from '../evidence/model'
import type { Questionnaire } from '../questionnaire/model'
import { parseQuestionnaire } from '../questionnaire/parse.server'
import { writeCompletedWorkbook } from '../questionnaire/write.server'
import { summaryPdf } from '../reports/summary-pdf'
import { answeredQuestions, summarize, type AnswersJson, type AnsweredQuestion, type RunSummary } from './results'

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
  engine: AnsweringEngine
  onProgress?: (progress: Progress) => void | Promise<void>
}): Promise<PipelineResult> {
  const started = performance.now()
  const report = async (p: Progress) => {
    await input.onProgress?.(p)
  }
  await report({ stage: 'parsing', processed: 0, total: 0 })
  const questionnaire = parseQuestionnaire(input.questionnaire.name, input.questionnaire.bytes)
  const total = questionnaire.questions.length
  await report({ stage: 'reading-evidence', processed: 0, total })
  const evidence = await extractEvidence(input.evidence)
  await report({ stage: 'answering', processed: 0, total })
  const pending: Promise<void>[] = []
  const answers = await input.engine.answer(questionnaire, evidence, (processed) => {
    pending.push(report({ stage: 'answering', processed, total }))
  })
  await Promise.all(pending)
  await report({ stage: 'writing', processed: total, total })
  const entries = answeredQuestions(questionnaire, answers)
  const summary = summarize({ questionnaire, entries, evidence, engine: input.engine.name, durationMs: performance.now() - started })
  const xlsx = writeCompletedWorkbook({ questionnaire, original: input.questionnaire.bytes, entries, summary })
  const pdf = summaryPdf({ fileName: questionnaire.fileName, summary, entries })
  const answersJson: AnswersJson = { questionnaire: questionnaire.fileName, engine: input.engine.name, summary, questions: entries }
  return { questionnaire, evidence, entries, summary, answersJson, xlsx, pdf }
}
