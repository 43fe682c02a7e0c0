import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PollRefresh, usePolling } from '../components/polling'
import { sessionToken } from '../access/auth.server'
import { ownJobOr404 } from '../access/token-page.server'
import { toasts } from '../access/session.server'
import { JobFailed } from '../components/job-failed'
import { JobProgress } from '../components/job-progress'
import { JobElsewhere } from '../components/job-elsewhere'
import { JobResult } from '../components/job-result'
import { reviewItems } from '../job/view.server'
import { deleteJobFiles } from '../job/actions.server'
import type { RunSummary } from '../answering/model'
import { services } from '../infra/services.server'
import { workerLiveness } from '../job/worker-heartbeat.server'

export const POLL_MS = 3000

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.view === 'progress'
        ? 'Processing… | QFill'
        : data?.view === 'result'
          ? 'Processing Complete | QFill'
          : data?.view === 'elsewhere'
            ? 'Open Your Job | QFill'
            : 'QFill',
  },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Opened without a session (another browser, a shared link): say how to get back to it rather than 404. The
  // answer is the same whether or not the job exists, so it reveals nothing.
  if (!(await sessionToken(request))) return data({ view: 'elsewhere' as const }, { status: 401 })
  const job = await ownJobOr404(request, params.jobId!)
  const now = new Date()
  if (job.status === 'failed') return { view: 'failed' as const, error: job.error, failure: true }
  if (job.status !== 'completed') {
    return {
      view: 'progress' as const,
      job: {
        id: job.id,
        stage: job.stage,
        processed: job.processed,
        total: job.total,
        evidenceCount: job.evidenceCount,
        waiting: job.status === 'queued' && (await workerLiveness(services().sql)).live === 0,
      },
    }
  }
  // Deleted before its hour was up (by the user) shows the deleted banner; purged at expiry shows 'Expired'.
  const deleted = Boolean(job.deletedAt && (!job.expiresAt || job.deletedAt < job.expiresAt))
  const summary = job.summary as RunSummary | null
  return {
    view: 'result' as const,
    now: now.toISOString(),
    confirmDelete: new URL(request.url).searchParams.has('confirm-delete'),
    job: {
      id: job.id,
      evidenceCount: job.evidenceCount,
      questionCount: job.questionCount ?? 0,
      averageConfidence: job.averageConfidence ?? 0,
      flaggedCount: job.flaggedCount ?? 0,
      confirmedCount: summary?.confirmed ?? 0,
      expiresAt: job.expiresAt?.toISOString() ?? null,
      deleted,
      xlsx: `/api/result/${job.id}/xlsx`,
      pdf: `/api/result/${job.id}/pdf`,
      review: job.deletedAt ? [] : await reviewItems(services().store, job.id),
      engine: job.engine ?? '',
      evidence: summary?.evidence ?? [],
      notes: summary?.notes ?? [],
    },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const job = await ownJobOr404(request, params.jobId!)
  const form = await request.formData()
  if (form.get('intent') !== 'delete') throw new Response('Unknown action', { status: 400 })
  const { sql, store } = services()
  await deleteJobFiles(sql, store, job.id)
  return toasts().redirectWithSuccess(`/jobs/${job.id}`, {
    message: 'Files Deleted',
    description: 'All files have been permanently deleted from our servers.',
  })
}

export default function JobPage() {
  const data = useLoaderData<typeof loader>()
  const polling = data.view === 'progress'
  usePolling(polling, POLL_MS)

  return (
    <div className="px-4 py-10 sm:px-6 sm:py-14">
      <PollRefresh active={polling} ms={POLL_MS} />
      {data.view === 'progress' ? <JobProgress job={data.job} /> : null}
      {data.view === 'failed' ? <JobFailed error={data.error} /> : null}
      {data.view === 'elsewhere' ? <JobElsewhere /> : null}
      {data.view === 'result' ? (
        <JobResult job={data.job} confirmDelete={data.confirmDelete} now={new Date(data.now)} />
      ) : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary'
