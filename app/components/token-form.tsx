import { Form, useNavigation } from '@remix-run/react'
import { KeyRound } from 'lucide-react'
import { Button, Card, inputClass } from './ui'

export interface TokenFormErrors {
  token?: string
  terms?: string
}

/** 'Access Upload': the token entry step of /upload. A plain form, so it works without JavaScript. */
export function TokenForm({ defaultToken, errors }: { defaultToken: string; errors: TokenFormErrors }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'access'
  return (
    <Card className="mx-auto max-w-lg sm:p-8">
      <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <KeyRound aria-hidden className="h-5 w-5" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Access Upload</h1>
      <p className="mt-2 text-sm text-slate-600">Enter the access token you received by e-mail or after payment.</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="intent" value="access" />
        <div>
          <label htmlFor="token" className="block text-sm font-medium text-slate-800">
            Access token
          </label>
          <input
            id="token"
            name="token"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            defaultValue={defaultToken}
            aria-invalid={errors.token ? true : undefined}
            aria-describedby={errors.token ? 'token-error' : undefined}
            className={`mt-1.5 font-mono ${inputClass}`}
            placeholder="qf_..."
          />
          {errors.token ? (
            <p id="token-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.token}
            </p>
          ) : null}
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="terms"
              className="mt-0.5 h-4 w-4 accent-brand-600"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
            />
            <span>
              I agree to the{' '}
              <a href="/legal#terms" className="font-medium text-brand-700 underline underline-offset-2">
                Terms of Service
              </a>
            </span>
          </label>
          {errors.terms ? (
            <p id="terms-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Checking...' : 'Access Upload'}
          </Button>
          <p className="mt-4 text-center text-sm text-slate-600">
            Want to see what is left on your token?{' '}
            <a href="/token-status" className="font-medium text-brand-700 underline underline-offset-2">
              Check token status
            </a>
          </p>
        </div>
      </Form>
    </Card>
  )
}
