import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { sessionToken } from '../access/auth.server'
import { startSession, toasts } from '../access/session.server'
import { tokenStatus, validateToken } from '../access/status.server'
import { notice } from '../access/token-page.server'
import { normalizeToken } from '../access/token-string'
import { tokenField } from '../api/schemas/access'
import { paymentsConfigured } from '../billing/config.server'
import { PricingPlans } from '../components/pricing-plans'
import { QuestionnaireList } from '../components/questionnaire-list'
import { QuotaNotice } from '../components/quota-notice'
import { TermsField, TokenField } from '../components/token-fields'
import { Badge, Button, ButtonLink, Card } from '../components/ui'
import { services } from '../infra/services.server'

export const meta: MetaFunction = () => [
  { title: 'Access Token | QFill' },
  { name: 'description', content: 'Use your QFill access token, or buy one: pay per use or Professional.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const base = { paymentsEnabled: paymentsConfigured(), previous: null, confirmId: null as string | null }
  if (url.searchParams.get('view') !== 'previous') return base
  const token = await sessionToken(request)
  if (!token) return base
  const status = await tokenStatus(services().sql, token)
  return { ...base, previous: status, confirmId: url.searchParams.get('confirm') }
}

const processSchema = z.object({
  token: z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(tokenField),
  terms: z.literal('on', { errorMap: () => ({ message: 'Please accept the Terms of Service to continue' }) }),
})

/** 'Process Now': validate, open the session, then earlier results (if any) or straight to the upload. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const parsed = processSchema.safeParse({
    token: form.get('token') ?? undefined,
    terms: form.get('terms') ?? undefined,
  })
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors
    return data({ errors: { token: errors.token?.[0], terms: errors.terms?.[0] }, blocked: null }, { status: 400 })
  }
  const check = await validateToken(services().sql, parsed.data.token)
  if (!check.known) return data({ errors: { token: check.message, terms: undefined }, blocked: null }, { status: 401 })
  const headers = { 'Set-Cookie': await startSession(request, check.token.id) }
  const earlier = check.body.previousQuestionnaires.length + check.body.expiredQuestionnaires.length > 0
  if (!check.body.valid && !earlier) {
    return data(
      {
        errors: {},
        blocked: { reason: check.body.reason as 'exhausted' | 'expired', expiresAt: check.body.expiresAt },
      },
      { status: 402, headers },
    )
  }
  return toasts().redirectWithToast(earlier ? '/token?view=previous' : '/upload', notice(check), { headers })
}

export default function TokenPage() {
  const { paymentsEnabled, previous, confirmId } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors: { token?: string; terms?: string } = actionData?.errors ?? {}
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formAction === '/token'
  const [token, setToken] = useState('')
  const [terms, setTerms] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  const tokenInput = useRef<HTMLInputElement>(null)
  const termsInput = useRef<HTMLInputElement>(null)
  // Before hydration (or without JS) the buttons stay enabled and the server checks everything.
  // What was typed before hydration is read back, so the buttons match the form.
  useEffect(() => {
    setToken(tokenInput.current?.value ?? '')
    setTerms(termsInput.current?.checked ?? false)
    setHydrated(true)
  }, [])
  const trimmed = normalizeToken(token)
  const ready = trimmed.length >= 10 && terms

  if (previous) {
    return (
      <div className="mx-auto max-w-3xl space-y-6 px-6 py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-3xl font-semibold">Your Questionnaires</h1>
          {previous.canUpload ? <ButtonLink href="/upload">Process New Questionnaire</ButtonLink> : null}
        </div>
        {!previous.canUpload ? (
          <QuotaNotice reason={previous.expired ? 'expired' : 'exhausted'} expiresAt={previous.resetDate} />
        ) : null}
        <QuestionnaireList
          active={previous.previousQuestionnaires}
          expired={previous.expiredQuestionnaires}
          deletedOnRequest={previous.deletedOnRequest}
          confirmId={confirmId}
          action="/token-status"
        />
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-6 py-12">
      <div className="text-center">
        <Badge tone="brand">Token-Based Access</Badge>
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">
          No accounts, no passwords: your token is your access
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Use the token you received by e-mail or after payment, or buy one below. Files are deleted 1 hour after
          processing.
        </p>
      </div>
      <div className="mt-10 grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <h2 className="text-xl font-semibold">I Have an Access Token</h2>
          {actionData?.blocked ? (
            <QuotaNotice reason={actionData.blocked.reason} expiresAt={actionData.blocked.expiresAt} className="mt-4" />
          ) : null}
          <Form method="post" action="/token" className="mt-5 space-y-4" noValidate>
            <TokenField id="landing-token" error={errors.token} inputRef={tokenInput} onChange={setToken} />
            <TermsField id="landing-terms" error={errors.terms} inputRef={termsInput} onChange={setTerms} />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                variant="secondary"
                name="intent"
                value="check"
                formMethod="post"
                formAction="/token-status"
                disabled={hydrated && !ready}
              >
                Check
              </Button>
              <Button type="submit" disabled={(hydrated && !ready) || busy}>
                {busy ? 'Checking...' : 'Process Now'}
              </Button>
            </div>
          </Form>
          <p className="mt-4 text-sm text-slate-600">
            <strong>Check</strong> shows your plan, usage and earlier results; <strong>Process Now</strong> takes you to
            the upload.
          </p>
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">Purchase Access</h2>
          <p className="mt-1 text-sm text-slate-600">Your token is shown after payment and e-mailed to you.</p>
          <div className="mt-5">
            <PricingPlans paymentsEnabled={paymentsEnabled} compact />
          </div>
        </Card>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        <Card>
          <h2 className="font-semibold">How tokens work</h2>
          <p className="mt-2 text-sm text-slate-600">
            A token is a secret key starting with <code>qf_</code>. Whoever holds it can upload questionnaires and
            download their results: keep it like a password.
          </p>
        </Card>
        <Card>
          <h2 className="font-semibold">Plans</h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-600">
            <li>Free Trial: 2 questionnaires, valid 1 hour.</li>
            <li>Pay Per Use: 1 questionnaire, valid 1 hour or until used.</li>
            <li>Professional: unlimited for 30 days, renewed with each payment, priority processing.</li>
          </ul>
        </Card>
        <Card>
          <h2 className="font-semibold">Developer API</h2>
          <p className="mt-2 text-sm text-slate-600">
            Send the same token as <code>Authorization: Bearer</code> or <code>x-api-key</code> to upload and fetch
            results from your own tools.
          </p>
          <a href="/api-docs" className="mt-3 inline-block text-sm font-medium text-brand-600 underline">
            API documentation
          </a>
        </Card>
      </div>
    </div>
  )
}
