import type { Answer } from '../app/answering/model'
import { queueJobCallback } from '../app/api/callbacks/store.server'
import type { JobError } from '../app/job/errors'
import { completeJob } from '../app/job/lifecycle.server'
import { services } from '../app/infra/services.server'
import type { FileStore } from '../app/storage/files.server'
import { JobChildError, JobMemoryError, type IsolatedResult } from './run-isolated.server'

/** The names of a job's files, as its run knows them: what must not reach its error or the log. */
export interface FileNames {
  questionnaire?: string
  evidence?: string[]
}

export interface Failure {
  /** What the job row stores (no file names: the caller redacts `params`). */
  error: JobError
  /** A failure of the files themselves: another run would fail the same way. */
  permanent: boolean
  /** For the log, before redaction. */
  detail: string
}

/** What a failed run means for the job. */
export function classifyFailure(error: unknown, memoryLimitMb: number): Failure {
  if (error instanceof JobChildError && error.questionnaire)
    return {
      error: { code: 'questionnaire_unreadable', params: { detail: error.message } },
      permanent: true,
      detail: error.message,
    }
  if (error instanceof JobMemoryError)
    return {
      error: { code: 'memory_limit', params: { limitMb: memoryLimitMb } },
      permanent: true,
      detail: error.message,
    }
  const detail =
    error instanceof JobChildError ? error.childStack : error instanceof Error ? (error.stack ?? error.message) : ''
  return { error: { code: 'engine_error', params: {} }, permanent: false, detail: detail || String(error) }
}

/**
 * Stores a run's results and completes the job in one transaction, under the job's row lock (the transition takes
 * it), so a cancellation is ordered against it and a job run twice completes once. Evidence and the checkpoint go
 * as soon as the results exist; the questionnaire stays until the purge, for review rebuilds (ADR 010).
 * False when the job was no longer processing.
 */
export async function storeResults(jobId: string, result: IsolatedResult, retentionMinutes: number) {
  const { sql, store } = services()
  const answersJson = new TextEncoder().encode(JSON.stringify(result.answersJson, null, 2))
  return sql.begin(async (tx) => {
    if (!(await completeJob(tx, jobId, { summary: result.summary, retentionMinutes }))) return false
    await queueJobCallback(tx, jobId)
    await store.put(jobId, { role: 'xlsx', name: `questionnaire-${jobId}.xlsx`, bytes: result.xlsx }, tx)
    await store.put(jobId, { role: 'pdf', name: `questionnaire-${jobId}.pdf`, bytes: result.pdf }, tx)
    await store.put(jobId, { role: 'answers', name: `questionnaire-${jobId}.answers.json`, bytes: answersJson }, tx)
    await store.removeRoles(jobId, ['evidence', 'checkpoint'], tx)
    return true
  })
}

/** The answers an earlier run of this job stored, or undefined (none, or unreadable: then it answers again). */
export async function readCheckpoint(store: FileStore, jobId: string): Promise<Answer[] | undefined> {
  const file = await store.get(jobId, 'checkpoint')
  if (!file) return undefined
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(file.bytes))
    return Array.isArray(parsed) && parsed.every((a) => typeof a === 'object' && a && typeof a.key === 'string')
      ? (parsed as Answer[])
      : undefined
  } catch {
    return undefined
  }
}
