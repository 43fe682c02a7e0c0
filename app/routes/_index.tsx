import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { paymentsConfigured } from '../billing/config.server'
import { Hero } from '../components/home/hero'
import { ScrollProgress } from '../components/home/scroll-progress'
import { ClosingCall, Features, Figures, GetStarted, HowItWorks, Pricing } from '../components/home/sections'
import { ButtonLink, Notice } from '../components/ui'

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

export function loader({ request }: LoaderFunctionArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const paid = paymentSchema.safeParse(params)
  return { paidQuestionnaire: paid.success ? paid.data.questionnaire : null, paymentsEnabled: paymentsConfigured() }
}

export default function Home() {
  const { paidQuestionnaire, paymentsEnabled } = useLoaderData<typeof loader>()
  return (
    <>
      <ScrollProgress />
      {paidQuestionnaire ? (
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6" data-testid="payment-confirmation">
          <Notice tone="success" title="Payment Successful!" live={false}>
            <p>
              Questionnaire <span className="font-mono">{paidQuestionnaire}</span> is paid for and will be processed.
              Follow its progress and download the results from your token status page.
            </p>
            <div className="mt-3">
              <ButtonLink href="/token-status" size="sm">
                Check Token Status
              </ButtonLink>
            </div>
          </Notice>
        </div>
      ) : null}
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
