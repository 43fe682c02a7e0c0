import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { sessionToken } from '../access/auth.server'
import { endSession, startSession, toasts } from '../access/session.server'
import { validateToken } from '../access/status.server'
import { tokenSchema } from '../access/token-string'
import { canUpload, planLabel, remaining } from '../access/tokens.server'
import { QuotaNotice } from '../components/quota-notice'
import { TokenForm, type TokenFormErrors } from '../components/token-form'
import { UploadPanel } from '../components/upload-panel'
import { WorkerDownNotice } from '../components/worker-down-notice'
import { workerLiveness } from '../job/worker-heartbeat.server'
import { ArrowLeft } from 'lucide-react'
import { Badge, Notice } from '../components/ui'
import { services } from '../infra/services.server'
import { apiErrorHeaders } from '../api/errors'
import { handleFillUpload } from '../uploads/fill-request.server'
import type { UploadProblem } from '../uploads/limits'

export const meta: MetaFunction = () => [{ title: 'Upload | QFill' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await sessionToken(request, 'upload')
  const prefill = new URL(request.url).searchParams.get('token') ?? ''
  if (!token) return { access: null, prefill: prefill.slice(0, 128), workers: null }
  return {
    access: {
      plan: planLabel(token.plan),
      remaining: remaining(token),
      email: token.email,
      // An exhausted token gets the notice, not file pickers it cannot use (the server would refuse with 402).
      canUpload: canUpload(token),
    },
    prefill: '',
    workers: await workerLiveness(services().sql),
  }
}

const accessSchema = z.object({
  token: z
    .string({ required_error: 'Please enter your access token' })
    .trim()
    .min(1, 'Please enter your access token')
    .pipe(tokenSchema),
  terms: z.literal('on', { errorMap: () => ({ message: 'Please accept the Terms of Service to continue' }) }),
})

type ActionData = {
  tokenErrors?: TokenFormErrors
  problems?: UploadProblem[]
  blocked?: { reason: 'exhausted' | 'expired'; message: string }
}

export async function action({ request }: ActionFunctionArgs) {
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return upload(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'signout') {
    return redirect('/upload', { headers: { 'Set-Cookie': await endSession(request) } })
  }
  if (intent !== 'access')
    return data<ActionData>({ problems: [{ title: 'Bad Request', message: 'Unknown form.' }] }, { status: 400 })

  const parsed = accessSchema.safeParse({
    token: form.get('token') ?? undefined,
    terms: form.get('terms') ?? undefined,
  })
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors
    return data<ActionData>({ tokenErrors: { token: errors.token?.[0], terms: errors.terms?.[0] } }, { status: 400 })
  }
  const check = await validateToken(services().sql, parsed.data.token)
  if (!check.known) return data<ActionData>({ tokenErrors: { token: check.message } }, { status: 401 })
  // Exhausted or expired: say so before any file is chosen (the token may still open earlier results).
  if (!check.body.valid)
    return data<ActionData>(
      { blocked: { reason: check.body.reason as 'exhausted' | 'expired', message: check.body.message } },
      { status: 402 },
    )
  const headers = { 'Set-Cookie': await startSession(request, check.token.id) }
  const left = check.body.remaining
  return toasts().redirectWithSuccess(
    '/upload',
    {
      message: 'Token Validated',
      description:
        left === null ? 'Unlimited questionnaires.' : `${left} of ${check.body.limit} questionnaires remaining.`,
    },
    { headers },
  )
}

async function upload(request: Request) {
  const outcome = await handleFillUpload(request)
  if (!outcome.ok) {
    const problems =
      outcome.status === 401 && outcome.code === 'token_required'
        ? [{ title: 'Token Required', message: 'Your session has ended: enter your access token again.' }]
        : outcome.problems
    const retryAfter = apiErrorHeaders(outcome.code)['Retry-After']
    const headers: Record<string, string> = {
      Connection: 'close',
      ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
    }
    return data<ActionData>({ problems }, { status: outcome.status, headers })
  }
  return toasts().redirectWithSuccess(`/jobs/${outcome.jobId}`, {
    message: 'Processing Started',
    description: `Job ${outcome.jobId} created successfully. Processing ${outcome.evidenceCount} evidence files.`,
  })
}

export default function UploadPage() {
  const { access, prefill, workers } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {access ? (
        <>
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-semibold tracking-tight">Upload Your Files</h1>
              <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
                <Badge tone="brand">{access.plan}</Badge>
                <span data-testid="remaining">
                  {access.remaining === null
                    ? 'Unlimited questionnaires'
                    : `${access.remaining} questionnaire${access.remaining === 1 ? '' : 's'} remaining`}
                </span>
              </p>
            </div>
            <Form method="post" className="flex items-center gap-4">
              <a href="/token-status" className="text-sm text-brand-600 underline">
                Token status
              </a>
              <input type="hidden" name="intent" value="signout" />
              <button
                type="submit"
                className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                <ArrowLeft aria-hidden className="h-4 w-4" />
                Back to Token Page
              </button>
            </Form>
          </div>
          {access.canUpload ? (
            <>
              {workers?.live === 0 ? <WorkerDownNotice when="upload" className="mb-6" /> : null}
              <UploadPanel serverProblems={actionData?.problems ?? []} />
            </>
          ) : (
            <QuotaNotice reason="exhausted" />
          )}
        </>
      ) : (
        <>
          {actionData?.problems?.length ? (
            <div className="mx-auto mb-6 max-w-lg">
              <Notice tone="error">{actionData.problems[0]!.message}</Notice>
            </div>
          ) : null}
          {actionData?.blocked ? (
            <QuotaNotice reason={actionData.blocked.reason} className="mx-auto mb-6 max-w-lg" />
          ) : null}
          <TokenForm defaultToken={prefill} errors={actionData?.tokenErrors ?? {}} />
          <p className="mt-6 text-center text-sm text-slate-600">
            Want to see your usage or earlier results?{' '}
            <a href="/token-status" className="font-medium text-brand-600 underline">
              Check token status
            </a>
          </p>
        </>
      )}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary'
