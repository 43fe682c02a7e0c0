import { jobPercent, STAGES, stageIndex } from './progress'
import { WorkerDownNotice } from './worker-down-notice'
import { Check } from 'lucide-react'
import { ButtonLink, Card } from './ui'

export interface ProgressView {
  id: string
  /** The worker's stage: parsing, reading evidence, answering, writing; null while queued. */
  stage: string | null
  processed: number
  total: number
  evidenceCount: number
  /** No answering worker is running: the job waits in the queue. */
  waiting: boolean
}

/** 'Processing Your Security Questionnaire': ring, bar, counts and the 'What's Happening Now' checklist. */
export function JobProgress({ job }: { job: ProgressView }) {
  const percent = jobPercent(job.stage, job.processed, job.total)
  const current = stageIndex(percent)
  const r = 52
  const circumference = 2 * Math.PI * r
  return (
    <Card className="mx-auto max-w-2xl sm:p-8">
      <h1 className="text-center text-2xl font-semibold tracking-tight">Processing Your Security Questionnaire</h1>
      <div className="mt-8 flex flex-col items-center gap-4">
        <svg width="140" height="140" viewBox="0 0 140 140" role="img" aria-label={`${percent}% done`}>
          <circle cx="70" cy="70" r={r} fill="none" stroke="#e2e8f0" strokeWidth="12" />
          <circle
            cx="70"
            cy="70"
            r={r}
            fill="none"
            stroke="var(--color-brand-600)"
            strokeWidth="12"
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - percent / 100)}
            transform="rotate(-90 70 70)"
          />
          <text x="70" y="78" textAnchor="middle" fontSize="26" fontWeight="600" fill="#0f172a">
            {percent}%
          </text>
        </svg>
        <p className="text-lg font-medium" data-testid="stage-label">
          {STAGES[current]!.label}
        </p>
      </div>
      <div className="mt-6">
        <div
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Questions answered"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 flex justify-between text-sm text-slate-600">
          <span data-testid="progress-count">
            {job.processed} of {job.total || '…'} questions
          </span>
          <span>{percent}%</span>
        </p>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 text-center text-sm sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
          <dt className="text-slate-600">Total questions</dt>
          <dd className="mt-1 text-lg font-semibold">{job.total || '…'}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
          <dt className="text-slate-600">Evidence files</dt>
          <dd className="mt-1 text-lg font-semibold">{job.evidenceCount}</dd>
        </div>
        <div className="col-span-2 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:col-span-1">
          <dt className="text-slate-600">Job ID</dt>
          <dd className="mt-1 truncate font-mono text-xs" title={job.id}>
            {job.id}
          </dd>
        </div>
      </dl>
      {job.waiting ? <WorkerDownNotice when="queued" className="mt-6" /> : null}
      <h2 className="mt-8 font-semibold">What's Happening Now</h2>
      <ol className="mt-3 space-y-2 text-sm">
        {STAGES.map((stage, i) => (
          <li key={stage.label} className="flex items-center gap-2">
            <span
              aria-hidden
              className={`grid h-5 w-5 place-items-center rounded-full text-xs ${
                i < current
                  ? 'bg-green-700 text-white'
                  : i === current
                    ? 'bg-brand-600 text-white'
                    : 'bg-slate-200 text-slate-700'
              }`}
            >
              {i < current ? <Check className="h-3.5 w-3.5" /> : i + 1}
            </span>
            <span className={i === current ? 'font-medium' : i < current ? 'text-slate-600' : 'text-slate-500'}>
              {stage.label}
              <span className="sr-only">
                {i < current ? ' (done)' : i === current ? ' (in progress)' : ' (pending)'}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex justify-center">
        <ButtonLink href="/upload" variant="secondary">
          Upload Different Document
        </ButtonLink>
      </div>
    </Card>
  )
}
