import { ArrowRight, Clock, FileCheck2, Lock, Scale, ShieldCheck } from 'lucide-react'
import { ButtonLink } from '../ui'

/** A miniature of a filled questionnaire row, drawn in HTML (no screenshot to go stale). */
function ResultPreview() {
  const rows = [
    {
      id: 'IAM-02',
      q: 'Is multi-factor authentication enforced for all remote access?',
      a: 'Yes',
      c: 96,
      cite: '“MFA is required for all remote and administrative access.”',
      file: 'access-policy.pdf, p. 3',
    },
    {
      id: 'DSP-17',
      q: 'Is customer data encrypted at rest?',
      a: 'Yes',
      c: 92,
      cite: '“Customer data is encrypted at rest using AES-256.”',
      file: 'soc2-report.pdf, p. 41',
    },
    {
      id: 'BCR-08',
      q: 'Are backups tested at least annually?',
      a: '',
      c: 0,
      cite: 'No evidence found: supply your backup test record.',
      file: '',
    },
  ]
  return (
    <div
      aria-hidden
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-xl shadow-brand-900/10 ring-1 ring-slate-900/5 sm:p-5"
    >
      <div className="flex items-center justify-between border-b border-slate-100 pb-3">
        <div className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <FileCheck2 className="h-4 w-4 text-brand-700" /> vendor-review.xlsx
        </div>
        <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200">
          Filled
        </span>
      </div>
      <ul className="divide-y divide-slate-100">
        {rows.map((r) => (
          <li key={r.id} className="py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="text-slate-800">
                <span className="mr-2 font-mono text-xs text-slate-500">{r.id}</span>
                {r.q}
              </p>
              {r.a ? (
                <span className="shrink-0 rounded-md bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  {r.a} · {r.c}%
                </span>
              ) : (
                <span className="shrink-0 rounded-md bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Flagged
                </span>
              )}
            </div>
            <p className={`mt-1.5 text-xs leading-5 ${r.a ? 'text-slate-600' : 'text-amber-900'}`}>
              {r.cite} {r.file ? <span className="text-slate-500">({r.file})</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-slate-200 bg-white">
      <div aria-hidden className="absolute inset-x-0 top-0 -z-0 h-[480px] bg-gradient-to-b from-brand-50 to-white" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
            <ShieldCheck aria-hidden className="h-4 w-4" /> SIG, CAIQ, HECVAT and custom questionnaires
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.4rem]"
          >
            Security questionnaires, answered from your own evidence
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            Upload the questionnaire and your policies, audit reports or past answers. Get the same workbook back filled
            in, every answer with a confidence score and a verbatim citation, and the uncertain ones flagged for you.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="#trial" size="lg">
              Start Free Trial <ArrowRight aria-hidden className="h-5 w-5" />
            </ButtonLink>
            <ButtonLink href="/token" size="lg" variant="secondary">
              I Have a Token
            </ButtonLink>
          </div>
          <ul className="mt-10 flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            <li className="flex items-center gap-2">
              <Clock aria-hidden className="h-4 w-4 shrink-0 text-brand-700" /> Files deleted after 1 hour
            </li>
            <li className="flex items-center gap-2">
              <Lock aria-hidden className="h-4 w-4 shrink-0 text-brand-700" /> Never used to train models
            </li>
            <li className="flex items-center gap-2">
              <Scale aria-hidden className="h-4 w-4 shrink-0 text-brand-700" /> Swiss law, Zurich forum
            </li>
          </ul>
        </div>
        <ResultPreview />
      </div>
    </section>
  )
}
