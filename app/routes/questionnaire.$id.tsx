import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PollRefresh, usePolling } from '../components/polling'
import { sessionToken } from '../access/auth.server'
import { Badge, ButtonLink, Card } from '../components/ui'
import { getOwnJob } from '../job/read.server'
import { services } from '../infra/services.server'

export const POLL_MS = 2000

export const meta: MetaFunction = () => [{ title: 'Questionnaire Status | QFill' }]

type StepState = 'Completed' | 'Processing...' | 'Failed' | 'Pending'

const STEPS = [
  'Document parsed and questions extracted',
  'AI generating responses with advanced AI',
  'Generating final document',
] as const

/** Where a job is, as the three steps of the questionnaire-status view. */
function steps(status: string, stage: string | null, total: number): StepState[] {
  if (status === 'completed') return ['Completed', 'Completed', 'Completed']
  const parsed = total > 0 || (stage !== null && stage !== 'parsing')
  if (status === 'failed') return parsed ? ['Completed', 'Failed', 'Pending'] : ['Failed', 'Pending', 'Pending']
  if (stage === 'writing') return ['Completed', 'Completed', 'Processing...']
  if (stage === 'reading evidence' || stage === 'answering') return ['Completed', 'Processing...', 'Pending']
  if (status === 'processing' || stage === 'parsing')
    return [parsed ? 'Completed' : 'Processing...', parsed ? 'Processing...' : 'Pending', 'Pending']
  return ['Pending', 'Pending', 'Pending']
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await sessionToken(request)
  const job = token ? await getOwnJob(services().sql, params.id ?? '', token.id) : null
  if (!job) return data({ found: false as const }, { status: 404 })
  const status = job.status === 'queued' ? 'processing' : job.status
  const filesGone = Boolean(job.deletedAt) || (job.expiresAt !== null && job.expiresAt <= new Date())
  return {
    found: true as const,
    id: job.id,
    fileName: job.questionnaireName,
    status,
    processed: job.processed,
    total: job.questionCount ?? job.total,
    error: job.error,
    steps: steps(job.status, job.stage, job.total),
    downloads: status === 'completed' && !filesGone,
  }
}

const TONE: Record<StepState, 'green' | 'brand' | 'red' | 'slate'> = {
  Completed: 'green',
  'Processing...': 'brand',
  Failed: 'red',
  Pending: 'slate',
}

export default function QuestionnaireStatus() {
  const view = useLoaderData<typeof loader>()
  const polling = view.found && view.status === 'processing'
  usePolling(polling, POLL_MS)

  if (!view.found) {
    return (
      <div className="px-6 py-16">
        <Card className="mx-auto max-w-lg text-center">
          <h1 className="text-2xl font-semibold">Questionnaire Not Found</h1>
          <p className="mt-3 text-slate-600">The questionnaire could not be loaded.</p>
          <div className="mt-6">
            <ButtonLink href="/token-status">Check Token Status</ButtonLink>
          </div>
        </Card>
      </div>
    )
  }
  const title =
    view.status === 'completed'
      ? 'Processing Complete!'
      : view.status === 'failed'
        ? 'Processing Failed'
        : 'AI Processing Your Questionnaire'
  return (
    <div className="mx-auto max-w-2xl px-6 py-12">
      <PollRefresh active={polling} ms={POLL_MS} />
      <Card>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{view.fileName}</p>
        {view.status === 'processing' && view.total > 0 ? (
          <p className="mt-3 text-sm" data-testid="questions-completed">
            {view.processed} of {view.total} questions completed
          </p>
        ) : null}
        <ol className="mt-6 space-y-3" aria-label="Processing steps">
          {STEPS.map((label, i) => (
            <li
              key={label}
              className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3"
            >
              <span className="text-sm font-medium">{label}</span>
              <Badge tone={TONE[view.steps[i]!]}>{view.steps[i]}</Badge>
            </li>
          ))}
        </ol>
        {view.status === 'failed' ? (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {view.error ?? 'An error occurred during processing'}
          </p>
        ) : null}
        {view.status === 'completed' ? (
          <div className="mt-6 flex flex-wrap gap-3">
            {view.downloads ? (
              <>
                <ButtonLink href={`/api/result/${view.id}/xlsx`} download={`questionnaire-${view.id}.xlsx`}>
                  Download Spreadsheet
                </ButtonLink>
                <ButtonLink
                  href={`/api/result/${view.id}/pdf`}
                  download={`questionnaire-${view.id}.pdf`}
                  variant="secondary"
                >
                  Download Report
                </ButtonLink>
              </>
            ) : (
              <p className="w-full text-sm text-amber-800">Files have been deleted due to 1-hour security policy</p>
            )}
            <ButtonLink href={`/jobs/${view.id}`} variant="secondary">
              View Result
            </ButtonLink>
          </div>
        ) : null}
      </Card>
    </div>
  )
}
