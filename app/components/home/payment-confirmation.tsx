import type { PaymentReturn } from '../../billing/payment-return.server'
import { ButtonLink, Notice } from '../ui'

/**
 * The notice after a card payer returns to /?payment=success&questionnaire={id}: success only once our records
 * (Stripe's webhook) confirm the payment; "confirming" while it is on its way; otherwise no claim at all.
 */
export function PaymentConfirmation({ payment }: { payment: PaymentReturn & { questionnaire: string } }) {
  const link = (
    <div className="mt-3">
      <ButtonLink href="/token-status" size="sm">
        Check Token Status
      </ButtonLink>
    </div>
  )
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6" data-testid="payment-confirmation">
      {payment.state === 'paid' ? (
        <Notice tone="success" title="Payment Successful!" live={false}>
          <p>
            <span className="font-medium wrap-anywhere">{payment.fileName}</span> is paid for: one questionnaire was
            added to your token. Follow its progress and download the results from your token status page.
          </p>
          {link}
        </Notice>
      ) : payment.state === 'pending' ? (
        <Notice tone="info" title="Confirming your payment" live={false}>
          <p>
            Stripe has not yet confirmed the payment for{' '}
            <span className="font-medium wrap-anywhere">{payment.fileName}</span>. This usually takes less than a
            minute: reload this page, or see your token status.
          </p>
          {link}
        </Notice>
      ) : (
        <Notice tone="warning" title="Payment not confirmed" live={false}>
          <p>
            We have no payment for questionnaire{' '}
            <span className="font-mono wrap-anywhere">{payment.questionnaire}</span> from this browser. If you paid,
            your token status page shows the extra questionnaire once Stripe confirms it.
          </p>
          {link}
        </Notice>
      )}
    </div>
  )
}
