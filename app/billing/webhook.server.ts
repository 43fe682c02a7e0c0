import type Stripe from 'stripe'
import { z } from 'zod'
import { grant, linkSubscription, renew, stopRenewal } from '../access/quota.server'
import { createToken, PRO_PERIOD_MS } from '../access/tokens.server'
import type { Queryable, Sql } from '../infra/db.server'
import { decrypt, encrypt } from '../storage/crypto.server'

export class WebhookSignatureError extends Error {
  name = 'WebhookSignatureError'
}

/** A token just minted for a paid session: the caller e-mails it once the transaction has committed. */
export interface MintedToken {
  token: string
  plan: 'starter' | 'pro'
  email: string | null
  quota: number | null
  expiresAt: Date | null
}

export type WebhookOutcome = { handled: 'duplicate' | 'ignored' | 'applied'; type: string; minted?: MintedToken }

/** Verifies the Stripe-Signature header against the raw body (never a re-serialised one). */
export function verifyEvent(stripe: Stripe, rawBody: string, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header')
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret)
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message)
  }
}

const checkoutSessionSchema = z.object({
  id: z.string(),
  mode: z.string().nullish(),
  payment_status: z.string().nullish(),
  metadata: z.record(z.string()).nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).passthrough().nullish(),
  subscription: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish(),
})
type CheckoutSessionData = z.infer<typeof checkoutSessionSchema>

const invoiceSchema = z.object({
  id: z.string(),
  subscription: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish(),
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish() })
        .passthrough()
        .nullish(),
    })
    .passthrough()
    .nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ end: z.number() }).passthrough().nullish() }).passthrough()),
    })
    .passthrough()
    .nullish(),
})
const subscriptionSchema = z.object({ id: z.string() })
const paymentIntentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  metadata: z.record(z.string()).nullish(),
})

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

/**
 * Applies one verified event, at most once: its id is recorded in the same transaction as its effects, so a
 * replay is a no-op and a failure leaves nothing behind (Stripe retries). Effects are written so that any order
 * of arrival ends in the same state: renewals only ever move an expiry forward, to the end of a paid period.
 */
export async function handleStripeEvent(
  sql: Sql,
  fileKey: Buffer,
  event: Stripe.Event,
  now = new Date(),
): Promise<WebhookOutcome> {
  return sql.begin(async (tx) => {
    const fresh = await tx`
      insert into stripe_events (id, type, created_at) values (${event.id}, ${event.type}, ${new Date(event.created * 1000)})
      on conflict (id) do nothing returning id`
    if (!fresh.length) return { handled: 'duplicate' as const, type: event.type }
    const object = event.data.object as unknown
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const minted = await fulfilCheckoutSession(tx, fileKey, checkoutSessionSchema.parse(object), now)
        return {
          handled: minted ? ('applied' as const) : ('ignored' as const),
          type: event.type,
          minted: minted ?? undefined,
        }
      }
      case 'invoice.paid': {
        const invoice = invoiceSchema.parse(object)
        const subscription = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription)
        if (!subscription) return { handled: 'ignored' as const, type: event.type }
        const ends = (invoice.lines?.data ?? []).map((l) => l.period?.end ?? 0)
        const periodEnd = Math.max(...ends, 0)
        const paidUntil = periodEnd ? new Date(periodEnd * 1000) : new Date(event.created * 1000 + PRO_PERIOD_MS)
        await renewSubscription(tx, subscription, paidUntil)
        return { handled: 'applied' as const, type: event.type }
      }
      case 'customer.subscription.deleted': {
        const { id } = subscriptionSchema.parse(object)
        await tx`
          insert into subscriptions (id, ended_at) values (${id}, ${now})
          on conflict (id) do update set ended_at = coalesce(subscriptions.ended_at, excluded.ended_at), updated_at = now()`
        // The period already paid for stays usable; the token simply stops renewing.
        await stopRenewal(tx, id)
        return { handled: 'applied' as const, type: event.type }
      }
      case 'payment_intent.succeeded': {
        const applied = await creditQuestionnairePayment(tx, paymentIntentSchema.parse(object), now)
        return { handled: applied ? ('applied' as const) : ('ignored' as const), type: event.type }
      }
      default:
        return { handled: 'ignored' as const, type: event.type }
    }
  })
}

async function renewSubscription(tx: Queryable, subscription: string, paidUntil: Date) {
  await tx`
    insert into subscriptions (id, paid_until) values (${subscription}, ${paidUntil})
    on conflict (id) do update set paid_until = greatest(subscriptions.paid_until, excluded.paid_until), updated_at = now()`
  await renew(tx, subscription, paidUntil)
}

/**
 * Mints the token a paid Checkout Session bought, once per session (the webhook and the success page's fallback
 * both come here). Returns null when the session is unpaid or was already fulfilled.
 */
export async function fulfilCheckoutSession(
  tx: Queryable,
  fileKey: Buffer,
  session: CheckoutSessionData,
  now = new Date(),
): Promise<MintedToken | null> {
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null
  await tx`select pg_advisory_xact_lock(hashtext(${`checkout:${session.id}`}))`
  const [done] = await tx`select 1 from checkout_sessions where id = ${session.id}`
  if (done) return null
  const plan = session.metadata?.plan === 'pro' || session.mode === 'subscription' ? 'pro' : 'starter'
  const email = (session.customer_details?.email ?? session.customer_email ?? null)?.toLowerCase() ?? null
  const subscription = idOf(session.subscription)
  let expiresAt: Date | undefined
  if (plan === 'pro') {
    const [known] = await tx<
      { paidUntil: Date | null }[]
    >`select paid_until as "paidUntil" from subscriptions where id = ${subscription ?? ''}`
    const base = new Date(now.getTime() + PRO_PERIOD_MS)
    expiresAt = known?.paidUntil && known.paidUntil > base ? known.paidUntil : base
  }
  const { token, row } = await createToken(tx, { plan, email, expiresAt, now })
  if (plan === 'pro' && subscription) {
    const [ended] = await tx`select 1 from subscriptions where id = ${subscription} and ended_at is not null`
    await linkSubscription(tx, row.id, subscription, !ended)
  }
  await tx`
    insert into checkout_sessions (id, plan, email, token_id, token_sealed)
    values (${session.id}, ${plan}, ${email}, ${row.id}, ${encrypt(fileKey, Buffer.from(token), `checkout:${session.id}`)})`
  return { token, plan, email, quota: row.quota, expiresAt: row.expiresAt }
}

async function creditQuestionnairePayment(
  tx: Queryable,
  intent: z.infer<typeof paymentIntentSchema>,
  now: Date,
): Promise<boolean> {
  const jobId = intent.metadata?.questionnaireId
  if (jobId) {
    await tx`
      insert into questionnaire_payments (payment_intent_id, job_id, amount, currency)
      select ${intent.id}, id, ${intent.amount}, ${intent.currency} from jobs where id = ${jobId}
      on conflict (payment_intent_id) do nothing`
  }
  const [paid] = await tx<{ tokenId: string }[]>`
    update questionnaire_payments p set paid_at = ${now} from jobs j
    where p.payment_intent_id = ${intent.id} and p.paid_at is null and j.id = p.job_id
    returning j.token_id as "tokenId"`
  if (!paid) return false
  // One more questionnaire on the token that owns it, usable for the next hour at least.
  await grant(tx, Number(paid.tokenId), new Date(now.getTime() + 60 * 60 * 1000))
  return true
}

export type Reveal =
  | { status: 'ok'; token: string; plan: string; email: string | null }
  | { status: 'revealed'; plan: string; email: string | null }
  | { status: 'pending' }

/** The token a paid session minted, shown once: the sealed copy is wiped in the same statement that reads it. */
export async function revealCheckoutToken(
  sql: Queryable,
  fileKey: Buffer,
  sessionId: string,
  now = new Date(),
): Promise<Reveal> {
  const [row] = await sql<{ plan: string; email: string | null; sealed: Buffer | null }[]>`
    with s as (select id, plan, email, token_sealed from checkout_sessions where id = ${sessionId} for update)
    update checkout_sessions c set token_sealed = null, revealed_at = coalesce(c.revealed_at, ${now})
    from s where c.id = s.id
    returning s.plan, s.email, s.token_sealed as sealed`
  if (!row) return { status: 'pending' }
  if (!row.sealed) return { status: 'revealed', plan: row.plan, email: row.email }
  const token = decrypt(fileKey, row.sealed, `checkout:${sessionId}`).toString('utf8')
  return { status: 'ok', token, plan: row.plan, email: row.email }
}
