import { Form, useNavigation } from '@remix-run/react'
import { KeyRound } from 'lucide-react'
import { TermsField, TokenField } from './token-fields'
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
    <Card className="mx-auto max-w-lg sm:p-8">
      <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <KeyRound aria-hidden className="h-5 w-5" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Access Upload</h1>
      <p className="mt-2 text-sm text-slate-600">Enter the access token you received by e-mail or after payment.</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="intent" value="access" />
        <TokenField id="token" error={errors.token} defaultValue={defaultToken} />
        <TermsField id="terms" error={errors.terms} />
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
