import { Form, Link, useNavigate, useNavigation } from '@remix-run/react'
import { CheckCircle2, Clock, Download, FileSpreadsheet, FileText, Flag, RotateCcw, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { reviewHref } from '../review/view'
import { timeLeft } from './progress'
import { showToast } from './toast'
import { Badge, Button, ButtonLink, buttonClass, Card, Dialog, Notice } from './ui'

/** The spec's countdown refresh: 'Files available for' is recomputed every minute. */
export const COUNTDOWN_REFRESH_MS = 60_000

export interface ResultView {
  id: string
  evidenceCount: number
  questionCount: number
  averageConfidence: number
  flaggedCount: number
  /** Answers the user confirmed in review. */
  confirmedCount: number
  expiresAt: string | null
  deleted: boolean
  xlsx: string
  pdf: string
  review: {
    id: string
    row: number
    sheet: string
    question: string
    answer: string | null
    confidence: number
    reason: string
  }[]
  engine: string
  evidence: { file: string; chars: number; status: 'ok' | 'empty' | 'error'; message?: string }[]
  notes: string[]
}

/** The current time, re-read every `everyMs` (the countdown's refresh), starting from the server's clock. */
export function useNow(initial: Date, everyMs = COUNTDOWN_REFRESH_MS): Date {
  const [now, setNow] = useState(initial)
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

function downloadStarted(kind: 'XLSX' | 'PDF') {
  showToast({ type: 'success', message: 'Download Started', description: `${kind} file download has begun.` })
}

/** 'Processing Complete!': downloads, expiry, delete, and the questions that need a person's review. */
export function JobResult({
  job,
  confirmDelete,
  now: serverNow,
}: {
  job: ResultView
  confirmDelete: boolean
  now: Date
}) {
  const navigation = useNavigation()
  const navigate = useNavigate()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  const now = useNow(serverNow)
  const left = timeLeft(job.expiresAt, now)
  const available = !job.deleted && left !== 'Expired'
  const [dialogOpen, setDialogOpen] = useState(false)
  const open = (dialogOpen || confirmDelete) && available
  const close = () => {
    setDialogOpen(false)
    if (confirmDelete) navigate(`/jobs/${job.id}`, { replace: true, preventScrollReset: true })
  }
  const confidenceTone = job.averageConfidence >= 85 ? 'green' : job.averageConfidence >= 60 ? 'amber' : 'red'
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card className="sm:p-8">
        <div className="flex items-start gap-4">
          <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-green-50 text-green-700 ring-1 ring-green-200">
            <CheckCircle2 aria-hidden className="h-6 w-6" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight">Processing Complete!</h1>
            <p className="mt-1 break-words text-slate-600">
              Job <span className="font-mono text-sm">{job.id}</span> processed successfully with {job.evidenceCount}{' '}
              evidence files
            </p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          <Badge tone={confidenceTone}>{`${Math.round(job.averageConfidence)}% Average Confidence`}</Badge>
          {job.flaggedCount > 0 ? <Badge tone="amber">{`${job.flaggedCount} Flagged for Review`}</Badge> : null}
          {job.confirmedCount > 0 ? <Badge tone="green">{`${job.confirmedCount} Confirmed by You`}</Badge> : null}
          <Badge>{`${job.questionCount} questions`}</Badge>
        </div>
        {job.deleted ? null : (
          <p className="mt-5 flex items-center gap-2 text-sm text-slate-600" data-testid="files-available">
            <Clock aria-hidden className="h-4 w-4" />
            <span>
              Files available for: <span className="font-medium text-slate-900">{left}</span>
            </span>
          </p>
        )}
      </Card>
      {job.deleted ? (
        <Notice tone="info" title="Files have been permanently deleted" live={false}>
          All files for job {job.id} have been removed from our servers.
        </Notice>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <Card className="flex flex-col">
          <FileSpreadsheet aria-hidden className="h-7 w-7 text-brand-700" />
          <h2 className="mt-3 font-semibold">Completed Questionnaire</h2>
          <p className="mt-1 text-sm text-slate-600">XLSX with answers, comments, citations and a _SUMMARY sheet.</p>
          <div className="mt-auto pt-5">
            {available ? (
              <ButtonLink href={job.xlsx} onClick={() => downloadStarted('XLSX')}>
                <Download aria-hidden className="h-4 w-4" />
                Download Spreadsheet
              </ButtonLink>
            ) : (
              <Button disabled>Files Deleted</Button>
            )}
          </div>
        </Card>
        <Card className="flex flex-col">
          <FileText aria-hidden className="h-7 w-7 text-brand-700" />
          <h2 className="mt-3 font-semibold">Executive Summary</h2>
          <p className="mt-1 text-sm text-slate-600">1-page PDF: coverage, confidence and what needs review.</p>
          <div className="mt-auto pt-5">
            {available ? (
              <ButtonLink href={job.pdf} onClick={() => downloadStarted('PDF')}>
                <Download aria-hidden className="h-4 w-4" />
                Download Report
              </ButtonLink>
            ) : (
              <Button disabled>Files Deleted</Button>
            )}
          </div>
        </Card>
      </div>
      <div className="flex flex-wrap gap-3">
        {available ? <ButtonLink href={reviewHref(job.id)}>Review Answers</ButtonLink> : null}
        <ButtonLink href="/upload" variant="secondary">
          <RotateCcw aria-hidden className="h-4 w-4" />
          Process Another Document
        </ButtonLink>
        {available ? (
          <Link
            to="?confirm-delete=1#delete-dialog"
            preventScrollReset
            className={buttonClass('danger')}
            onClick={(e) => {
              e.preventDefault()
              setDialogOpen(true)
            }}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete Files Now
          </Link>
        ) : null}
      </div>
      <Dialog
        open={open}
        onClose={close}
        tone="danger"
        id="delete-dialog"
        title="Delete Files Immediately?"
        description={`Are you sure you want to delete all files for job ${job.id}? This action cannot be undone. Your completed questionnaire and executive summary will be permanently deleted.`}
      >
        <Form method="post" className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <a
            href={`/jobs/${job.id}`}
            data-autofocus
            autoFocus
            className={buttonClass('secondary')}
            onClick={(e) => {
              e.preventDefault()
              close()
            }}
          >
            Cancel
          </a>
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete Files'}
          </Button>
        </Form>
      </Dialog>
      <RunDetails job={job} />
      {job.review.length ? (
        <Card>
          <h2 className="flex items-center gap-2 font-semibold">
            <Flag aria-hidden className="h-5 w-5 text-amber-700" />
            Needs Review
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Answers under 85% confidence or otherwise flagged, lowest confidence first.
          </p>
          <ul className="mt-4 divide-y divide-slate-100 text-sm">
            {job.review.map((item) => (
              <li key={`${item.sheet}-${item.row}`} className="py-3">
                <p className="font-medium">
                  <span className="font-mono text-xs text-slate-600">{item.id}</span> {item.question}
                </p>
                <p className="mt-1 text-slate-600">
                  {item.answer ?? 'Needs your answer'} · {Math.round(item.confidence * 100)}% · {item.reason}
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
              <span className={e.status === 'ok' ? 'text-right text-slate-600' : 'text-right text-amber-800'}>
                {e.status === 'ok'
                  ? `${e.chars.toLocaleString('en-US')} characters of text`
                  : (e.message ?? 'No text found')}
                {e.status === 'ok' && e.message ? <span className="block text-amber-800">{e.message}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-amber-800">
          No evidence files were uploaded, so every answer is flagged for review.
        </p>
      )}
      {job.notes.length ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-slate-700">
            How the questionnaire was read ({job.notes.length} notes)
          </summary>
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
