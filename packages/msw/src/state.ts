import type { AnswersJson } from '../../../app/answering/model'
import type { z } from 'zod'
import type { questionnaireItem } from '../../../app/api/schemas/access'
import type { JobStatusJson } from '../../../app/api/schemas/jobs'
import { remaining } from '../../../app/access/figures'
import { currentEntries, newReviewState, reviewedAnswers, type ReviewState } from '../../../app/review/edits'
import type { UnansweredMode } from './fixture-data'
import { failureMessage, machineAnswers, rowSpecs } from './fixtures'

export const SCENARIOS = [
  'completed',
  'failed',
  'expired',
  'unauthorized',
  'quota',
  'too-large',
  'rate-limited',
] as const
export type Scenario = (typeof SCENARIOS)[number]

export type Plan = 'trial' | 'single' | 'starter' | 'pro' | 'monthly'

/** A token the mock knows: as `qfill token create --plan …` would make it. */
export interface MockTokenInit {
  plan?: Plan
  email?: string | null
  /** Questionnaires allowed; null = unlimited. Default: the plan's (trial 2, single and starter 1, else null). */
  quota?: number | null
  used?: number
  expiresAt?: Date | null
}

export interface MockToken {
  token: string
  plan: Plan
  email: string | null
  quota: number | null
  used: number
  expiresAt: Date | null
}

const HOUR = 60 * 60 * 1000
const PLAN_DEFAULTS: Record<Plan, { quota: number | null; lifetimeMs: number }> = {
  trial: { quota: 2, lifetimeMs: HOUR },
  single: { quota: 1, lifetimeMs: HOUR },
  starter: { quota: 1, lifetimeMs: HOUR },
  pro: { quota: null, lifetimeMs: 30 * 24 * HOUR },
  monthly: { quota: null, lifetimeMs: 30 * 24 * HOUR },
}

export function mockToken(token: string, init: MockTokenInit, now: Date): MockToken {
  const plan = init.plan ?? 'pro'
  const defaults = PLAN_DEFAULTS[plan]
  return {
    token,
    plan,
    email: init.email ?? null,
    quota: init.quota === undefined ? defaults.quota : init.quota,
    used: init.used ?? 0,
    expiresAt: init.expiresAt === undefined ? new Date(now.getTime() + defaults.lifetimeMs) : init.expiresAt,
  }
}

export { remaining }
export const tokenExpired = (t: MockToken, now: Date) => Boolean(t.expiresAt && t.expiresAt <= now)
export const canUpload = (t: MockToken, now: Date) => !tokenExpired(t, now) && remaining(t) !== 0

/** The server's text for a job cancelled by 'Delete Files Now' (app/jobs.server.ts CANCELLED_MESSAGE). */
export const CANCELLED_MESSAGE = 'Cancelled: the files were deleted at your request before processing finished.'

/** Minutes a completed job's files are kept (FILE_RETENTION_MINUTES). */
export const RETENTION_MS = 60 * 60 * 1000

export interface MockJob {
  id: string
  token: string
  scenario: Scenario
  /** As uploaded; '' once the files are deleted (the server's purge forgets it). */
  questionnaireName: string
  unanswered: UnansweredMode
  evidenceCount: number
  createdAt: Date
  /** Status polls so far: the job finishes after `pollsUntilDone`. */
  polls: number
  outcome: null | 'completed' | 'failed' | 'cancelled'
  endedAt: Date | null
  deletedAt: Date | null
  review: ReviewState
  callbackUrl: string | null
}

export function newJob(input: {
  id: string
  token: string
  scenario: Scenario
  questionnaireName: string
  unanswered: UnansweredMode
  evidenceCount: number
  callbackUrl: string | null
  now: Date
}): MockJob {
  const { now, ...rest } = input
  return {
    ...rest,
    createdAt: now,
    polls: 0,
    outcome: null,
    endedAt: null,
    deletedAt: null,
    review: newReviewState(machineAnswers(input.unanswered, input.questionnaireName), rowSpecs()),
  }
}

/** Ends a job as its scenario says; 'expired' ends it as the hourly purge leaves it: files gone. */
export function finish(job: MockJob, now: Date) {
  if (job.outcome) return
  job.outcome = job.scenario === 'failed' ? 'failed' : 'completed'
  job.endedAt = job.scenario === 'expired' ? new Date(now.getTime() - RETENTION_MS - 60_000) : now
  if (job.scenario === 'expired') job.deletedAt = new Date(now.getTime() - 60_000)
}

/** answers.json as it stands: the recorded run, with review edits applied and marked confirmed. */
export function answersOf(job: MockJob): AnswersJson {
  const state = job.review
  return state.revision === 0 ? state.machine : reviewedAnswers(state.machine, currentEntries(state))
}

/** When the files go: an hour after the job ended (a job cancelled before it ended has no expiry). */
export const expiresAt = (job: MockJob) =>
  job.endedAt && job.outcome !== 'cancelled' ? new Date(job.endedAt.getTime() + RETENTION_MS) : null
export const filesGone = (job: MockJob, now: Date) => {
  const expiry = expiresAt(job)
  return Boolean(job.deletedAt) || (expiry !== null && expiry <= now)
}

/** Progress as the server reports it: {0, 0} while queued, the questions once known. */
function progressOf(job: MockJob, pollsUntilDone: number) {
  const total = answersOf(job).summary.questions
  if (job.outcome === 'completed') return { processed: total, total }
  if (job.outcome === 'failed') return { processed: 0, total: 0 }
  if (job.polls <= 1) return { processed: 0, total: 0 }
  return { processed: Math.min(total - 1, Math.floor(((job.polls - 1) / pollsUntilDone) * total)), total }
}

/** GET /api/status/{jobId}'s document (and the callback's body). */
export function statusOf(job: MockJob, now: Date, pollsUntilDone: number): JobStatusJson {
  const progress = progressOf(job, pollsUntilDone)
  const base = { progress, evidenceCount: job.evidenceCount }
  if (job.outcome === null) return { jobId: job.id, status: 'processing', error: null, ...base }
  if (job.outcome !== 'completed') {
    const error = job.outcome === 'failed' ? failureMessage(job.questionnaireName) : CANCELLED_MESSAGE
    return { jobId: job.id, status: 'failed', error, ...base }
  }
  const summary = answersOf(job).summary
  const gone = filesGone(job, now)
  return {
    jobId: job.id,
    status: 'completed',
    error: null,
    ...base,
    xlsx: gone ? null : `/api/result/${job.id}/xlsx`,
    pdf: gone ? null : `/api/result/${job.id}/pdf`,
    expires: expiresAt(job)!.toISOString(),
    deleted: Boolean(job.deletedAt),
    averageConfidence: Math.round(summary.averageConfidence * 10000) / 100,
    flaggedQuestions: summary.flagged,
    totalQuestions: summary.questions,
    engine: summary.engine,
    questionnaireName: job.questionnaireName,
  }
}

/** One of a token's questionnaires, as /api/token-status and /api/validate-token list it. */
export function itemOf(job: MockJob, now: Date, pollsUntilDone: number): z.infer<typeof questionnaireItem> {
  const status = statusOf(job, now, pollsUntilDone)
  const completed = status.status === 'completed' ? status : null
  return {
    id: job.id,
    jobId: job.id,
    fileName: job.questionnaireName,
    status: status.status,
    totalQuestions: completed?.totalQuestions ?? (status.progress.total || null),
    completedAt: job.endedAt?.toISOString() ?? null,
    expiresAt: expiresAt(job)?.toISOString() ?? null,
    averageConfidence: completed?.averageConfidence ?? null,
    flaggedQuestions: completed?.flaggedQuestions ?? null,
    error: status.error,
  }
}
