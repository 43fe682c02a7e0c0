import { secrets } from '../infra/env.server'
import { services } from '../infra/services.server'
import type { MailConfig } from '../mail/transport.server'
import { stripeClient } from './stripe.server'

/** Stripe as configured (null without STRIPE_SECRET_KEY), the key that seals revealed tokens, and mail settings. */
export function billing() {
  const { env, sql } = services()
  return {
    sql,
    env,
    stripe: stripeClient(env.STRIPE_SECRET_KEY),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    fileKey: secrets(env).fileKey,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } satisfies MailConfig,
  }
}

/** Whether checkout can work here: pages pass it to <PricingPlans paymentsEnabled>. */
export function paymentsConfigured(): boolean {
  return Boolean(services().env.STRIPE_SECRET_KEY)
}
