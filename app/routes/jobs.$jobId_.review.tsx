import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ownJobOr404 } from '../access/token-page.server'
import { toasts } from '../access/session.server'
import { ReviewScreen } from '../components/review/review-screen'
import type { JobRow } from '../job/read.server'
import { handleReviewForm } from '../review/form.server'
import { loadReview, ReviewError } from '../review/state.server'
import { EXPIRED_MESSAGE, reviewPage } from '../review/view'
import { services } from '../infra/services.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view === 'review' ? `Review Answers: ${data.job.name} | QFill` : 'Review Answers | QFill' },
]

const gone = (job: JobRow) => Boolean(job.deletedAt) || (job.expiresAt !== null && job.expiresAt <= new Date())

export async function loader({ request, params }: LoaderFunctionArgs) {
  const job = await ownJobOr404(request, params.jobId!)
  if (job.status !== 'completed') throw redirect(`/jobs/${job.id}`)
  if (gone(job)) return { view: 'expired' as const, jobId: job.id }
  const url = new URL(request.url)
  try {
    const state = await loadReview(services(), job.id)
    const page = reviewPage(state, {
      filter: url.searchParams.get('filter'),
      q: url.searchParams.get('q'),
      page: url.searchParams.get('page'),
    })
    return {
      view: 'review' as const,
      now: new Date().toISOString(),
      job: {
        id: job.id,
        name: job.questionnaireName,
        expiresAt: job.expiresAt!.toISOString(),
        xlsx: `/api/result/${job.id}/xlsx`,
        pdf: `/api/result/${job.id}/pdf`,
        json: `/api/result/${job.id}/json`,
      },
      page,
    }
  } catch (e) {
    if (e instanceof ReviewError && e.status === 410) return { view: 'expired' as const, jobId: job.id }
    throw e
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const job = await ownJobOr404(request, params.jobId!)
  const deps = services()
  const back = `/jobs/${job.id}/review${new URL(request.url).search}`
  try {
    const form = await request.formData()
    const state = await loadReview(deps, job.id)
    const outcome = await handleReviewForm(deps, job.id, form, state)
    switch (outcome.kind) {
      case 'done':
        return toasts().redirectWithSuccess(back, { message: outcome.message, description: outcome.description })
      case 'invalid':
        return data(outcome, { status: 400 })
    }
  } catch (e) {
    if (!(e instanceof ReviewError)) throw e
    if (e.status === 410) return toasts().redirectWithError(`/jobs/${job.id}`, { message: EXPIRED_MESSAGE })
    return toasts().redirectWithError(back, { message: 'Could not save', description: e.message })
  }
}

export default function ReviewRoute() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if (loaded.view === 'expired') {
    return (
      <div className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="text-2xl font-semibold">Review Answers</h1>
        <p className="mt-4 text-slate-600">{EXPIRED_MESSAGE}</p>
        <Link
          to={`/jobs/${loaded.jobId}`}
          className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Back to the job
        </Link>
      </div>
    )
  }
  const invalid = actionData && 'kind' in actionData && actionData.kind === 'invalid' ? actionData : null
  return <ReviewScreen job={loaded.job} page={loaded.page} now={loaded.now} invalid={invalid} />
}
