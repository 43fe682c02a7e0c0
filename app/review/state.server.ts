import type { Queryable, Sql } from '../infra/db.server'
import type { AnsweredQuestion, AnswersJson } from '../answering/model'
import { reviseJob } from '../job/lifecycle.server'
import type { FileStore } from '../storage/files.server'
import {
  applyChanges,
  currentEntries,
  newReviewState,
  reviewedAnswers,
  undoLast,
  type Change,
  type HistoryItem,
  type ReviewState,
} from './edits'
import { readQuestionnaire, readQuestionnaireAnswers, rebuildFiles, rowSpecs } from './rebuild.server'
import { rowKey, VOCABULARY_OPTIONS, type RowSpec } from './values'
import { EXPIRED_MESSAGE } from './view'

/**
 * A job's review, stored like its other files: encrypted, in the `answers` role at position 1 (answers.json is
 * position 0), so it is bound to the job (and through it to the token), survives restarts and any machine can
 * serve it, and the 1-hour purge and "Delete Files Now" remove it with everything else.
 */
export const REVIEW_POSITION = 1

export interface ReviewDeps {
  sql: Sql
  store: FileStore
}

/** Why a review cannot go on; `status` is the HTTP status to answer with. */
export class ReviewError extends Error {
  name = 'ReviewError'
  constructor(
    message: string,
    readonly status: 404 | 409 | 410,
    readonly code: string,
  ) {
    super(message)
  }
}

/** Locks the job row for the rest of the transaction: edits, rebuilds and the purge of one job take turns. */
async function lockJob(tx: Queryable, jobId: string) {
  const [job] = await tx<{ status: string; gone: boolean }[]>`
    select status, (deleted_at is not null or (expires_at is not null and expires_at <= now())) as gone
    from jobs where id = ${jobId} for update`
  if (!job) throw new ReviewError(`No job ${jobId} for this token.`, 404, 'not_found')
  if (job.status !== 'completed')
    throw new ReviewError(
      `Job ${jobId} is ${job.status === 'failed' ? 'failed' : 'still processing'}: there is nothing to review yet.`,
      409,
      'not_completed',
    )
  if (job.gone) throw new ReviewError(EXPIRED_MESSAGE, 410, 'expired')
}

function decode<T>(bytes: Uint8Array): T {
  return JSON.parse(new TextDecoder().decode(bytes)) as T
}

async function readState(deps: ReviewDeps, jobId: string): Promise<ReviewState | null> {
  const file = await deps.store.get(jobId, 'answers', REVIEW_POSITION)
  return file ? decode<ReviewState>(file.bytes) : null
}

async function writeState(deps: ReviewDeps, jobId: string, state: ReviewState, tx: Queryable) {
  const bytes = new TextEncoder().encode(JSON.stringify(state))
  await deps.store.put(jobId, { role: 'answers', position: REVIEW_POSITION, name: `review-${jobId}.json`, bytes }, tx)
}

/** The first review of a job: its machine answers, and what each row may hold read from the stored questionnaire. */
async function createState(deps: ReviewDeps, jobId: string): Promise<ReviewState> {
  const answers = await deps.store.get(jobId, 'answers')
  if (!answers) throw new ReviewError(EXPIRED_MESSAGE, 410, 'expired')
  const machine = decode<AnswersJson>(answers.bytes)
  const original = await deps.store.get(jobId, 'questionnaire')
  let specs: RowSpec[]
  if (original) {
    const { questionnaire, existing } = readQuestionnaireAnswers({ name: original.name, bytes: original.bytes })
    const byKey = new Map(rowSpecs(questionnaire, existing).map((s) => [s.key, s]))
    specs = machine.questions.map((q) => byKey.get(rowKey(q)) ?? guessSpec(q))
  } else {
    specs = machine.questions.map(guessSpec)
  }
  return newReviewState(machine, specs)
}

/** Without the questionnaire (a job finished before review existed): the vocabulary where the machine used it. */
function guessSpec(q: AnsweredQuestion): RowSpec {
  const vocabulary = q.answer === null || /^(YES|NO|N\/A|PARTIALLY|PLANNED\b.*)$/.test(q.answer)
  return {
    key: rowKey(q),
    mode: vocabulary ? 'vocabulary' : 'text',
    options: vocabulary ? [...VOCABULARY_OPTIONS] : [],
  }
}

/** Runs `change` on the job's review under the job's lock and stores the result in the same transaction. */
export async function mutate<T>(
  deps: ReviewDeps,
  jobId: string,
  change: (state: ReviewState, tx: Queryable) => T | Promise<T>,
): Promise<{ state: ReviewState; result: T }> {
  return deps.sql.begin(async (tx) => {
    await lockJob(tx, jobId)
    const state = (await readState(deps, jobId)) ?? (await createState(deps, jobId))
    const result = await change(state, tx)
    await writeState(deps, jobId, state, tx)
    return { state, result }
  })
}

/** The job's review as it stands (created on first use). */
export async function loadReview(deps: ReviewDeps, jobId: string): Promise<ReviewState> {
  const existing = await readState(deps, jobId)
  if (existing) return existing
  return (await mutate(deps, jobId, () => null)).state
}

/** Records changes as one undoable step; returns the state and how many rows changed. */
export async function saveChanges(deps: ReviewDeps, jobId: string, changes: Change[], label: string) {
  const { state, result } = await mutate(deps, jobId, (s) => applyChanges(s, changes, label))
  return { state, changed: result }
}

export async function undo(
  deps: ReviewDeps,
  jobId: string,
): Promise<{ state: ReviewState; undone: HistoryItem | null }> {
  const { state, result } = await mutate(deps, jobId, (s) => undoLast(s))
  return { state, undone: result }
}

/**
 * Rebuilds the completed workbook, the report and answers.json from the review, with the same writer as the run,
 * and swaps them in in one transaction: until it commits, the previous files stay and are what downloads get.
 * The expiry is left as it was: saving never extends the 1-hour retention.
 */
export async function rebuild(deps: ReviewDeps, jobId: string): Promise<{ state: ReviewState; answers: AnswersJson }> {
  const { state, result } = await mutate(deps, jobId, async (s, tx) => {
    const original = await deps.store.get(jobId, 'questionnaire')
    if (!original) {
      throw new ReviewError(
        'This job finished before answers could be reviewed, so its uploaded questionnaire is no longer stored: download answers.json and use "qfill apply".',
        409,
        'not_rebuildable',
      )
    }
    const questionnaire = readQuestionnaire({ name: original.name, bytes: original.bytes })
    const files = rebuildFiles({
      questionnaire,
      original: original.bytes,
      machine: s.machine,
      entries: currentEntries(s),
    })
    const json = new TextEncoder().encode(JSON.stringify(files.answersJson, null, 2))
    await deps.store.put(jobId, { role: 'xlsx', name: `questionnaire-${jobId}.xlsx`, bytes: files.xlsx }, tx)
    await deps.store.put(jobId, { role: 'pdf', name: `questionnaire-${jobId}.pdf`, bytes: files.pdf }, tx)
    await deps.store.put(jobId, { role: 'answers', name: `questionnaire-${jobId}.answers.json`, bytes: json }, tx)
    await reviseJob(tx, jobId, files.answersJson.summary)
    s.builtRevision = s.revision
    return files.answersJson
  })
  return { state, answers: result }
}

/** answers.json as it stands, edits included (what the next rebuild writes). */
export function answersOf(state: ReviewState): AnswersJson {
  return state.revision === 0 ? state.machine : reviewedAnswers(state.machine, currentEntries(state))
}
