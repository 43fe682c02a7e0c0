import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { toasts } from '../access/session.server'
import { createFreeTrial } from '../access/trial.server'
import { freeTrialBody } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { publicUrl } from '../infra/env.server'

/** The free-trial form without JavaScript: plain POST, then back to the home page's trial section with a notice. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const email = String(form.get('email') ?? '')
  const parsed = freeTrialBody.safeParse({ email })
  const back = (params: Record<string, string>) => `/?${new URLSearchParams(params)}#trial`
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message
    return toasts().redirectWithError(back({ trial: 'invalid', message, email }), {
      message: 'Email Required',
      description: message,
    })
  }
  const { sql, env, mail } = billing()
  const result = await createFreeTrial(sql, {
    email: parsed.data.email,
    mail,
    baseUrl: publicUrl(env),
  })
  if (!result.ok) {
    return toasts().redirectWithError(
      back(
        result.code === 'corporate_email_required'
          ? { trial: 'corporate', email }
          : { trial: 'error', message: result.message, email },
      ),
      {
        message: 'Free Trial Error',
        description: result.message,
      },
    )
  }
  return toasts().redirectWithSuccess(back({ trial: 'activated', email: result.email }), {
    message: 'Trial Activated!',
    description: `Your access token has been sent to ${result.email}.`,
  })
}

export function loader() {
  return redirect('/#trial')
}
