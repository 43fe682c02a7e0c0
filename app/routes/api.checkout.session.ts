import { methodNotAllowed } from '../api/errors.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, apiJson, zodMessage } from '../access/http.server'
import { checkoutSessionQuery } from '../api/schemas/access'
import { checkoutToken } from '../billing/checkout-token.server'
import { billing } from '../billing/config.server'
import { PAYMENTS_NOT_CONFIGURED } from '../billing/plans'
import { publicUrl } from '../env.server'

/** GET /api/checkout/session?session_id=…: the token a payment bought, revealed once. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { stripe, sql, fileKey, mail, env } = billing()
  if (!stripe) return apiError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED)
  const parsed = checkoutSessionQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) return apiError(400, 'invalid_session_id', zodMessage(parsed.error))
  const reveal = await checkoutToken(sql, { stripe, fileKey, mail, baseUrl: publicUrl(env) }, parsed.data.session_id)
  if (reveal.status === 'ok') return apiJson({ token: reveal.token, plan: reveal.plan, email: reveal.email })
  if (reveal.status === 'revealed') {
    return apiError(
      410,
      'token_already_revealed',
      `This token was already shown once. It was also sent by e-mail${reveal.email ? ` to ${reveal.email}` : ''}.`,
      {
        plan: reveal.plan,
        email: reveal.email,
      },
    )
  }
  return apiError(
    404,
    'payment_pending',
    'Your payment has not been confirmed yet. Please try again in a few seconds; the token will also be sent by e-mail.',
  )
}

/** Only GET: other methods get 405 JSON with Allow. */
export const action = () => methodNotAllowed(['GET'])
