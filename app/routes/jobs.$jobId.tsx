import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { sessionToken } from '../access/auth.server'
import { toasts } from '../access/session.server'
import { JobFailed } from '../components/job-failed'
import { JobProgress } from '../components/job-progress'
import { JobElsewhere } from '../components/job-elsewhere'
import { JobResult } from '../components/job-result'
import { reviewItems } from '../job-view.server'
import { deleteJobFiles, getOwnJob } from '../jobs.server'
import type { RunSummary } from '../answering/model'
import { services } from '../services.server'

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

async function ownJobOr404(request: Request, jobId: string) {
  const token = await sessionToken(request)
  const job = token ? await getOwnJob(services().sql, jobId, token.id) : null
  // A job of another token, or any job without a session, looks exactly like one that does not exist.
  if (!job)
    throw new Response('Job not found. Open it from the browser where you uploaded it, or check your token status.', {
      status: 404,
    })
  return job
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Opened without a session (another browser, a shared link): say how to get back to it rather than 404. The
  // answer is the same whether or not the job exists, so it reveals nothing.
  if (!(await sessionToken(request))) return data({ view: 'elsewhere' as const }, { status: 401 })
  const job = await ownJobOr404(request, params.jobId!)
  const now = new Date()
  if (job.status === 'failed') return { view: 'failed' as const, error: job.error }
  if (job.status !== 'completed') {
    return {
      view: 'progress' as const,
      job: { id: job.id, processed: job.processed, total: job.total, evidenceCount: job.evidenceCount },
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
  const { revalidate, state } = useRevalidator()
  const polling = data.view === 'progress'
  useEffect(() => {
    if (!polling) return
    const timer = setInterval(() => {
      if (state === 'idle' && document.visibilityState === 'visible') revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [polling, revalidate, state])

  return (
    <div className="px-4 py-10 sm:px-6 sm:py-14">
      {polling ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(POLL_MS / 1000)} />
        </noscript>
      ) : null}
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
