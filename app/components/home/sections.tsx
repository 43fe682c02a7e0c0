import {
  BookOpenCheck,
  Code2,
  FileSpreadsheet,
  FileText,
  Flag,
  KeyRound,
  Quote,
  ShieldCheck,
  Timer,
  Upload,
} from 'lucide-react'
import { FreeTrialForm } from '../free-trial-form'
import { PricingPlans } from '../pricing-plans'
import { ButtonLink, Card, Section } from '../ui'
import { MEASURED, questionsPerMinute, unflaggedPrecision } from './figures'

function SectionTitle({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-8 text-slate-600">{lead}</p>
    </div>
  )
}

/** Measured figures only (docs/benchmarks.md), each with how it was measured. */
export function Figures() {
  const stats = [
    {
      value: `${questionsPerMinute.toLocaleString('en-US')}`,
      label: 'questions per minute',
      note: `${MEASURED.questions} questions, evidence reading included, in ${MEASURED.seconds} s`,
    },
    {
      value: `${unflaggedPrecision}%`,
      label: 'of unflagged answers correct',
      note: `${MEASURED.unflaggedCorrect} of ${MEASURED.unflaggedTotal} matched the vendor’s own answer`,
    },
    {
      value: `${MEASURED.invalidCitations}`,
      label: 'invented citations',
      note: `${MEASURED.citationsChecked} quotes re-checked word for word against their files`,
    },
    { value: '1 hour', label: 'until your files are deleted', note: 'or at once, with one click on the result screen' },
  ]
  return (
    <section
      aria-labelledby="figures-title"
      className="border-b border-slate-200 bg-slate-900 px-4 py-14 text-white sm:px-6"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="figures-title" className="sr-only">
          Measured results
        </h2>
        <dl className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label}>
              <dt className="text-sm text-slate-300">{s.label}</dt>
              <dd className="order-first text-4xl font-semibold tracking-tight">{s.value}</dd>
              <dd className="mt-2 text-sm leading-6 text-slate-300">{s.note}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-10 max-w-4xl border-t border-slate-700 pt-6 text-sm leading-6 text-slate-300">
          How we measured: the built-in engine answered {MEASURED.sets}, using only the vendors’ public security papers
          as evidence, and its answers were compared with the answers the vendors gave themselves (our accuracy
          benchmark, on a 2-core machine). Public papers do not address every question: the engine wrote a Yes or No on{' '}
          {MEASURED.writtenShare}% of the Yes/No questions ({MEASURED.writtenPrecision}% of them matching the vendor),
          {MEASURED.writtenShareWithLibrary}% when an earlier answered questionnaire of the company’s was among the
          evidence, and left the rest blank and flagged for you, never guessed. Your own evidence usually covers far
          more.
        </p>
      </div>
    </section>
  )
}

export function HowItWorks() {
  const steps = [
    {
      icon: Upload,
      title: 'Upload',
      text: 'The questionnaire (.xlsx, .xls, .docx or .csv) and up to 10 evidence files: policies, SOC 2 reports, earlier answered questionnaires.',
    },
    {
      icon: Flag,
      title: 'Review what is flagged',
      text: 'Every answer comes with its confidence and quote. Answers under 85% and questions without evidence are flagged for a person.',
    },
    {
      icon: FileSpreadsheet,
      title: 'Download',
      text: 'The same workbook, filled in with your questionnaire’s own answer vocabulary, a _SUMMARY sheet and a one-page PDF summary.',
    },
  ]
  return (
    <Section labelledBy="how-title" className="bg-white">
      <SectionTitle
        id="how-title"
        eyebrow="How it works"
        title="From blank workbook to reviewed answers"
        lead="Three steps, minutes instead of days. Nothing to install, no account to create."
      />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="relative rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <span className="text-sm font-semibold text-brand-700">Step {i + 1}</span>
            <s.icon aria-hidden className="mt-3 h-7 w-7 text-brand-700" />
            <h3 className="mt-3 text-lg font-semibold">{s.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}

const FEATURES = [
  {
    icon: BookOpenCheck,
    title: 'Answers in the form’s own words',
    text: 'Yes, No, Partially, N/A or whatever the dropdown offers: answers are written in the vocabulary of your questionnaire, in the cells where they belong.',
  },
  {
    icon: Quote,
    title: 'A citation for every answer',
    text: 'Each answer quotes the sentence it rests on, word for word, with the file and page. Quotes are checked against the source before they are written.',
  },
  {
    icon: Flag,
    title: 'Confidence you can act on',
    text: 'Every answer carries a confidence score. Those under 85% are flagged, and a question your evidence does not cover is left blank with what to supply.',
  },
  {
    icon: FileText,
    title: 'One-page executive summary',
    text: 'A PDF with coverage, average confidence, high/medium/low buckets and the questions that need review, ready to send with the workbook.',
  },
  {
    icon: ShieldCheck,
    title: 'Encrypted, then deleted',
    text: 'Files are encrypted at rest with AES-256-GCM and deleted 1 hour after processing, or at once on request. Never used to train models.',
  },
  {
    icon: Code2,
    title: 'API and command line',
    text: 'The same engine over HTTP (documented with OpenAPI) and as the qfill command line, for questionnaires that arrive every week.',
  },
]

export function Features() {
  return (
    <Section id="features" labelledBy="features-title">
      <SectionTitle
        id="features-title"
        eyebrow="Features"
        title="Built for the people who sign the answers"
        lead="Drafts you can check in minutes, because every answer shows where it came from."
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <Card as="li" key={f.title} className="transition-shadow hover:shadow-md">
            <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <f.icon aria-hidden className="h-5 w-5" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{f.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{f.text}</p>
          </Card>
        ))}
      </ul>
    </Section>
  )
}

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
