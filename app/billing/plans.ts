/** What the pricing section, /token, /checkout and Stripe all agree on. Amounts in cents (USD). */
export const PURCHASABLE = {
  starter: {
    name: 'Pay Per Use',
    label: 'Starter Plan',
    amount: 4900,
    price: '$49',
    cadence: 'one-time',
    summary: 'One questionnaire',
    features: [
      '1 questionnaire, any size',
      'Completed workbook and 1-page PDF summary',
      'Token valid 1 hour or until used',
    ],
  },
  pro: {
    name: 'Professional',
    label: 'Professional Plan',
    amount: 19900,
    price: '$199',
    cadence: '/month',
    summary: 'Unlimited questionnaires',
    features: [
      'Unlimited questionnaires',
      'Priority in the processing queue',
      '30-day token, renewed with each payment',
    ],
  },
} as const
export type PurchasablePlan = keyof typeof PURCHASABLE

/** Per-questionnaire checkout (/checkout?questionnaireId=): the pay-per-use price, no tax. */
export const QUESTIONNAIRE_PRICE = { amount: 4900, currency: 'usd', tax: 0 } as const

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server'

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`
}
