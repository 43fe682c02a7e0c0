import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, invalidRequest, methodNotAllowed } from '../api/errors'
import { apiJson, withApiErrors } from '../api/route.server'
import { checkoutSessionQuery } from '../api/schemas/access'
import { checkoutToken } from '../billing/checkout-token.server'
import { billing } from '../billing/config.server'
import { publicUrl } from '../infra/env.server'

/** GET /api/checkout/session?session_id=…: the token a payment bought, revealed once. */
export function loader({ request }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const { stripe, sql, fileKey, mail, env } = billing()
    if (!stripe) return apiError('payments_not_configured')
    const parsed = checkoutSessionQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
    if (!parsed.success) return invalidRequest(parsed.error)
    const reveal = await checkoutToken(sql, { stripe, fileKey, mail, baseUrl: publicUrl(env) }, parsed.data.session_id)
    if (reveal.status === 'ok') return apiJson({ token: reveal.token, plan: reveal.plan, email: reveal.email })
    if (reveal.status === 'revealed')
      return apiError(
        'token_already_revealed',
        { email: reveal.email },
        { details: { plan: reveal.plan, email: reveal.email } },
      )
    return apiError('payment_pending')
  })
}

export const action = () => methodNotAllowed(['GET'])
