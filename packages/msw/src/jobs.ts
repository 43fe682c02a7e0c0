import { apiError } from '../../../app/api/errors'
import { readEdits } from '../../../app/api/body'
import { RESULT_KINDS, resultContentType } from '../../../app/api/schemas/jobs'
import { applyChanges, currentEntries, reviewedAnswers } from '../../../app/review/edits'
import { changesFromEdits } from '../../../app/review/submit'
import type { MockContext } from './context'
import { completedWorkbook, summaryPdf } from './fixtures'
import { json } from './respond'
import { answersOf, filesGone, statusOf, type MockJob } from './state'

/** The job endpoints, each in the server's order of checks (app/routes/api.*.ts). */

/** A status poll: the job advances, and ends after `pollsUntilDone` polls. */
export function poll(ctx: MockContext, job: MockJob, onEnd: (job: MockJob) => void) {
  job.polls++
  if (!job.outcome && job.polls > ctx.pollsUntilDone) {
    ctx.end(job)
    onEnd(job)
  }
}

export function status(ctx: MockContext, request: Request, jobId: string, onEnd: (job: MockJob) => void) {
  const own = ctx.ownJob(request, jobId)
  if (own instanceof Response) return own
  poll(ctx, own.job, onEnd)
  return json(statusOf(own.job, ctx.now(), ctx.pollsUntilDone))
}

/** 409 or 410 unless the job's results can be read (app/api/own-job.server.ts requireResults). */
function resultsProblem(ctx: MockContext, job: MockJob): Response | null {
  if (job.outcome === 'failed' || job.outcome === 'cancelled') return apiError('job_failed', { jobId: job.id })
  if (!job.outcome) return apiError('job_processing', { jobId: job.id })
  if (filesGone(job, ctx.now())) return apiError('files_deleted')
  return null
}

export function result(ctx: MockContext, request: Request, jobId: string, kindName: string) {
  const own = ctx.ownJob(request, jobId)
  if (own instanceof Response) return own
  const kind = RESULT_KINDS.find((k) => k === kindName)
  if (!kind) return apiError('unknown_result_kind')
  const problem = resultsProblem(ctx, own.job)
  if (problem) return problem
  const bytes =
    kind === 'xlsx'
      ? completedWorkbook(own.job.unanswered)
      : kind === 'pdf'
        ? summaryPdf(own.job.unanswered)
        : new TextEncoder().encode(JSON.stringify(answersOf(own.job), null, 2))
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': resultContentType(kind),
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="questionnaire-${own.job.id}.${kind}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

export function remove(ctx: MockContext, request: Request, jobId: string) {
  const own = ctx.ownJob(request, jobId)
  if (own instanceof Response) return own
  const { job } = own
  const now = ctx.now()
  if (!job.outcome) {
    job.outcome = 'cancelled'
    job.endedAt = now
  }
  job.deletedAt ??= now
  // The server's purge (every minute) then forgets the file's name: the mock does at once.
  job.questionnaireName = ''
  return json({ success: true, message: `All files for job ${job.id} have been removed from our servers.` })
}

export function answers(ctx: MockContext, request: Request, jobId: string) {
  const own = ctx.ownJob(request, jobId)
  if (own instanceof Response) return own
  return resultsProblem(ctx, own.job) ?? json(answersOf(own.job))
}

/** PATCH /api/answers/{jobId}: the review's own rules (app/review/submit.ts) on the recorded answers. */
export async function editAnswers(ctx: MockContext, request: Request, jobId: string) {
  const own = ctx.ownJob(request, jobId)
  if (own instanceof Response) return own
  const problem = resultsProblem(ctx, own.job)
  if (problem) return problem
  const read = readEdits(await request.text())
  if (read instanceof Response) return read
  const state = own.job.review
  const edits = changesFromEdits(state, read.edits)
  if (edits.refused) return apiError('invalid_answers', { refused: edits.refused }, { details: edits.refused })
  const { changes } = edits
  if (changes.length)
    applyChanges(state, changes, `${changes.length} answer${changes.length === 1 ? '' : 's'} changed through the API`)
  return json(reviewedAnswers(state.machine, currentEntries(state)))
}
