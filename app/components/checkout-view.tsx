import type { Problem, QuestionnaireOrder } from '../billing/checkout-page.server'
import { PAYMENTS_NOT_CONFIGURED } from '../billing/plans'
import { CheckoutProblem } from './checkout-views'
import { PaymentForm } from './payment-form'
import { Card } from './ui'

export function CheckoutView({ data: view }: { data: QuestionnaireOrder | Problem }) {
  if (view.view === 'problem') {
    return (
      <div className="px-6 py-16">
        <CheckoutProblem title={view.title} message={view.message} retry={view.retry} />
      </div>
    )
  }
  const q = view.questionnaire
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-12 md:grid-cols-2">
      <Card>
        <h1 className="text-2xl font-semibold">Order Summary</h1>
        <dl className="mt-4 space-y-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Questionnaire</dt>
            <dd className="text-right font-medium wrap-anywhere">{q.fileName}</dd>
          </div>
          {q.questions ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Questions</dt>
              <dd>{q.questions}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Pay per use</dt>
            <dd>{view.price}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Tax</dt>
            <dd>{view.tax}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold">
            <dt>Total</dt>
            <dd>{view.price}</dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-slate-500">
          Adds one questionnaire to your token, usable for at least 1 hour. Files are deleted 1 hour after processing.
        </p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Payment</h2>
        <div className="mt-4">
          {view.payments ? (
            <>
              <PaymentForm questionnaireId={q.id} publishableKey={view.payments.publishableKey} />
              <noscript>
                <p className="mt-3 text-sm text-amber-800">
                  The secure card form needs JavaScript. Without it, buy a{' '}
                  <a className="underline" href="/checkout?plan=starter">
                    Pay Per Use token
                  </a>{' '}
                  on Stripe's own page instead.
                </p>
              </noscript>
            </>
          ) : (
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {PAYMENTS_NOT_CONFIGURED}.
            </p>
          )}
        </div>
      </Card>
    </div>
  )
}
