import { describe, expect, it } from 'vitest'
import type { RunSummary } from '../../app/answering/model'
import { createToken } from '../../app/access/tokens.server'
import type { Queryable } from '../../app/infra/db.server'
import { newJobId } from '../../app/job/id'
import {
  acceptJob,
  cancelJob,
  completeJob,
  deleteJob,
  discardJob,
  expireJobs,
  failJob,
  forgetJobs,
  progressJob,
  purgeJobs,
  releaseJob,
  reserveJob,
  retryJob,
  reviseJob,
  startJob,
} from '../../app/job/lifecycle.server'
import { allows, JOB_STATES, TRANSITIONS, type JobState, type TransitionName } from '../../app/job/states'
import { useTestDatabase } from '../setup/database'

/**
 * Every transition from every state: the ones states.ts allows happen and reach their state; every other one is
 * refused and changes nothing. The jobs are made by the lifecycle's own functions, as the app makes them.
 */
const db = useTestDatabase()

const summary = {
  questionnaireKind: 'custom',
  format: 'csv',
  sheets: [],
  questions: 4,
  answered: 3,
  flagged: 1,
  averageConfidence: 0.8,
  buckets: { high: 2, medium: 1, low: 1 },
  topReasons: [],
  evidence: [],
  engine: 'offline',
  durationMs: 5,
  notes: [],
  library: [],
} satisfies RunSummary

// A time past any retention the transitions below set (they set one hour from now).
const LATER = new Date(Date.now() + 2 * 60 * 60 * 1000)
const DAY = 24 * 60 * 60 * 1000
const failure = { error: { code: 'engine_error' as const, params: {} }, refund: true, retentionMinutes: 60 }

/** Each transition as the app calls it; true when it happened. */
const RUN: Record<Exclude<TransitionName, 'reserve'>, (tx: Queryable, id: string) => Promise<boolean>> = {
  accept: (tx, id) => acceptJob(tx, id, { questionnaireName: 'q.csv', evidenceCount: 1, unanswered: 'blank' }),
  discard: async (tx, id) => (await discardJob(tx, id)) !== null,
  start: async (tx, id) => (await startJob(tx, id)) !== null,
  progress: (tx, id) => progressJob(tx, id, { stage: 'answering', processed: 1, total: 4 }),
  release: (tx, id) => releaseJob(tx, id),
  retry: async (tx, id) => (await retryJob(tx, id)) !== null,
  complete: (tx, id) => completeJob(tx, id, { summary, retentionMinutes: 60 }),
  revise: (tx, id) => reviseJob(tx, id, { ...summary, confirmed: 1 }),
  fail: async (tx, id) => (await failJob(tx, id, failure)) !== null,
  cancel: (tx, id) => cancelJob(tx, id),
  delete: (tx, id) => deleteJob(tx, id),
  expire: async (tx, id) => (await expireJobs(tx, { at: LATER, jobId: id })).length === 1,
  purge: async (tx, id) => (await purgeJobs(tx, { at: LATER, jobId: id })).length === 1,
  // A year and a month on, the record of a purged job goes.
  forget: async (tx, id) =>
    (await forgetJobs(tx, { olderThan: '12 months', at: new Date(Date.now() + 400 * DAY), jobId: id })) === 1,
}

/** The transitions that lead from a new job to each state. */
const PATH: Record<JobState, Exclude<TransitionName, 'reserve'>[]> = {
  uploading: [],
  queued: ['accept'],
  processing: ['accept', 'start'],
  completed: ['accept', 'start', 'complete'],
  failed: ['accept', 'start', 'fail'],
  cancelled: ['accept', 'cancel'],
  deleted: ['accept', 'start', 'complete', 'delete'],
  expired: ['accept', 'start', 'complete', 'expire'],
  purged: ['accept', 'start', 'complete', 'expire', 'purge'],
}

async function jobIn(state: JobState): Promise<string> {
  const { row } = await createToken(db.sql, { plan: 'pro' })
  const id = newJobId()
  await db.sql.begin(async (tx) => {
    await reserveJob(tx, { id, tokenId: row.id, unanswered: 'blank' })
    for (const step of PATH[state]) expect(await RUN[step](tx, id), `${step} on the way to ${state}`).toBe(true)
  })
  expect(await stateOf(id)).toBe(state)
  return id
}

async function stateOf(id: string): Promise<JobState | null> {
  const [row] = await db.sql<{ state: JobState }[]>`select state from jobs where id = ${id}`
  return row?.state ?? null
}

describe('the job lifecycle', () => {
  it('has a path to every state, and states.ts names every state the database derives', async () => {
    const { row } = await createToken(db.sql, { plan: 'pro' })
    const id = newJobId()
    await reserveJob(db.sql, { id, tokenId: row.id, unanswered: 'blank' })
    expect(await stateOf(id)).toBe('uploading')
    expect(Object.keys(PATH).sort()).toEqual([...JOB_STATES].sort())
  })

  for (const name of Object.keys(RUN) as (keyof typeof RUN)[]) {
    it(`${name}: allowed from ${TRANSITIONS[name].from.join(', ')}; refused from every other state`, async () => {
      for (const state of JOB_STATES) {
        const id = await jobIn(state)
        const happened = await db.sql.begin((tx) => RUN[name](tx, id))
        if (allows(name, state)) {
          expect(happened, `${name} from ${state}`).toBe(true)
          expect(await stateOf(id), `${name} from ${state}`).toBe(TRANSITIONS[name].to)
        } else {
          expect(happened, `${name} from ${state} must be refused`).toBe(false)
          expect(await stateOf(id), `${name} from ${state} changed the state`).toBe(state)
        }
      }
    })
  }

  it('refunds a failed job once, records runs and failures apart, and keeps no error text', async () => {
    const id = await jobIn('processing')
    expect(await db.sql.begin((tx) => retryJob(tx, id))).toBe(1)
    const again = await startJob(db.sql, id)
    expect(again).toMatchObject({ runs: 2, failures: 1, plan: 'pro' })
    expect(await releaseJob(db.sql, id)).toBe(true)
    expect(await startJob(db.sql, id)).toMatchObject({ runs: 3, failures: 1 })
    expect(await failJob(db.sql, id, failure)).toMatchObject({ refunded: true })
    expect(await failJob(db.sql, id, failure)).toBeNull()
    const columns = await db.sql`select column_name from information_schema.columns where table_name = 'jobs'`
    expect(columns.map((c) => c.column_name)).not.toContain('error')
  })
})
