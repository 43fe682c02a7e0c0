import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import {
  planCheckout,
  questionnaireCheckout,
  type Problem,
  type QuestionnaireOrder,
} from '../billing/checkout-page.server'
import { CheckoutView } from '../components/checkout-view'

export const meta: MetaFunction = () => [{ title: 'Checkout | QFill' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (url.searchParams.has('plan')) {
    const plan = url.searchParams.get('plan') || 'starter'
    return planCheckout(request, { plan }, `${url.pathname}${url.search}`)
  }
  return questionnaireCheckout(request, url.searchParams.get('questionnaireId'))
}

/** The pricing cards' form without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const plan = String(form.get('plan') ?? 'starter')
  return planCheckout(
    request,
    { plan, email: String(form.get('email') ?? '') },
    `/checkout?plan=${encodeURIComponent(plan)}`,
  )
}

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>() as QuestionnaireOrder | Problem
  // After the pricing form's POST (no JavaScript), the action's outcome is what the page shows.
  const posted = useActionData<typeof action>() as Problem | undefined
  return <CheckoutView data={posted ?? loaded} />
}
