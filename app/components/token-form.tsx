import { Form, useNavigation } from '@remix-run/react'
import { Button, Card } from './ui'

export interface TokenFormErrors {
  token?: string
  terms?: string
}

/** 'Access Upload': the token entry step of /upload. A plain form, so it works without JavaScript. */
export function TokenForm({ defaultToken, errors }: { defaultToken: string; errors: TokenFormErrors }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'access'
  return (
    <Card className="mx-auto max-w-lg">
      <h1 className="text-2xl font-semibold">Access Upload</h1>
      <p className="mt-2 text-sm text-slate-600">Enter the access token you received by e-mail or after payment.</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="intent" value="access" />
        <div>
          <label htmlFor="token" className="block text-sm font-medium">
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
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm shadow-sm aria-[invalid]:border-red-500"
            placeholder="qf_..."
          />
          {errors.token ? (
            <p id="token-error" className="mt-1 text-sm text-red-700">
              {errors.token}
            </p>
          ) : null}
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="terms"
              className="mt-0.5 h-4 w-4"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
            />
            <span>
              I agree to the{' '}
              <a href="/legal#terms" className="text-brand-600 underline">
                Terms of Service
              </a>
            </span>
          </label>
          {errors.terms ? (
            <p id="terms-error" className="mt-1 text-sm text-red-700">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking...' : 'Access Upload'}
          </Button>
        </div>
      </Form>
    </Card>
  )
}
