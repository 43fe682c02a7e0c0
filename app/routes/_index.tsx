import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { paymentsConfigured } from '../billing/config.server'
import { Hero } from '../components/home/hero'
import { ScrollProgress } from '../components/home/scroll-progress'
import { ClosingCall, Features, Figures, GetStarted, HowItWorks, Pricing } from '../components/home/sections'
import { PaymentConfirmation } from '../components/home/payment-confirmation'
import { sessionToken } from '../access/auth.server'
import { paymentReturn } from '../billing/payment-return.server'
import { services } from '../infra/services.server'

export const meta: MetaFunction = () => [
  { title: 'QFill: security questionnaires answered from your own evidence' },
  {
    name: 'description',
    content:
      'Upload a SIG, CAIQ, HECVAT or custom questionnaire and your policies; get it back filled in with confidence scores and verbatim citations.',
  },
]

const paymentSchema = z.object({
  payment: z.literal('success'),
  questionnaire: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const returned = paymentSchema.safeParse(params)
  const payment = returned.success
    ? {
        questionnaire: returned.data.questionnaire,
        ...(await paymentReturn(
          services().sql,
          (await sessionToken(request))?.id ?? null,
          returned.data.questionnaire,
        )),
      }
    : null
  return { payment, paymentsEnabled: paymentsConfigured() }
}

export default function Home() {
  const { payment, paymentsEnabled } = useLoaderData<typeof loader>()
  return (
    <>
      <ScrollProgress />
      {payment ? <PaymentConfirmation payment={payment} /> : null}
      <Hero />
      <Figures />
      <HowItWorks />
      <Features />
      <GetStarted />
      <Pricing paymentsEnabled={paymentsEnabled} />
      <ClosingCall />
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary'
