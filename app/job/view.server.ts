import type { AnswersJson } from '../answering/model'
import type { FileStore } from '../storage/files.server'
import { filesGone, type JobRow } from './read.server'

/** What the API's status call returns for a job: the spec's fields, with links only once files exist. */
export function jobStatusJson(job: JobRow) {
  const base = {
    jobId: job.id,
    status: job.status === 'queued' ? 'processing' : job.status,
    error: job.error,
    progress: { processed: job.processed, total: job.total },
    evidenceCount: job.evidenceCount,
  }
  if (job.status !== 'completed') return base
  const expired = filesGone(job)
  return {
    ...base,
    xlsx: expired ? null : `/api/result/${job.id}/xlsx`,
    pdf: expired ? null : `/api/result/${job.id}/pdf`,
    expires: job.expiresAt?.toISOString() ?? null,
    // Files deleted, by their owner or at the end of their retention.
    deleted: job.deletedAt !== null || job.expiredAt !== null,
    averageConfidence: job.averageConfidence,
    flaggedQuestions: job.flaggedCount,
    totalQuestions: job.questionCount,
    engine: job.engine,
    questionnaireName: job.questionnaireName,
  }
}

/** The flagged answers of a completed job, lowest confidence first. */
export async function reviewItems(store: FileStore, jobId: string, limit = 50) {
  const file = await store.get(jobId, 'answers')
  if (!file) return []
  const answers = JSON.parse(new TextDecoder().decode(file.bytes)) as AnswersJson
  return answers.questions
    .filter((q) => q.flagged)
    .sort((a, b) => a.confidence - b.confidence || a.row - b.row)
    .slice(0, limit)
    .map((q) => ({
      id: q.id,
      sheet: q.sheet,
      row: q.row,
      question: q.question,
      answer: q.answer ?? 'needs your answer',
      confidence: q.confidence,
      reason: q.reason,
    }))
}
