import { KeyRound, Timer } from 'lucide-react'
import { FreeTrialForm } from '../free-trial-form'
import { PricingPlans } from '../pricing-plans'
import { ButtonLink, Card, Section } from '../ui'
import { SectionTitle } from './section-title'

export { Features, HowItWorks } from './features'
export { Figures } from './figures-section'

export function GetStarted() {
  return (
    <Section id="get-started" labelledBy="get-started-title" className="border-y border-slate-200 bg-white">
      <SectionTitle
        id="get-started-title"
        eyebrow="Get Started"
        title="Try it on your next questionnaire"
        lead="Start a free trial with your work e-mail, or continue with the token you already have."
      />
      <div className="mt-12 grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <Card as="section" id="trial" aria-labelledby="trial-title" className="scroll-mt-28 p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <Timer aria-hidden className="h-6 w-6 text-brand-700" />
            <h3 id="trial-title" className="text-xl font-semibold">
              Free Trial
            </h3>
          </div>
          <p className="mt-2 text-sm leading-6 text-slate-600">
            2 questionnaires, no card needed. We e-mail your access token to your work address.
          </p>
          <div className="mt-6">
            <FreeTrialForm />
          </div>
        </Card>
        <Card as="section" aria-labelledby="token-title" className="flex flex-col bg-slate-50 p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <KeyRound aria-hidden className="h-6 w-6 text-brand-700" />
            <h3 id="token-title" className="text-xl font-semibold">
              Already have a token?
            </h3>
          </div>
          <p className="mt-2 text-sm leading-6 text-slate-600">
            Use the access token from your e-mail or payment receipt to upload a questionnaire, see what remains on it
            and download recent results.
          </p>
          <div className="mt-auto flex flex-wrap gap-3 pt-6">
            <ButtonLink href="/token">Use My Token</ButtonLink>
            <ButtonLink href="/token-status" variant="secondary">
              Check Token Status
            </ButtonLink>
          </div>
        </Card>
      </div>
    </Section>
  )
}

export function Pricing({ paymentsEnabled }: { paymentsEnabled: boolean }) {
  return (
    <Section id="pricing" labelledBy="pricing-title">
      <SectionTitle
        id="pricing-title"
        eyebrow="Pricing"
        title="Pay for what you answer"
        lead="No seats, no contract. Prices in US dollars; tax $0.00."
      />
      <div className="mx-auto mt-12 max-w-4xl">
        <PricingPlans paymentsEnabled={paymentsEnabled} />
      </div>
    </Section>
  )
}

export function ClosingCall() {
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-16 sm:px-6 lg:pb-24">
      <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 rounded-3xl bg-brand-700 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center">
        <div>
          <h2 id="closing-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Questions before you upload?
          </h2>
          <p className="mt-2 max-w-xl text-brand-100">
            Formats, limits, how flags work and how long anything is kept: it is all in the Help Center and on our
            security page.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href="/help"
            className="inline-flex h-11 items-center rounded-lg bg-white px-5 font-medium text-brand-800 hover:bg-brand-50"
          >
            Help Center
          </a>
          <a
            href="/security"
            className="inline-flex h-11 items-center rounded-lg px-5 font-medium text-white ring-1 ring-white/60 hover:bg-brand-800"
          >
            Security
          </a>
        </div>
      </div>
    </section>
  )
}
