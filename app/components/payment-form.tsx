import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from './ui'

interface StripeJs {
  elements(options: { clientSecret: string }): { create(type: 'payment'): { mount(el: HTMLElement): void } }
  confirmPayment(options: {
    elements: unknown
    confirmParams: { return_url: string }
  }): Promise<{ error?: { message?: string } }>
}
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs
  }
}

function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = 'https://js.stripe.com/v3/'
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('Could not load the card form from Stripe'))
    document.head.appendChild(script)
  })
}

/**
 * Stripe's Payment Element for one questionnaire: a PaymentIntent is created through the API, the card form is
 * mounted from js.stripe.com, and confirmation returns to /?payment=success&questionnaire={id}.
 */
export function PaymentForm({ questionnaireId, publishableKey }: { questionnaireId: string; publishableKey: string }) {
  const mountPoint = useRef<HTMLDivElement>(null)
  const stripe = useRef<{ js: StripeJs; elements: unknown } | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'paying'>('loading')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    ;(async () => {
      const res = await fetch('/api/create-payment-intent', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ questionnaireId }),
      })
      const body = (await res.json().catch(() => ({}))) as { clientSecret?: string; error?: { message?: string } }
      if (!res.ok || !body.clientSecret) throw new Error(body.error?.message ?? 'Failed to initiate checkout')
      await loadStripeJs()
      if (cancelled || !mountPoint.current || !window.Stripe) return
      const js = window.Stripe(publishableKey)
      const elements = js.elements({ clientSecret: body.clientSecret })
      elements.create('payment').mount(mountPoint.current)
      stripe.current = { js, elements }
      setState('ready')
    })().catch((e: Error) => !cancelled && setError(e.message))
    return () => {
      cancelled = true
    }
  }, [questionnaireId, publishableKey])

  async function pay(event: FormEvent) {
    event.preventDefault()
    if (!stripe.current) return
    setState('paying')
    setError(null)
    const { error } = await stripe.current.js.confirmPayment({
      elements: stripe.current.elements,
      confirmParams: {
        return_url: `${window.location.origin}/?payment=success&questionnaire=${encodeURIComponent(questionnaireId)}`,
      },
    })
    // Only reached when confirmation failed: success leaves the page.
    setError(`Payment Failed: ${error?.message ?? 'Payment failed. Please try again.'}`)
    setState('ready')
  }

  return (
    <form onSubmit={pay} className="space-y-4">
      {state === 'loading' && !error ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <span
            aria-hidden
            className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
          />
          Loading secure card form...
        </p>
      ) : null}
      <div ref={mountPoint} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}{' '}
          <a href="/payment-help" className="underline">
            Card payment help
          </a>
        </p>
      ) : null}
      <Button type="submit" disabled={state !== 'ready'} className="w-full">
        {state === 'paying' ? 'Processing...' : 'Pay $49.00'}
      </Button>
    </form>
  )
}
