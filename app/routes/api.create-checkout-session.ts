import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, invalidRequest, methodNotAllowed } from '../api/errors'
import { apiJson, notAJsonObject, readObjectBody, withApiErrors } from '../api/route.server'
import { checkoutSessionBody } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { createCheckoutSession } from '../billing/stripe.server'
import { publicUrl } from '../infra/env.server'
import { log } from '../infra/log.server'

/** POST /api/create-checkout-session {plan, email?} → {url} of Stripe's hosted checkout. */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const { stripe, env } = billing()
    if (!stripe) return apiError('payments_not_configured')
    const body = await readObjectBody(request)
    if (!body) return notAJsonObject('{"plan": "pro", "email": "you@example.com"}')
    const parsed = checkoutSessionBody.safeParse(body)
    if (!parsed.success) return invalidRequest(parsed.error)
    try {
      const { url } = await createCheckoutSession(stripe, {
        ...parsed.data,
        baseUrl: publicUrl(env),
      })
      return apiJson({ url })
    } catch (error) {
      log('error', `checkout session failed: ${(error as Error).message}`)
      return apiError('checkout_failed')
    }
  })
}

export const loader = () => methodNotAllowed(['POST'])
