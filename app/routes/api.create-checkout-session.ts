import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, apiJson, invalidBody, methodNotAllowed, readBody, zodMessage } from '../access/http.server'
import { checkoutSessionBody } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { PAYMENTS_NOT_CONFIGURED } from '../billing/plans'
import { createCheckoutSession } from '../billing/stripe.server'
import { log } from '../log.server'
import { publicUrl } from '../env.server'

/** POST /api/create-checkout-session {plan, email?} → {url} of Stripe's hosted checkout. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const { stripe, env } = billing()
  if (!stripe) return apiError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED)
  const body = await readBody(request)
  if (!body) return invalidBody()
  const parsed = checkoutSessionBody.safeParse(body)
  if (!parsed.success) return apiError(400, 'invalid_checkout', zodMessage(parsed.error))
  try {
    const { url } = await createCheckoutSession(stripe, { ...parsed.data, baseUrl: publicUrl(env) })
    return apiJson({ url })
  } catch (error) {
    log('error', `checkout session failed: ${(error as Error).message}`)
    return apiError(502, 'checkout_failed', 'Failed to create checkout session')
  }
}

export function loader() {
  return methodNotAllowed('POST')
}
