import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { questionnaireCheckout, type Problem, type QuestionnaireOrder } from '../billing/checkout-page.server'
import { CheckoutView } from '../components/checkout-view'

export const meta: MetaFunction = () => [{ title: 'Checkout | QFill' }]

/** /checkout/{questionnaireId}: the same per-questionnaire checkout as /checkout?questionnaireId=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return questionnaireCheckout(request, params.questionnaireId ?? null)
}

export default function QuestionnaireCheckoutPage() {
  return <CheckoutView data={useLoaderData<typeof loader>() as QuestionnaireOrder | Problem} />
}
