import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, methodNotAllowed } from '../api/errors'
import { apiJson, withApiErrors } from '../api/route.server'
import { billing } from '../billing/config.server'
import { handleStripeEvent, verifyEvent, WebhookSignatureError } from '../billing/webhook.server'
import { publicUrl } from '../infra/env.server'
import { log } from '../infra/log.server'
import { tokenEmail } from '../mail/templates'
import { sendMail } from '../mail/transport.server'

/** POST /api/stripe/webhook: verified on the raw body, applied once per event id. */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const { stripe, webhookSecret, sql, fileKey, mail, env } = billing()
    if (!stripe || !webhookSecret) return apiError('payments_not_configured')
    const raw = await request.text()
    let event
    try {
      event = verifyEvent(stripe, raw, request.headers.get('stripe-signature'), webhookSecret)
    } catch (error) {
      if (error instanceof WebhookSignatureError) return apiError('invalid_signature', { problem: error.message })
      throw error
    }
    const outcome = await handleStripeEvent(sql, fileKey, event)
    if (outcome.minted?.email) {
      const m = outcome.minted
      // After the commit: a failed delivery lands in the outbox and must not make Stripe replay the event.
      await sendMail(
        sql,
        mail,
        tokenEmail({
          to: m.email!,
          token: m.token,
          plan: m.plan,
          quota: m.quota,
          expiresAt: m.expiresAt,
          baseUrl: publicUrl(env),
        }),
      ).catch((error) => log('error', `could not e-mail the token of event ${event.id}: ${(error as Error).message}`))
    }
    return apiJson({ received: true, handled: outcome.handled })
  })
}

export const loader = () => methodNotAllowed(['POST'])
