import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkToken, createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { readOutbox, TOKEN_PLACEHOLDER } from '../../app/mail/transport.server'
import { action as checkoutAction } from '../../app/routes/api.create-checkout-session'
import { action as intentAction } from '../../app/routes/api.create-payment-intent'
import { action as webhookAction } from '../../app/routes/api.stripe.webhook'
import { loader as sessionLoader } from '../../app/routes/api.checkout.session'
import { loader as successLoader } from '../../app/routes/success'
import { services } from '../../app/infra/services.server'
import { invoicePaid, signedEvent, stripeMock } from '../mocks/stripe'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'

const SECRET = 'whsec_test_secret_for_qfill'
process.env.STRIPE_SECRET_KEY = 'sk_test_qfill'
process.env.STRIPE_WEBHOOK_SECRET = SECRET
process.env.PUBLIC_URL = 'https://qfill.test'

const db = useTestDatabase()
const stripe = stripeMock()
const msw = setupServer(...stripe.handlers)
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  stripe.state.fail = false
})
afterAll(() => {
  msw.close()
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
  delete process.env.PUBLIC_URL
})

type Args = Parameters<typeof checkoutAction>[0]
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as unknown as Args
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`https://qfill.test${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  })

async function deliver(event: { body: string; header: string }) {
  const res = await webhookAction(
    args(
      new Request('https://qfill.test/api/stripe/webhook', {
        method: 'POST',
        body: event.body,
        headers: { 'stripe-signature': event.header },
      }),
    ),
  )
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function reveal(sessionId: string) {
  const res = await sessionLoader(args(new Request(`https://qfill.test/api/checkout/session?session_id=${sessionId}`)))
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function checkout(plan: 'starter' | 'pro', email?: string) {
  const res = await checkoutAction(args(post('/api/create-checkout-session', { plan, email })))
  const body = (await res.json()) as { url: string }
  const sessionId = body.url.split('/').pop()!
  return { status: res.status, url: body.url, session: stripe.state.sessions.get(sessionId)! }
}

describe('checkout sessions', () => {
  it('starter is a one-time $49 payment, pro a $199 monthly subscription, with the success and cancel URLs', async () => {
    const starter = await checkout('starter', 'buyer@acme.example')
    expect(starter.status).toBe(200)
    expect(starter.url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    const sent = stripe.state.requests.at(-1)!.body
    expect(sent).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][currency]': 'usd',
      success_url: 'https://qfill.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://qfill.test/#pricing',
      customer_email: 'buyer@acme.example',
    })
    await checkout('pro')
    expect(stripe.state.requests.at(-1)!.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][recurring][interval]': 'month',
    })
  })

  it('builds the return URLs from PUBLIC_URL, whatever host the request names (issue 16, finding 2)', async () => {
    const poisoned = new Request('https://evil.example/api/create-checkout-session', {
      method: 'POST',
      body: JSON.stringify({ plan: 'starter' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example', host: 'evil.example' },
    })
    expect((await checkoutAction(args(poisoned))).status).toBe(200)
    const sent = stripe.state.requests.at(-1)!.body
    expect(sent).toMatchObject({
      success_url: 'https://qfill.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://qfill.test/#pricing',
    })
    expect(JSON.stringify(sent)).not.toContain('evil.example')
  })

  it('rejects a bad plan or e-mail with 400, and says so when Stripe fails', async () => {
    const bad = await checkoutAction(args(post('/api/create-checkout-session', { plan: 'gold' })))
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as any).error.message).toMatch(/starter or pro/)
    const email = await checkoutAction(args(post('/api/create-checkout-session', { plan: 'pro', email: 'nobody' })))
    expect(((await email.json()) as any).error.message).toMatch('Please enter a valid email address')
    stripe.state.fail = true
    const failed = await checkoutAction(args(post('/api/create-checkout-session', { plan: 'pro' })))
    expect(failed.status).toBe(502)
    expect(((await failed.json()) as any).error).toEqual({
      code: 'checkout_failed',
      message: 'Failed to create checkout session',
    })
  })
})

describe('webhooks', () => {
  it('refuses a bad signature with 400 and applies nothing', async () => {
    const { session } = await checkout('starter', 'x@acme.example')
    stripe.pay(session.id as string)
    const event = signedEvent(
      'whsec_wrong',
      'checkout.session.completed',
      stripe.state.sessions.get(session.id as string)!,
    )
    const res = await deliver(event)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_signature')
    const tampered = signedEvent(SECRET, 'checkout.session.completed', session)
    const res2 = await deliver({ body: tampered.body.replace('"paid"', '"PAID"'), header: tampered.header })
    expect(res2.status).toBe(400)
    expect((await db.sql`select count(*)::int as n from stripe_events`)[0]!.n).toBe(0)
  })

  it('checkout.session.completed mints one token, e-mails it, and reveals it once; a replay does nothing', async () => {
    const { session } = await checkout('starter', 'buyer@acme.example')
    const sessionId = session.id as string
    expect((await reveal(sessionId)).status).toBe(404) // not paid yet: nothing to reveal, nothing minted
    stripe.pay(sessionId)
    const event = signedEvent(SECRET, 'checkout.session.completed', stripe.state.sessions.get(sessionId)!)
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, handled: 'applied' } })
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, handled: 'duplicate' } })
    expect((await db.sql`select count(*)::int as n from checkout_sessions where id = ${sessionId}`)[0]!.n).toBe(1)

    const first = await reveal(sessionId)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      plan: 'starter',
      email: 'buyer@acme.example',
      token: expect.stringMatching(/^qf_/),
    })
    const check = await checkToken(db.sql, first.body.token, { purpose: 'upload' })
    expect(check.ok && check.row).toMatchObject({ plan: 'starter', quota: 1 })
    const second = await reveal(sessionId)
    expect(second.status).toBe(410)
    expect(second.body.token).toBeUndefined()
    expect(second.body.error.message).toMatch(/already shown once.*buyer@acme\.example/)
    // Without SMTP_URL the e-mail waits in the outbox, its token withheld and sealed for `qfill outbox --reveal`.
    const [mail] = await db.sql`select recipient, subject, text_body from outbox where recipient = 'buyer@acme.example'`
    expect(mail!.subject).toBe('Your QFill access token (Starter Plan)')
    expect(mail!.text_body).not.toContain(first.body.token)
    expect(mail!.text_body).toContain(TOKEN_PLACEHOLDER)
    const [revealed] = await readOutbox(db.sql, { to: 'buyer@acme.example', reveal: true })
    expect(revealed!.text).toContain(first.body.token)
  })

  it('the success page works even before the webhook arrives (the paid session is fetched from Stripe), and the late webhook mints nothing more', async () => {
    const { session } = await checkout('starter', 'early@acme.example')
    stripe.pay(session.id as string)
    const first = await reveal(session.id as string)
    expect(first.status).toBe(200)
    const late = await deliver(
      signedEvent(SECRET, 'checkout.session.completed', stripe.state.sessions.get(session.id as string)!),
    )
    expect(late.body.handled).toBe('ignored')
    expect((await db.sql`select count(*)::int as n from tokens where email = 'early@acme.example'`)[0]!.n).toBe(1)
  })

  it('the success page shows the token once, then says it was e-mailed', async () => {
    const { session } = await checkout('pro', 'page@acme.example')
    stripe.pay(session.id as string)
    const load = async () =>
      (await successLoader(args(new Request(`https://qfill.test/success?session_id=${session.id}`)))) as Record<
        string,
        any
      >
    const first = await load()
    expect(first).toMatchObject({
      state: 'ok',
      plan: 'Professional Plan',
      email: 'page@acme.example',
      token: expect.stringMatching(/^qf_/),
    })
    const second = await load()
    expect(second.state).toBe('error')
    expect(second.token).toBeUndefined()
    expect(second.message).toBe('this token was already shown once; it was also sent to page@acme.example.')
  })

  it('invoice.paid renews a pro token to the end of the paid period; subscription.deleted stops renewal', async () => {
    const { session } = await checkout('pro', 'pro@acme.example')
    const paid = stripe.pay(session.id as string)
    await deliver(signedEvent(SECRET, 'checkout.session.completed', paid))
    const token = (await reveal(session.id as string)).body.token as string
    const sub = paid.subscription as string
    const row = async () => (await checkToken(db.sql, token)).ok && ((await checkToken(db.sql, token)) as any).row
    const initial = (await row()).expiresAt as Date
    expect(initial.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000)

    const nextPeriod = new Date(Math.floor(initial.getTime() / 1000 + 30 * 24 * 3600) * 1000)
    expect((await deliver(signedEvent(SECRET, 'invoice.paid', invoicePaid(sub, nextPeriod)))).body.handled).toBe(
      'applied',
    )
    expect((await row()).expiresAt).toEqual(nextPeriod)
    // An older invoice arriving late never moves the expiry back.
    await deliver(signedEvent(SECRET, 'invoice.paid', invoicePaid(sub, new Date(initial.getTime() - 1000))))
    expect((await row()).expiresAt).toEqual(nextPeriod)

    await deliver(
      signedEvent(SECRET, 'customer.subscription.deleted', { id: sub, object: 'subscription', status: 'canceled' }),
    )
    const [t] = await db.sql`select renews, expires_at from tokens where stripe_subscription_id = ${sub}`
    expect(t).toMatchObject({ renews: false, expires_at: nextPeriod })
  })

  it('out of order: invoice.paid before checkout.session.completed still gives the token the paid period', async () => {
    const { session } = await checkout('pro', 'ooo@acme.example')
    const paid = stripe.pay(session.id as string)
    const periodEnd = new Date(Math.floor(Date.now() / 1000 + 45 * 24 * 3600) * 1000) // Stripe times are whole seconds
    await deliver(signedEvent(SECRET, 'invoice.paid', invoicePaid(paid.subscription as string, periodEnd)))
    await deliver(signedEvent(SECRET, 'checkout.session.completed', paid))
    const token = (await reveal(session.id as string)).body.token as string
    const check = await checkToken(db.sql, token)
    expect(check.ok && check.row.expiresAt).toEqual(periodEnd)
    const [t] = await db.sql`select renews from tokens where stripe_subscription_id = ${paid.subscription as string}`
    expect(t!.renews).toBe(true)
  })

  it('payment_intent.succeeded credits the questionnaire’s token once', async () => {
    const { sql, store } = services()
    const { token, row } = await createToken(sql, { plan: 'single' })
    const { jobId } = await createAnswerJob(sql, store, {
      tokenId: row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
    const res = await intentAction(
      args(post('/api/create-payment-intent', { questionnaireId: jobId }, { authorization: `Bearer ${token}` })),
    )
    expect(res.status).toBe(200)
    const { clientSecret } = (await res.json()) as { clientSecret: string }
    expect(clientSecret).toMatch(/^pi_test_\w+_secret_/)
    expect(stripe.state.requests.at(-1)!.body).toMatchObject({
      amount: '4900',
      currency: 'usd',
      'metadata[questionnaireId]': jobId,
    })
    const intent = { ...[...stripe.state.intents.values()].at(-1)!, status: 'succeeded' }
    const event = signedEvent(SECRET, 'payment_intent.succeeded', intent)
    await deliver(event)
    await deliver(signedEvent(SECRET, 'payment_intent.succeeded', intent)) // a second delivery under a new event id
    expect((await sql`select quota, used from tokens where id = ${row.id}`)[0]).toEqual({ quota: 2, used: 1 })

    const other = await createToken(sql, { plan: 'pro' })
    const notMine = await intentAction(
      args(post('/api/create-payment-intent', { questionnaireId: jobId }, { authorization: `Bearer ${other.token}` })),
    )
    expect(notMine.status).toBe(404)
    const anonymous = await intentAction(args(post('/api/create-payment-intent', { questionnaireId: jobId })))
    expect(anonymous.status).toBe(401)
  })
})
