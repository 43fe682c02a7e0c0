import type { AnsweredQuestion, AnswersJson } from '../answering/model'
import type { Questionnaire } from '../questionnaire/model'
import { readQuestionnaire as readWithAnswers, type ExistingAnswer } from '../questionnaire/parse.server'
import { writeCompletedWorkbook } from '../questionnaire/write/write.server'
import { summaryPdf } from '../reports/summary-pdf'
import { reviewedAnswers } from './edits'
import { rowKey, rowSpec, type RowSpec } from './values'

export interface RebuiltFiles {
  answersJson: AnswersJson
  xlsx: Uint8Array
  pdf: Uint8Array
}

/** The answers that do not belong to this questionnaire (a row it does not have): the caller reports them. */
export class MismatchError extends Error {
  name = 'MismatchError'
  constructor(readonly keys: string[]) {
    super(
      `${keys.length} answer${keys.length === 1 ? '' : 's'} name${keys.length === 1 ? 's' : ''} a row this questionnaire does not have (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}): is it the questionnaire the answers were made for?`,
    )
  }
}

/**
 * The entries in the questionnaire's own order, matched by sheet and row. A question the answers do not cover
 * stays unanswered and flagged, so the writer leaves its cells as they were.
 */
export function alignEntries(questionnaire: Questionnaire, entries: AnsweredQuestion[]): AnsweredQuestion[] {
  const byKey = new Map(entries.map((e) => [rowKey(e), e]))
  const known = new Set(questionnaire.questions.map((q) => rowKey(q.location)))
  const strangers = entries.filter((e) => !known.has(rowKey(e))).map(rowKey)
  if (strangers.length) throw new MismatchError(strangers)
  return questionnaire.questions.map(
    (q) =>
      byKey.get(rowKey(q.location)) ?? {
        id: q.id,
        sheet: q.location.sheet,
        row: q.location.row,
        question: q.text,
        answer: null,
        cellValue: '',
        comment: '',
        confidence: 0,
        flagged: true,
        reason: 'not answered',
        citations: [],
      },
  )
}

/** What each row may hold, with the answer the uploaded file already held (kept answers show it in review). */
export function rowSpecs(questionnaire: Questionnaire, existing?: Map<string, ExistingAnswer>): RowSpec[] {
  return questionnaire.questions.map((q) => rowSpec(q, existing?.get(q.key)))
}

export function readQuestionnaire(file: { name: string; bytes: Uint8Array }): Questionnaire {
  return readWithAnswers(file.name, file.bytes).questionnaire
}

/** The questionnaire and the answers its cells already hold. */
export function readQuestionnaireAnswers(file: { name: string; bytes: Uint8Array }) {
  return readWithAnswers(file.name, file.bytes)
}

/**
 * The completed workbook, report and answers.json rebuilt from edited answers with the same writer as a run:
 * only answer and comment cells (and the _SUMMARY sheet) differ from the uploaded file.
 */
export function rebuildFiles(input: {
  questionnaire: Questionnaire
  original: Uint8Array
  machine: AnswersJson
  entries: AnsweredQuestion[]
}): RebuiltFiles {
  const entries = alignEntries(input.questionnaire, input.entries)
  const answersJson = reviewedAnswers(input.machine, entries)
  const xlsx = writeCompletedWorkbook({
    questionnaire: input.questionnaire,
    original: input.original,
    entries,
    summary: answersJson.summary,
  })
  const pdf = summaryPdf({ fileName: input.questionnaire.fileName, summary: answersJson.summary, entries })
  return { answersJson, xlsx, pdf }
}
