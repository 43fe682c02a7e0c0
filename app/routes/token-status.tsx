import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { INVALID_TOKEN_MESSAGE, sessionToken } from '../access/auth.server'
import { endSession, toasts } from '../access/session.server'
import { tokenStatus, validateToken } from '../access/status.server'
import { openTokenSession } from '../access/token-page.server'
import { normalizeToken } from '../access/token-string'
import { planLabel } from '../access/tokens.server'
import { tokenField } from '../api/schemas/access'
import { QuestionnaireList } from '../components/questionnaire-list'
import { QuotaNotice } from '../components/quota-notice'
import { TokenField } from '../components/token-fields'
import { TokenUsage } from '../components/token-usage'
import { Button, ButtonLink, Card } from '../components/ui'
import { deleteJobFiles } from '../job/actions.server'
import { getOwnJob } from '../job/read.server'
import { services } from '../infra/services.server'

export const meta: MetaFunction = () => [{ title: 'Token Status | QFill' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const linked = normalizeToken(url.searchParams.get('token') ?? '').slice(0, 128)
  // A ?token= link only fills in the form: a GET never changes whose session this is (issue 16, finding 1), since
  // any site can send a visitor here. The token is checked read-only, so a bad link says so at once.
  if (linked.length > 10) {
    const known = (await validateToken(services().sql, linked)).known
    return data(
      { status: null, error: known ? null : INVALID_TOKEN_MESSAGE, prefill: linked, linked: known, confirmId: null },
      { status: known ? 200 : 401, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  const token = await sessionToken(request)
  if (!token) return { status: null, error: null, prefill: '', linked: false, confirmId: null }
  const status = await tokenStatus(services().sql, token)
  return {
    status: { ...status, planLabel: planLabel(status.plan) },
    error: null,
    prefill: '',
    linked: false,
    confirmId: url.searchParams.get('confirm'),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'signout') return redirect('/token-status', { headers: { 'Set-Cookie': await endSession(request) } })
  if (intent === 'delete') {
    const token = await sessionToken(request)
    const jobId = String(form.get('jobId') ?? '')
    const job = token ? await getOwnJob(services().sql, jobId, token.id) : null
    if (!job)
      return toasts().redirectWithError('/token-status', {
        message: 'Delete Failed',
        description: 'Failed to delete questionnaire',
      })
    await deleteJobFiles(services().sql, services().store, job.id)
    return toasts().redirectWithSuccess('/token-status', {
      message: 'Questionnaire Deleted',
      description: 'The questionnaire files have been deleted successfully.',
    })
  }
  const raw = String(form.get('token') ?? '')
  if (!normalizeToken(raw)) return data({ error: 'Please enter your access token' }, { status: 400 })
  const parsed = tokenField.safeParse(raw)
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 })
  const opened = await openTokenSession(request, parsed.data, '/token-status')
  if (opened.ok) return opened.response
  return data({ error: INVALID_TOKEN_MESSAGE }, { status: 401 })
}

export default function TokenStatusPage() {
  const { status, error: loaderError, prefill, linked, confirmId } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const checking = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'check'
  const error = (actionData && 'error' in actionData ? actionData.error : null) ?? loaderError
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-6 py-12">
      <div>
        <h1 className="text-3xl font-semibold">Token Status</h1>
        <p className="mt-2 text-slate-600">
          See your plan, how many questionnaires are left, and download earlier results while their files exist.
        </p>
      </div>
      {status ? (
        <>
          <Card>
            <div className="flex flex-wrap items-start justify-between gap-4">
              <h2 className="text-lg font-semibold">Your access token</h2>
              <Form method="post">
                <input type="hidden" name="intent" value="signout" />
                <button type="submit" className="text-sm text-brand-600 underline">
                  Use a different token
                </button>
              </Form>
            </div>
            <div className="mt-4">
              <TokenUsage usage={status} />
            </div>
            <div className="mt-6">
              {status.canUpload ? (
                <div
                  role="status"
                  className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
                  data-testid="quota-ok"
                >
                  <p className="font-semibold">
                    {status.remaining === null
                      ? 'Unlimited questionnaires available.'
                      : `${status.remaining} questionnaire${status.remaining === 1 ? '' : 's'} available.`}
                  </p>
                  <div className="mt-3">
                    <ButtonLink href="/upload">Process Questionnaire</ButtonLink>
                  </div>
                </div>
              ) : (
                <QuotaNotice
                  reason={status.expired ? 'expired' : 'exhausted'}
                  expiresAt={status.resetDate}
                  statusLink={false}
                  topUp={
                    status.expired ? null : (status.previousQuestionnaires[0] ?? status.expiredQuestionnaires[0])?.jobId
                  }
                />
              )}
            </div>
          </Card>
          <QuestionnaireList
            active={status.previousQuestionnaires}
            expired={status.expiredQuestionnaires}
            deletedOnRequest={status.deletedOnRequest}
            confirmId={confirmId}
            action="/token-status"
          />
          {!status.previousQuestionnaires.length && !status.expiredQuestionnaires.length ? (
            <p className="text-sm text-slate-600">No questionnaires processed with this token yet.</p>
          ) : null}
        </>
      ) : (
        <Card className="max-w-lg">
          {linked && !error ? (
            <p role="status" className="mb-4 text-sm text-slate-700" data-testid="linked-token">
              Your link filled in the token below. Check it is yours, then press <strong>Check Token Status</strong>.
            </p>
          ) : null}
          <Form method="post" action="/token-status" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="check" />
            <TokenField id="status-token" error={error} defaultValue={prefill} required />
            <Button type="submit" disabled={checking}>
              {checking ? 'Checking token...' : 'Check Token Status'}
            </Button>
          </Form>
          <p className="mt-4 text-sm text-slate-600">
            No token yet?{' '}
            <a href="/#trial" className="text-brand-600 underline">
              Start a free trial
            </a>{' '}
            or{' '}
            <a href="/#pricing" className="text-brand-600 underline">
              view pricing
            </a>
            .
          </p>
        </Card>
      )}
    </div>
  )
}
