import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, apiJson, methodNotAllowed } from '../access/http.server'
import { billing } from '../billing/config.server'
import { PAYMENTS_NOT_CONFIGURED } from '../billing/plans'
import { handleStripeEvent, verifyEvent, WebhookSignatureError } from '../billing/webhook.server'
import { log } from '../log.server'
import { tokenEmail } from '../mail/templates'
import { sendMail } from '../mail/transport.server'
import { publicUrl } from '../env.server'

/** POST /api/stripe/webhook: verified on the raw body, applied once per event id. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const { stripe, webhookSecret, sql, fileKey, mail, env } = billing()
  if (!stripe || !webhookSecret) return apiError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED)
  const raw = await request.text()
  let event
  try {
    event = verifyEvent(stripe, raw, request.headers.get('stripe-signature'), webhookSecret)
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      return apiError(400, 'invalid_signature', `Webhook signature verification failed: ${error.message}`)
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
}

export function loader() {
  return methodNotAllowed('POST')
}
