import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { sessionToken } from '../access/auth.server'
import { commitSession, destroySession, getSession, toasts } from '../access/session.server'
import { checkToken, PLAN_LABELS, remaining, TOKEN_MESSAGES, tokenSchema } from '../access/tokens.server'
import { TokenForm, type TokenFormErrors } from '../components/token-form'
import { UploadPanel } from '../components/upload-panel'
import { Badge } from '../components/ui'
import { createAnswerJob, QuotaExhaustedError } from '../jobs.server'
import { services } from '../services.server'
import { readFillRequest } from '../uploads/fill-request.server'
import type { UploadProblem } from '../uploads/limits'
import { MalformedUploadError, RequestTooLargeError } from '../uploads/multipart.server'

export const meta: MetaFunction = () => [{ title: 'Upload | QFill' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await sessionToken(request)
  const prefill = new URL(request.url).searchParams.get('token') ?? ''
  if (!token) return { access: null, prefill: prefill.slice(0, 128) }
  return { access: { plan: PLAN_LABELS[token.plan], remaining: remaining(token), email: token.email }, prefill: '' }
}

const accessSchema = z.object({
  token: z.string({ required_error: 'Please enter your access token' }).trim().min(1, 'Please enter your access token').pipe(tokenSchema),
  terms: z.literal('on', { errorMap: () => ({ message: 'Please accept the Terms of Service to continue' }) }),
})

type ActionData = { tokenErrors?: TokenFormErrors; problems?: UploadProblem[] }

export async function action({ request }: ActionFunctionArgs) {
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return upload(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'signout') {
    const session = await getSession(request)
    return redirect('/upload', { headers: { 'Set-Cookie': await destroySession(request, session) } })
  }
  if (intent !== 'access') return data<ActionData>({ problems: [{ title: 'Bad Request', message: 'Unknown form.' }] }, { status: 400 })

  const parsed = accessSchema.safeParse({ token: form.get('token') ?? undefined, terms: form.get('terms') ?? undefined })
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors
    return data<ActionData>({ tokenErrors: { token: errors.token?.[0], terms: errors.terms?.[0] } }, { status: 400 })
  }
  const check = await checkToken(services().sql, parsed.data.token)
  if (!check.ok) return data<ActionData>({ tokenErrors: { token: TOKEN_MESSAGES[check.reason] } }, { status: 401 })
  const session = await getSession(request)
  session.set('tokenId', check.row.id)
  const left = remaining(check.row)
  const headers = { 'Set-Cookie': await commitSession(request, session) }
  return toasts().redirectWithSuccess(
    '/upload',
    { message: 'Token Validated', description: left === null ? 'Unlimited questionnaires.' : `${left} of ${check.row.quota} questionnaires remaining.` },
    { headers },
  )
}

async function upload(request: Request) {
  const token = await sessionToken(request)
  if (!token) {
    return data<ActionData>(
      { problems: [{ title: 'Token Required', message: 'Your session has ended: enter your access token again.' }] },
      { status: 401 },
    )
  }
  let fill
  try {
    fill = await readFillRequest(request)
  } catch (error) {
    if (error instanceof RequestTooLargeError) {
      return data<ActionData>({ problems: [{ title: 'Upload Too Large', message: 'The upload is larger than 10 MB plus 10 files of 25 MB.' }] }, { status: 413 })
    }
    if (error instanceof MalformedUploadError) return data<ActionData>({ problems: [{ title: 'Upload Failed', message: error.message }] }, { status: 400 })
    throw error
  }
  if (!fill.ok) return data<ActionData>({ problems: fill.problems }, { status: fill.status })
  const { sql, store } = services()
  try {
    const { jobId, evidenceCount } = await createAnswerJob(sql, store, {
      tokenId: token.id,
      questionnaire: fill.files.questionnaire,
      evidence: fill.files.evidence,
      questionCount: fill.files.questionCount,
    })
    return toasts().redirectWithSuccess(`/jobs/${jobId}`, {
      message: 'Processing Started',
      description: `Job ${jobId} created successfully. Processing ${evidenceCount} evidence files.`,
    })
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return data<ActionData>({ problems: [{ title: 'Quota Exhausted', message: error.message }] }, { status: 402 })
    throw error
  }
}

export default function UploadPage() {
  const { access, prefill } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  return (
    <div className="mx-auto max-w-3xl px-6 py-12">
      {access ? (
        <>
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-semibold">Upload Your Files</h1>
              <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
                <Badge tone="brand">{access.plan}</Badge>
                <span data-testid="remaining">
                  {access.remaining === null ? 'Unlimited questionnaires' : `${access.remaining} questionnaire${access.remaining === 1 ? '' : 's'} remaining`}
                </span>
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="signout" />
              <button type="submit" className="text-sm text-brand-600 underline">
                Back to Token Page
              </button>
            </Form>
          </div>
          <UploadPanel serverProblems={actionData?.problems ?? []} />
        </>
      ) : (
        <>
          {actionData?.problems?.length ? (
            <p role="alert" className="mx-auto mb-6 max-w-lg rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              {actionData.problems[0]!.message}
            </p>
          ) : null}
          <TokenForm defaultToken={prefill} errors={actionData?.tokenErrors ?? {}} />
        </>
      )}
    </div>
  )
}
