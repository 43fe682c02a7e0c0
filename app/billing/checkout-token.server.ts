import type Stripe from 'stripe'
import type { Sql } from '../infra/db.server'
import { log } from '../infra/log.server'
import { tokenEmail } from '../mail/templates'
import { sendMail, type MailConfig } from '../mail/transport.server'
import { fulfilCheckoutSession, revealCheckoutToken, type Reveal } from './webhook.server'

/**
 * The success page's and GET /api/checkout/session's look-up. If the webhook has not arrived yet, Stripe is asked
 * directly: a paid session is fulfilled here exactly as the webhook would (once per session), so a slow or
 * missing webhook does not leave a buyer without a token.
 */
export async function checkoutToken(
  sql: Sql,
  deps: { stripe: Stripe; fileKey: Buffer; mail: MailConfig; baseUrl: string },
  sessionId: string,
): Promise<Reveal> {
  const first = await revealCheckoutToken(sql, deps.fileKey, sessionId)
  if (first.status !== 'pending') return first
  let session
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId)
  } catch (error) {
    log('warn', `checkout session ${sessionId} could not be retrieved: ${(error as Error).message}`)
    return first
  }
  const minted = await sql.begin((tx) => fulfilCheckoutSession(tx, deps.fileKey, session as never))
  if (minted?.email) {
    await sendMail(sql, deps.mail, tokenEmail({ to: minted.email, ...minted, baseUrl: deps.baseUrl }))
  }
  return revealCheckoutToken(sql, deps.fileKey, sessionId)
}
