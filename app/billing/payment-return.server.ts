import type { Queryable } from '../infra/db.server'

/** What the home page may say after Stripe sends a card payer back to /?payment=success&questionnaire={id}. */
export type PaymentReturn =
  { state: 'paid'; fileName: string } | { state: 'pending'; fileName: string } | { state: 'unconfirmed' }

/**
 * Checks the return link against our records instead of trusting it: the questionnaire must belong to this
 * browser's token and have a payment we created for it; it is 'paid' once Stripe's webhook has confirmed it.
 * Anything else (an id of another token, no payment, no session) is 'unconfirmed': nothing is claimed.
 */
export async function paymentReturn(sql: Queryable, tokenId: number | null, jobId: string): Promise<PaymentReturn> {
  if (tokenId === null) return { state: 'unconfirmed' }
  const [row] = await sql<{ fileName: string; paid: boolean; payments: number }[]>`
    select j.questionnaire_name as "fileName", count(p.payment_intent_id)::int as payments,
      coalesce(bool_or(p.paid_at is not null), false) as paid
    from jobs j left join questionnaire_payments p on p.job_id = j.id
    where j.id = ${jobId} and j.token_id = ${tokenId}
    group by j.id`
  if (!row || row.payments === 0) return { state: 'unconfirmed' }
  return { state: row.paid ? 'paid' : 'pending', fileName: row.fileName }
}
