import { Link, useNavigate } from '@remix-run/react'
import { CheckCircle2, Clock, Download, FileSpreadsheet, FileText, RotateCcw, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { reviewHref } from '../review/view'
import { timeLeft } from './progress'
import { showToast } from './toast'
import { DeleteFilesDialog } from './job-result/delete-files-dialog'
import { NeedsReview } from './job-result/needs-review'
import type { ResultView } from './job-result/model'
import { RunDetails } from './job-result/run-details'
import { Badge, Button, ButtonLink, buttonClass, Card, Notice } from './ui'

export type { ResultView }

/** The spec's countdown refresh: 'Files available for' is recomputed every minute. */
export const COUNTDOWN_REFRESH_MS = 60_000

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
  const navigate = useNavigate()
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
      <DeleteFilesDialog jobId={job.id} open={open} onClose={close} />
      <RunDetails job={job} />
      <NeedsReview items={job.review} />
    </div>
  )
}
