import { Form, Link, useNavigation } from '@remix-run/react'
import { timeLeft } from './progress'
import { Badge, Button, ButtonLink, Card } from './ui'

export interface ResultView {
  id: string
  evidenceCount: number
  questionCount: number
  averageConfidence: number
  flaggedCount: number
  expiresAt: string | null
  deleted: boolean
  xlsx: string
  pdf: string
  review: { id: string; row: number; sheet: string; question: string; answer: string; confidence: number; reason: string }[]
  engine: string
  evidence: { file: string; chars: number; status: 'ok' | 'empty' | 'error'; message?: string }[]
  notes: string[]
}

/** 'Processing Complete!': downloads, expiry, delete, and the questions that need a person's review. */
export function JobResult({ job, confirmDelete, now }: { job: ResultView; confirmDelete: boolean; now: Date }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  const left = job.deleted ? 'Expired' : timeLeft(job.expiresAt, now)
  const available = !job.deleted && left !== 'Expired'
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card>
        <h1 className="text-2xl font-semibold">Processing Complete!</h1>
        <p className="mt-2 text-slate-600">
          Job <span className="font-mono">{job.id}</span> processed successfully with {job.evidenceCount} evidence files
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Badge tone={job.averageConfidence >= 85 ? 'green' : job.averageConfidence >= 60 ? 'amber' : 'red'}>
            {`${Math.round(job.averageConfidence)}% Average Confidence`}
          </Badge>
          {job.flaggedCount > 0 ? <Badge tone="amber">{`${job.flaggedCount} Flagged for Review`}</Badge> : null}
          <Badge>{`${job.questionCount} questions`}</Badge>
        </div>
        <p className="mt-4 text-sm text-slate-600" data-testid="files-available">
          Files available for: {left}
        </p>
      </Card>
      {job.deleted ? (
        <div role="status" className="rounded-lg border border-slate-300 bg-slate-100 p-4">
          <p className="font-semibold">Files have been permanently deleted</p>
          <p className="text-sm text-slate-600">All files for job {job.id} have been removed from our servers.</p>
        </div>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <Card>
          <h2 className="font-semibold">Completed Questionnaire</h2>
          <p className="mt-1 text-sm text-slate-600">XLSX with answers, comments, citations and a _SUMMARY sheet.</p>
          <div className="mt-4">
            {available ? <ButtonLink href={job.xlsx}>Download Spreadsheet</ButtonLink> : <Button disabled>Files Deleted</Button>}
          </div>
        </Card>
        <Card>
          <h2 className="font-semibold">Executive Summary</h2>
          <p className="mt-1 text-sm text-slate-600">1-page PDF: coverage, confidence and what needs review.</p>
          <div className="mt-4">
            {available ? <ButtonLink href={job.pdf}>Download Report</ButtonLink> : <Button disabled>Files Deleted</Button>}
          </div>
        </Card>
      </div>
      <div className="flex flex-wrap gap-3">
        <ButtonLink href="/upload" variant="secondary">
          Process Another Document
        </ButtonLink>
        {!job.deleted ? (
          <Link to="?confirm-delete=1" className="inline-flex items-center rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700" preventScrollReset>
            Delete Files Now
          </Link>
        ) : null}
      </div>
      {confirmDelete && !job.deleted ? (
        <div role="dialog" aria-modal="true" aria-labelledby="delete-title" className="fixed inset-0 z-40 grid place-items-center bg-slate-900/40 p-4">
          <Card className="max-w-md">
            <h2 id="delete-title" className="text-lg font-semibold">
              Delete Files Immediately?
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Are you sure you want to delete all files for job {job.id}? This action cannot be undone. Your completed questionnaire and executive
              summary will be permanently deleted.
            </p>
            <Form method="post" className="mt-6 flex justify-end gap-3">
              <ButtonLink href={`/jobs/${job.id}`} variant="secondary">
                Cancel
              </ButtonLink>
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="danger" disabled={deleting}>
                {deleting ? 'Deleting...' : 'Delete Files'}
              </Button>
            </Form>
          </Card>
        </div>
      ) : null}
      <RunDetails job={job} />
      {job.review.length ? (
        <Card>
          <h2 className="font-semibold">Needs Review</h2>
          <p className="mt-1 text-sm text-slate-600">Answers under 85% confidence or otherwise flagged, lowest confidence first.</p>
          <ul className="mt-4 divide-y divide-slate-100 text-sm">
            {job.review.map((item) => (
              <li key={`${item.sheet}-${item.row}`} className="py-3">
                <p className="font-medium">
                  <span className="font-mono text-xs text-slate-500">{item.id}</span> {item.question}
                </p>
                <p className="mt-1 text-slate-600">
                  {item.answer} · {Math.round(item.confidence * 100)}% · {item.reason}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  )
}

/** What the run read: each evidence file with the text it gave (or why it gave none), and how the questionnaire was read. */
function RunDetails({ job }: { job: ResultView }) {
  return (
    <Card>
      <h2 className="font-semibold">What was read</h2>
      <p className="mt-1 text-sm text-slate-600">Answered by the {job.engine} engine.</p>
      {job.evidence.length ? (
        <ul className="mt-4 divide-y divide-slate-100 text-sm" aria-label="Evidence files">
          {job.evidence.map((e) => (
            <li key={e.file} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">{e.file}</span>
              <span className={e.status === 'ok' ? 'text-right text-slate-600' : 'text-right text-amber-700'}>
                {e.status === 'ok' ? `${e.chars.toLocaleString('en-US')} characters of text` : (e.message ?? 'No text found')}
                {e.status === 'ok' && e.message ? <span className="block text-amber-700">{e.message}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-amber-700">No evidence files were uploaded, so every answer is flagged for review.</p>
      )}
      {job.notes.length ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-slate-700">How the questionnaire was read ({job.notes.length} notes)</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-600">
            {job.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  )
}
