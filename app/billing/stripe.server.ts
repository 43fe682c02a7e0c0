import Stripe from 'stripe'
import type { Queryable } from '../infra/db.server'
import { PURCHASABLE, QUESTIONNAIRE_PRICE, type PurchasablePlan } from './plans'

const holder = globalThis as typeof globalThis & { __qfillStripe?: { key: string; client: Stripe } }

/** The Stripe client, or null when STRIPE_SECRET_KEY is not set (payments answer 503; the rest works). */
export function stripeClient(secretKey: string | undefined): Stripe | null {
  if (!secretKey) return null
  if (holder.__qfillStripe?.key !== secretKey) {
    holder.__qfillStripe = { key: secretKey, client: new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 }) }
  }
  return holder.__qfillStripe.client
}

/**
 * A hosted Checkout Session: starter is a one-time $49 payment, pro a $199/month subscription. The plan travels
 * in metadata so the webhook knows what to mint.
 */
export async function createCheckoutSession(
  stripe: Stripe,
  input: { plan: PurchasablePlan; email?: string; baseUrl: string },
): Promise<{ id: string; url: string }> {
  const plan = PURCHASABLE[input.plan]
  const product = { name: `QFill ${plan.label}`, description: plan.summary }
  const session = await stripe.checkout.sessions.create({
    mode: input.plan === 'pro' ? 'subscription' : 'payment',
    line_items: [
      {
        quantity: 1,
        price_data:
          input.plan === 'pro'
            ? { currency: 'usd', unit_amount: plan.amount, recurring: { interval: 'month' }, product_data: product }
            : { currency: 'usd', unit_amount: plan.amount, product_data: product },
      },
    ],
    customer_email: input.email,
    metadata: { plan: input.plan },
    ...(input.plan === 'pro' ? { subscription_data: { metadata: { plan: input.plan } } } : {}),
    success_url: `${input.baseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${input.baseUrl}/#pricing`,
  })
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL')
  return { id: session.id, url: session.url }
}

/** A PaymentIntent for one questionnaire ($49, no tax), recorded so its success credits the right token once. */
export async function createQuestionnairePaymentIntent(
  sql: Queryable,
  stripe: Stripe,
  input: { jobId: string; tokenId: number; email: string | null },
): Promise<{ clientSecret: string; id: string }> {
  const intent = await stripe.paymentIntents.create({
    amount: QUESTIONNAIRE_PRICE.amount,
    currency: QUESTIONNAIRE_PRICE.currency,
    automatic_payment_methods: { enabled: true },
    receipt_email: input.email ?? undefined,
    metadata: { questionnaireId: input.jobId, tokenId: String(input.tokenId) },
    description: `QFill questionnaire ${input.jobId}`,
  })
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret')
  await sql`
    insert into questionnaire_payments (payment_intent_id, job_id, amount, currency)
    values (${intent.id}, ${input.jobId}, ${intent.amount}, ${intent.currency})
    on conflict (payment_intent_id) do nothing`
  return { clientSecret: intent.client_secret, id: intent.id }
}
