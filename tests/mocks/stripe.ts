import { randomBytes } from 'node:crypto'
import { http, HttpResponse } from 'msw'
import Stripe from 'stripe'

/**
 * Stripe's API as far as QFill uses it (Checkout Sessions, PaymentIntents), held in memory, plus signed webhook
 * events built with the SDK's own test-header helper. Tests flip `state.fail` to see error paths.
 */
export interface StripeMockState {
  sessions: Map<string, Record<string, unknown>>
  intents: Map<string, Record<string, unknown>>
  requests: { method: string; path: string; body: Record<string, string> }[]
  fail: boolean
}

export function stripeMockState(): StripeMockState {
  return { sessions: new Map(), intents: new Map(), requests: [], fail: false }
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

async function form(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()))
}

function stripeError(message: string) {
  return HttpResponse.json({ error: { type: 'api_error', message } }, { status: 500 })
}

export function stripeMock(state: StripeMockState = stripeMockState()) {
  const handlers = [
    http.post('https://api.stripe.com/v1/checkout/sessions', async ({ request }) => {
      const body = await form(request)
      state.requests.push({ method: 'POST', path: '/v1/checkout/sessions', body })
      if (state.fail) return stripeError('Stripe is having a bad day')
      const sessionId = id('cs')
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        payment_status: 'unpaid',
        status: 'open',
        customer_email: body.customer_email ?? null,
        customer_details: body.customer_email ? { email: body.customer_email } : null,
        metadata: { plan: body['metadata[plan]'] },
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        amount_total: Number(body['line_items[0][price_data][unit_amount]']),
      }
      state.sessions.set(sessionId, session)
      return HttpResponse.json(session)
    }),
    http.get('https://api.stripe.com/v1/checkout/sessions/:id', ({ params }) => {
      state.requests.push({ method: 'GET', path: `/v1/checkout/sessions/${params.id}`, body: {} })
      const session = state.sessions.get(String(params.id))
      if (!session)
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', message: 'No such checkout.session' } },
          { status: 404 },
        )
      return HttpResponse.json(session)
    }),
    http.post('https://api.stripe.com/v1/payment_intents', async ({ request }) => {
      const body = await form(request)
      state.requests.push({ method: 'POST', path: '/v1/payment_intents', body })
      if (state.fail) return stripeError('Stripe is having a bad day')
      const intentId = id('pi')
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: { questionnaireId: body['metadata[questionnaireId]'], tokenId: body['metadata[tokenId]'] },
      }
      state.intents.set(intentId, intent)
      return HttpResponse.json(intent)
    }),
  ]
  /** What Stripe does when the buyer pays: the session becomes paid (and gets a subscription in pro mode). */
  function pay(sessionId: string, extra: Record<string, unknown> = {}) {
    const session = state.sessions.get(sessionId)!
    Object.assign(session, {
      payment_status: 'paid',
      status: 'complete',
      subscription: session.mode === 'subscription' ? id('sub') : null,
      ...extra,
    })
    return session
  }
  return { state, handlers, pay }
}

const signer = new Stripe('sk_test_signer')
let counter = 0

/** A webhook delivery as Stripe sends it: the JSON body and a Stripe-Signature header made by the SDK helper. */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
) {
  const event = {
    id: options.id ?? `evt_test_${Date.now()}_${++counter}`,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    api_version: Stripe.API_VERSION,
    data: { object },
  }
  const body = JSON.stringify(event)
  const header = signer.webhooks.generateTestHeaderString({ payload: body, secret })
  return { id: event.id, body, header }
}

export function invoicePaid(subscription: string, periodEnd: Date) {
  return {
    id: id('in'),
    object: 'invoice',
    status: 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription } },
    lines: {
      object: 'list',
      data: [
        {
          id: id('il'),
          period: {
            start: Math.floor(periodEnd.getTime() / 1000) - 30 * 86400,
            end: Math.floor(periodEnd.getTime() / 1000),
          },
        },
      ],
    },
  }
}
