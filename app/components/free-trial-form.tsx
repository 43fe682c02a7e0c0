import { useSearchParams } from '@remix-run/react'
import { useRef, useState, type FormEvent } from 'react'
import { Button, buttonClass, Dialog } from './ui'

type State =
  | { step: 'form' }
  | { step: 'submitting' }
  | { step: 'done'; email: string }
  | { step: 'corporate' }
  | { step: 'error'; message: string }

/**
 * The free-trial form of the home page (#trial). Without JavaScript it posts to /free-trial, which redirects back
 * to /?trial=activated#trial (or ?trial=corporate / ?trial=error) with a flash notice; with it, the API is called
 * in place. The token is only ever e-mailed.
 */
export function FreeTrialForm() {
  const [params] = useSearchParams()
  const outcome = params.get('trial')
  const [state, setState] = useState<State>(() =>
    outcome === 'activated'
      ? { step: 'done', email: params.get('email') ?? '' }
      : outcome === 'corporate'
        ? { step: 'corporate' }
        : outcome === 'error'
          ? { step: 'error', message: params.get('message') ?? 'Failed to activate free trial' }
          : { step: 'form' },
  )
  const [fieldError, setFieldError] = useState<string | null>(
    outcome === 'invalid' ? (params.get('message') ?? 'Please enter a valid email address') : null,
  )

  const emailInput = useRef<HTMLInputElement>(null)
  // Back to the form with the e-mail field focused, ready for a work address.
  const backToForm = () => {
    setState({ step: 'form' })
    requestAnimationFrame(() => emailInput.current?.focus())
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (!email) return setFieldError('Please enter your email address')
    setFieldError(null)
    setState({ step: 'submitting' })
    try {
      const res = await fetch('/api/create-free-trial', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ email }),
      })
      const body = (await res.json().catch(() => ({}))) as {
        email?: string
        error?: { code?: string; message?: string }
      }
      if (res.ok) return setState({ step: 'done', email: body.email ?? email })
      const message = body.error?.message ?? 'Failed to activate free trial'
      if (body.error?.code === 'corporate_email_required' || message.includes('Personal email domains'))
        return setState({ step: 'corporate' })
      if (res.status === 400) {
        setState({ step: 'form' })
        return setFieldError(message.replace(/^email: /, ''))
      }
      setState({ step: 'error', message })
    } catch {
      setState({ step: 'error', message: 'Failed to activate free trial' })
    }
  }

  if (state.step === 'done') {
    return (
      <div
        role="status"
        className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900"
        data-testid="trial-activated"
      >
        <h3 className="text-lg font-semibold">Trial Activated!</h3>
        <p className="mt-2 text-sm">
          Your access token is on its way{state.email ? ` to ${state.email}` : ''}. It allows 2 questionnaires and
          expires 1 hour after it was issued.
        </p>
        <a
          href="/upload"
          className="mt-4 inline-flex items-center rounded-md bg-green-700 px-4 py-2 text-sm font-medium text-white hover:bg-green-800"
        >
          Go to Upload
        </a>
      </div>
    )
  }
  const submitting = state.step === 'submitting'
  return (
    <div className="relative">
      <form
        method="post"
        action="/free-trial"
        onSubmit={submit}
        noValidate
        className="space-y-3"
        aria-label="Free trial"
      >
        <div>
          <label htmlFor="trial-email" className="block text-sm font-medium">
            Work email
          </label>
          <input
            ref={emailInput}
            id="trial-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            defaultValue={params.get('email') ?? ''}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`trial-help${fieldError ? ' trial-error' : ''}`}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm aria-[invalid]:border-red-500"
          />
          <p id="trial-help" className="mt-1 text-xs text-slate-500">
            Corporate e-mail only. 2 questionnaires; the token is e-mailed to you.
          </p>
          {fieldError ? (
            <p id="trial-error" role="alert" className="mt-1 text-sm text-red-700">
              {fieldError}
            </p>
          ) : null}
        </div>
        {state.step === 'error' ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <strong>Free Trial Error:</strong> {state.message}
          </p>
        ) : null}
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? 'Setting up trial...' : 'Start Free Trial'}
        </Button>
      </form>
      <Dialog
        open={state.step === 'corporate'}
        onClose={backToForm}
        title="Corporate email required"
        description="Personal email domains (such as Gmail, Outlook or Yahoo) and disposable addresses are not accepted for the free trial. Please use your work email address."
      >
        <div className="flex justify-end">
          <a
            href="/#trial"
            data-autofocus
            autoFocus
            onClick={(e) => {
              e.preventDefault()
              backToForm()
            }}
            className={buttonClass('primary')}
          >
            Use a work email
          </a>
        </div>
      </Dialog>
    </div>
  )
}
