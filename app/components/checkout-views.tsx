import { ButtonLink, Card } from './ui'

/** 'Checkout Error' (with 'Try Again' and the troubleshooting link), 'Invalid Checkout' and 'Questionnaire Not Found'. */
export function CheckoutProblem({ title, message, retry }: { title: string; message: string; retry?: string }) {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p role="alert" className="mt-3 text-slate-600">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {retry ? <ButtonLink href={retry}>Try Again</ButtonLink> : null}
        <ButtonLink href="/#pricing" variant="secondary">
          View Pricing
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Trouble paying by card?{' '}
        <a href="/payment-help" className="text-brand-600 underline">
          Card payment help
        </a>
      </p>
    </Card>
  )
}
