/**
 * A job's life, as data: its states and the transitions between them. lifecycle.server.ts has one function per
 * transition, and each one's SQL guard is the `from` list below (`where state in (...)`), so a transition this table
 * does not allow cannot happen. The database derives `state` from the columns the transitions write (migration
 * 00091); this file and that expression are the two halves of one definition, and tests/integration/
 * job-lifecycle.test.ts walks every pair.
 *
 * "Job" means one questionnaire run a token paid for (a row of `jobs`). It is not graphile-worker's queue entry
 * (app/job/queue.server.ts calls those entries), nor a worker task (the code in jobs/), nor a run (one worker's
 * attempt at a job, in its own child process).
 */

export const JOB_STATES = [
  /** Quota spent, files arriving: the upload request is still reading its body. */
  'uploading',
  /** Accepted: waiting for a worker. */
  'queued',
  /** A worker runs it. */
  'processing',
  /** Results stored; files kept until expires_at. */
  'completed',
  /** Failed for good; quota given back unless the failure was the file's. */
  'failed',
  /** The owner deleted the files before the run ended; nothing is stored, then or later. */
  'cancelled',
  /** The owner deleted the files of a finished job. */
  'deleted',
  /** Retention ended; the purge takes the files. */
  'expired',
  /** Files deleted and the names the row held cleared; the counts stay as the usage record. */
  'purged',
] as const
export type JobState = (typeof JOB_STATES)[number]

interface Transition {
  /** The states it leaves; empty for a new job. */
  readonly from: readonly JobState[]
  /** The state it reaches; null when the row goes away. */
  readonly to: JobState | null
  readonly why: string
}

export const TRANSITIONS = {
  reserve: { from: [], to: 'uploading', why: 'an upload spends its questionnaire before the first file byte is read' },
  accept: { from: ['uploading'], to: 'queued', why: 'every file arrived and passed its checks: queue the run' },
  discard: { from: ['uploading'], to: null, why: 'the upload was refused or broke off: the row and its files go' },
  start: {
    from: ['queued', 'processing'],
    to: 'processing',
    why: 'a worker starts a run (again, after a crash)',
  },
  progress: { from: ['processing'], to: 'processing', why: 'a stage or count changed' },
  release: {
    from: ['processing'],
    to: 'queued',
    why: 'the worker is shutting down: hand the job back, no attempt spent',
  },
  retry: {
    from: ['processing'],
    to: 'queued',
    why: 'the run failed in a way another run may not: counted, queued again',
  },
  complete: { from: ['processing'], to: 'completed', why: 'results stored' },
  revise: { from: ['completed'], to: 'completed', why: 'review rebuilt the results and their summary' },
  fail: { from: ['queued', 'processing'], to: 'failed', why: 'failed for good, or abandoned' },
  cancel: { from: ['queued', 'processing'], to: 'cancelled', why: 'the owner deleted the files before the end' },
  delete: { from: ['completed', 'failed'], to: 'deleted', why: 'the owner deleted the files' },
  expire: { from: ['completed', 'failed'], to: 'expired', why: 'the retention time passed' },
  purge: { from: ['cancelled', 'deleted', 'expired'], to: 'purged', why: 'files deleted, names cleared' },
  forget: { from: ['purged'], to: null, why: 'the usage record is past its retention (12 months)' },
} as const satisfies Record<string, Transition>

export type TransitionName = keyof typeof TRANSITIONS

export function allows(name: TransitionName, state: JobState): boolean {
  return (TRANSITIONS[name].from as readonly JobState[]).includes(state)
}

/** States whose run has not ended: the token's concurrency counts them. */
export const LIVE_STATES = ['uploading', 'queued', 'processing'] as const satisfies readonly JobState[]

/** What the pages and the API show as a job's status: a run is processing, completed or failed. */
export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed'

/**
 * The status shown for a job: how its run ended, whatever happened to its files since (a deleted or expired job
 * still completed or failed; a cancelled one shows as failed, with the cancellation as its error).
 */
export function shownStatus(runStatus: string): JobStatus {
  if (runStatus === 'uploading') return 'queued'
  if (runStatus === 'cancelled') return 'failed'
  return runStatus as JobStatus
}
