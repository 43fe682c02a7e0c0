import { BookOpenCheck, Code2, FileSpreadsheet, FileText, Flag, Quote, ShieldCheck, Upload } from 'lucide-react'
import { Card, Section } from '../ui'
import { SectionTitle } from './section-title'

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
