import { useState, type FormEvent } from 'react'
import { PAYMENTS_NOT_CONFIGURED, PURCHASABLE, type PurchasablePlan } from '../billing/plans'
import { Button } from './ui'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The two plans, each with its own e-mail input. Without JavaScript each card is a plain form posting to
 * /checkout, which redirects to Stripe (or shows 'Checkout Error'). With it, the e-mail is checked here, the
 * Checkout Session is created through the API and the browser goes straight to Stripe; failures stay in the card.
 * `paymentsEnabled` (from the page loader: `paymentsConfigured()`) lets the cards say so before anyone clicks.
 */
export function PricingPlans({ paymentsEnabled, compact = false }: { paymentsEnabled?: boolean; compact?: boolean }) {
  return (
    <div className={`grid gap-6 ${compact ? '' : 'md:grid-cols-2'}`}>
      {(Object.keys(PURCHASABLE) as PurchasablePlan[]).map((plan) => (
        <PlanCard key={plan} plan={plan} paymentsEnabled={paymentsEnabled} compact={compact} />
      ))}
    </div>
  )
}

function PlanCard({
  plan,
  paymentsEnabled,
  compact,
}: {
  plan: PurchasablePlan
  paymentsEnabled?: boolean
  compact: boolean
}) {
  const info = PURCHASABLE[plan]
  const [error, setError] = useState<string | null>(null)
  // Only the e-mail's own problems mark the field invalid; payment failures are about the plan.
  const fieldError = error === 'Please enter your email address' || error === 'Please enter a valid email address'
  const [pending, setPending] = useState(false)
  const id = `pricing-${plan}`

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (!email) return setError('Please enter your email address')
    if (!email.includes('@') || !EMAIL.test(email)) return setError('Please enter a valid email address')
    setError(null)
    setPending(true)
    try {
      const res = await fetch('/api/create-checkout-session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ plan, email }),
      })
      const body = (await res.json().catch(() => ({}))) as { url?: string; error?: { message?: string } }
      if (res.ok && body.url) {
        window.location.assign(body.url)
        return
      }
      setError(
        res.status === 503 ? PAYMENTS_NOT_CONFIGURED : (body.error?.message ?? 'Payment failed. Please try again.'),
      )
    } catch {
      setError('Payment failed. Please try again.')
    }
    setPending(false)
  }

  const highlighted = plan === 'pro'
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={`flex flex-col rounded-xl border bg-white p-6 shadow-sm ${highlighted ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          {info.name}
        </h3>
        {highlighted ? (
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-700">
            Priority processing
          </span>
        ) : null}
      </div>
      <p className="mt-2">
        <span className="text-3xl font-semibold">{info.price}</span>
        <span className="ml-1 text-sm text-slate-600">{info.cadence}</span>
      </p>
      {!compact ? (
        <ul className="mt-4 space-y-1 text-sm text-slate-700">
          {info.features.map((f) => (
            <li key={f} className="flex gap-2">
              <span aria-hidden className="text-green-600">
                ✓
              </span>
              {f}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{info.summary}</p>
      )}
      <form method="post" action="/checkout" onSubmit={submit} noValidate className="mt-auto space-y-3 pt-5">
        <input type="hidden" name="plan" value={plan} />
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={() => setError(null)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm aria-[invalid]:border-red-500"
          />
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
            {error === PAYMENTS_NOT_CONFIGURED ? '.' : null}
            {error === PAYMENTS_NOT_CONFIGURED || error.startsWith('Payment failed') ? (
              <>
                {' '}
                <a href="/payment-help" className="underline">
                  Payment help
                </a>
              </>
            ) : null}
          </p>
        ) : null}
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? 'Processing...' : plan === 'pro' ? 'Subscribe to Professional' : 'Buy One Questionnaire'}
        </Button>
        {paymentsEnabled === false && error !== PAYMENTS_NOT_CONFIGURED ? (
          <p className="text-xs text-amber-800">{PAYMENTS_NOT_CONFIGURED}.</p>
        ) : null}
      </form>
    </section>
  )
}
