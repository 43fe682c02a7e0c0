import type { MetaFunction } from '@remix-run/node'
import { ButtonLink, Card } from '../components/ui'

export const meta: MetaFunction = () => [
  { title: 'Card Payment Help | QFill' },
  {
    name: 'description',
    content: 'What to do when a card payment for QFill fails or the access token does not arrive.',
  },
]

const ITEMS: { q: string; a: React.ReactNode }[] = [
  {
    q: 'My card was declined',
    a: 'Check the card number, expiry date, CVC and postcode. Many banks block online or international payments by default: approve the payment in your banking app, or ask your bank to allow payments to Stripe. A corporate card may need its online-payment limit raised.',
  },
  {
    q: 'My bank asked me to confirm (3-D Secure) and nothing happened',
    a: 'Keep the payment window open until your bank confirms, and allow pop-ups for checkout.stripe.com. If the confirmation timed out, start again: you are not charged for an unconfirmed payment.',
  },
  {
    q: "I paid but didn't see my token",
    a: (
      <>
        The token is shown once on the success page and sent by e-mail to the address you paid with. Check your spam
        folder for a message titled “Your QFill access token”. Payments are confirmed by Stripe within seconds; if the
        success page said it could not fetch the token, the e-mail still follows.
      </>
    ),
  },
  {
    q: 'The checkout page says “Payments are not configured on this server”',
    a: 'This QFill installation has no payment provider set up (its operator has not configured Stripe). Ask the operator for a token, or use the free trial.',
  },
  {
    q: 'I was charged twice',
    a: 'A second attempt after a declined one only shows as a pending authorisation, which your bank releases within a few days. Each Stripe payment mints exactly one token.',
  },
  {
    q: 'Cancelling Professional',
    a: 'A cancelled subscription is not renewed; your token keeps working until the end of the period you paid for.',
  },
]

export default function PaymentHelp() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-6 py-12">
      <div>
        <h1 className="text-3xl font-semibold">Card Payment Help</h1>
        <p className="mt-2 text-slate-600">
          Payments are handled by Stripe; QFill never sees or stores your card details.
        </p>
      </div>
      <Card>
        <div className="divide-y divide-slate-200">
          {ITEMS.map((item) => (
            <details key={item.q} className="group py-4 first:pt-0 last:pb-0">
              <summary className="cursor-pointer font-medium marker:text-slate-400">{item.q}</summary>
              <div className="mt-2 text-sm text-slate-700">{item.a}</div>
            </details>
          ))}
        </div>
      </Card>
      <div className="flex flex-wrap gap-3">
        <ButtonLink href="/#pricing">View Pricing</ButtonLink>
        <ButtonLink href="/token-status" variant="secondary">
          Check Token Status
        </ButtonLink>
      </div>
    </div>
  )
}
