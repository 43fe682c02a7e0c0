import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import { checkToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { startServer, type TestServer } from '../support/server'
import { startSmtpServer, tokenIn } from '../support/smtp'

const SECRET = 'whsec_http_test_secret'
const db = useTestDatabase()
let server: TestServer
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  // Webhook handling needs no call to Stripe, so the real server can take signed events with a dummy key.
  server = await startServer({
    databaseUrl: db.url,
    worker: false,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_dummy',
      STRIPE_WEBHOOK_SECRET: SECRET,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'QFill <billing@qfill.test>',
    },
  })
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

describe('the Stripe webhook through the real server', () => {
  it('verifies the signature on the raw body, mints the token, mails it by SMTP and reveals it once', async () => {
    const session = {
      id: 'cs_test_http_0001',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      metadata: { plan: 'starter' },
      customer_details: { email: 'http-buyer@acme.example' },
    }
    // Pretty-printed on purpose: any re-serialisation of the body before verification would break the signature.
    const body = JSON.stringify(
      {
        id: 'evt_http_1',
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      },
      null,
      2,
    )
    const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload: body, secret: SECRET })
    const send = (h: string) =>
      fetch(`${server.url}/api/stripe/webhook`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': h },
      })

    // Tampered: the signature's first digit changed (always to a different one).
    expect((await send(header.replace(/v1=(\w)/, (_, d: string) => `v1=${d === '0' ? '1' : '0'}`))).status).toBe(400)
    const res = await send(header)
    expect(await res.json()).toEqual({ received: true, handled: 'applied' })
    expect(await (await send(header)).json()).toEqual({ received: true, handled: 'duplicate' })

    const mail = await smtp.waitFor('http-buyer@acme.example')
    expect(mail.from).toBe('billing@qfill.test')
    const mailed = tokenIn(mail.raw)

    const first = await fetch(`${server.url}/api/checkout/session?session_id=${session.id}`)
    expect(first.status).toBe(200)
    const revealed = (await first.json()) as { token: string; plan: string; email: string }
    expect(revealed).toEqual({ token: mailed, plan: 'starter', email: 'http-buyer@acme.example' })
    expect((await checkToken(db.sql, mailed, { purpose: 'upload' })).ok).toBe(true)
    const second = await fetch(`${server.url}/api/checkout/session?session_id=${session.id}`)
    expect(second.status).toBe(410)
    expect(JSON.stringify(await second.json())).not.toContain(mailed)
  })
})
