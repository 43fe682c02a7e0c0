import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { checkoutSessionQuery } from '../api/schemas/access'
import { checkoutToken } from '../billing/checkout-token.server'
import { billing } from '../billing/config.server'
import { PAYMENTS_NOT_CONFIGURED } from '../billing/plans'
import { planLabel } from '../access/tokens.server'
import { Badge, Button, ButtonLink, Card } from '../components/ui'
import { publicUrl } from '../infra/env.server'

export const meta: MetaFunction = () => [
  { title: 'Payment Successful | QFill' },
  { name: 'robots', content: 'noindex' },
]

const RETRY_MS = 3000

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const parsed = checkoutSessionQuery.safeParse({ session_id: url.searchParams.get('session_id') ?? undefined })
  const sessionId = url.searchParams.get('session_id') ?? ''
  if (!parsed.success)
    return { state: 'error' as const, sessionId, message: 'No valid payment session was given.', headers }
  const { stripe, sql, fileKey, mail, env } = billing()
  if (!stripe) return { state: 'error' as const, sessionId, message: PAYMENTS_NOT_CONFIGURED }
  const reveal = await checkoutToken(sql, { stripe, fileKey, mail, baseUrl: publicUrl(env) }, parsed.data.session_id)
  if (reveal.status === 'ok')
    return { state: 'ok' as const, sessionId, token: reveal.token, plan: planLabel(reveal.plan), email: reveal.email }
  if (reveal.status === 'revealed') {
    return {
      state: 'error' as const,
      sessionId,
      message: `this token was already shown once${reveal.email ? `; it was also sent to ${reveal.email}` : ''}.`,
    }
  }
  return {
    state: 'pending' as const,
    sessionId,
    message: 'your payment has not been confirmed by Stripe yet. This page checks again every few seconds.',
  }
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true)
          setTimeout(() => setCopied(false), 2000)
        })
      }}
    >
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  )
}

export default function SuccessPage() {
  const view = useLoaderData<typeof loader>()
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (view.state !== 'pending') return
    const timer = setInterval(revalidate, RETRY_MS)
    return () => clearInterval(timer)
  }, [view.state, revalidate])
  return (
    <div className="mx-auto max-w-2xl px-6 py-12">
      {view.state === 'pending' ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(RETRY_MS / 1000)} />
        </noscript>
      ) : null}
      <Card>
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="grid h-10 w-10 place-items-center rounded-full bg-green-100 text-xl text-green-700"
          >
            ✓
          </span>
          <h1 className="text-2xl font-semibold">Payment Successful!</h1>
        </div>
        {view.state === 'ok' ? (
          <div className="mt-6 space-y-4">
            <p className="text-sm text-slate-600">
              Here is your access token. It is shown only this once on this page; a copy has been e-mailed to you. Keep
              it private.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="purchased-token"
                className="min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all"
              >
                {view.token}
              </code>
              <CopyButton text={view.token} />
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Plan</dt>
                <dd className="mt-1">
                  <Badge tone="brand">{view.plan}</Badge>
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Email</dt>
                <dd className="mt-1 wrap-anywhere">{view.email ?? '—'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-slate-500">Session</dt>
                <dd className="mt-1 font-mono text-xs break-all">{view.sessionId}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-3">
              <ButtonLink href={`/upload?token=${encodeURIComponent(view.token)}`}>Upload a Questionnaire</ButtonLink>
              <ButtonLink href="/" variant="secondary">
                Return to Main Page
              </ButtonLink>
            </div>
          </div>
        ) : (
          <div className="mt-6 space-y-4">
            <p
              role={view.state === 'error' ? 'alert' : 'status'}
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              Unable to fetch token data: {view.message}
            </p>
            <p className="text-sm text-slate-600">
              Your access token will also be sent to the e-mail address you paid with.
            </p>
            {view.sessionId ? (
              <p className="text-xs text-slate-500">
                Session: <span className="font-mono break-all">{view.sessionId}</span>
              </p>
            ) : null}
            <ButtonLink href="/" variant="secondary">
              Return to Main Page
            </ButtonLink>
          </div>
        )}
      </Card>
    </div>
  )
}

export function headers() {
  // The token is on this page: never cache it, never send this address to another site.
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
}
