import { Link, useNavigate, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { reviewHref } from '../review/view'
import { Badge, Button, ButtonLink, Card, ConfirmDeleteDialog } from './ui'

export interface ListedQuestionnaire {
  jobId: string
  fileName: string
  status: 'processing' | 'completed' | 'failed'
  totalQuestions: number | null
  completedAt: string | null
  averageConfidence: number | null
  flaggedQuestions: number | null
  error: string | null
}

export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this questionnaire? This action cannot be undone.'
export const EXPIRED_TEXT = 'Files have been deleted due to 1-hour security policy'
export const DELETED_TEXT = 'Files were deleted at your request.'

function when(iso: string | null) {
  return iso ? new Date(iso).toUTCString().replace(' GMT', ' UTC') : ''
}

/** What an item whose files are gone says: failed, deleted on request, or purged after the hour. */
export function goneText(q: Pick<ListedQuestionnaire, 'status' | 'error'>, deletedOnRequest: boolean): string {
  if (q.status === 'failed') return q.error ?? 'An error occurred during processing'
  return deletedOnRequest ? DELETED_TEXT : EXPIRED_TEXT
}

/**
 * 'Previous Questionnaires': active items with downloads and delete, expired ones with the 1-hour notice (or
 * "deleted at your request"). Delete asks first in a dialog: with JavaScript it opens in place; without it the
 * page's `?confirm=` state renders it open, with a link as its Cancel.
 */
export function QuestionnaireList({
  active,
  expired,
  deletedOnRequest = [],
  confirmId,
  action,
}: {
  active: ListedQuestionnaire[]
  expired: ListedQuestionnaire[]
  deletedOnRequest?: string[]
  confirmId?: string | null
  action: string
}) {
  const navigate = useNavigate()
  const [asking, setAsking] = useState<string | null>(null)
  if (!active.length && !expired.length) return null
  const confirming = active.find((q) => q.jobId === (asking ?? confirmId))
  const close = () => {
    setAsking(null)
    if (confirmId) navigate('?', { replace: true, preventScrollReset: true })
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">Previous Questionnaires</h2>
      <p className="mt-1 text-sm text-slate-600">
        {active.length} active, {expired.length} expired. Files are deleted 1 hour after processing.
      </p>
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Previous Questionnaires">
        {active.map((q) => (
          <ActiveItem key={q.jobId} q={q} onDelete={() => setAsking(q.jobId)} />
        ))}
        {expired.map((q) => {
          const deleted = deletedOnRequest.includes(q.jobId)
          return (
            <li key={q.jobId} className="py-4" data-testid="questionnaire-expired">
              <div className="flex flex-wrap items-center gap-2">
                {/* The purge clears the names a job held once its files are gone (privacy policy). */}
                <span className="font-medium wrap-anywhere text-slate-700">
                  {q.fileName || <em className="font-normal">Name removed with the files</em>}
                </span>
                {q.status === 'failed' ? (
                  <Badge tone="red">Failed</Badge>
                ) : (
                  <Badge>{deleted ? 'Deleted' : 'Expired'}</Badge>
                )}
              </div>
              <p className={`mt-1 text-sm ${deleted ? 'text-slate-600' : 'text-amber-800'}`}>{goneText(q, deleted)}</p>
              <div className="mt-3">
                <Button disabled variant="secondary">
                  Files Deleted
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <DeleteDialog q={confirming ?? null} action={action} onClose={close} />
    </Card>
  )
}

function ActiveItem({ q, onDelete }: { q: ListedQuestionnaire; onDelete(): void }) {
  return (
    <li className="py-4" data-testid="questionnaire-active">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium wrap-anywhere">{q.fileName}</span>
        {q.status === 'processing' ? <Badge tone="brand">Processing</Badge> : <Badge tone="green">Active</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {q.totalQuestions !== null ? `${q.totalQuestions} questions` : null}
        {q.completedAt ? ` · completed ${when(q.completedAt)}` : null}
        {q.averageConfidence !== null ? ` · ${Math.round(q.averageConfidence)}% average confidence` : null}
        {q.flaggedQuestions ? ` · ${q.flaggedQuestions} flagged for review` : null}
      </p>
      {q.status === 'processing' ? (
        <div className="mt-3">
          <ButtonLink href={`/questionnaire/${q.jobId}`} variant="secondary">
            View progress
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <ButtonLink href={`/api/result/${q.jobId}/xlsx`} download={`questionnaire-${q.jobId}.xlsx`}>
            Download XLSX
          </ButtonLink>
          <ButtonLink href={`/api/result/${q.jobId}/pdf`} download={`questionnaire-${q.jobId}.pdf`} variant="secondary">
            Download PDF
          </ButtonLink>
          {q.status === 'completed' ? (
            <ButtonLink href={reviewHref(q.jobId)} variant="secondary">
              Review Answers
            </ButtonLink>
          ) : null}
          <Link
            to={`?confirm=${q.jobId}#delete-dialog`}
            preventScrollReset
            onClick={(e) => {
              e.preventDefault()
              onDelete()
            }}
            className="inline-flex items-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Delete
          </Link>
        </div>
      )}
    </li>
  )
}

/** The confirmation: focus inside, Tab kept in, Escape or Cancel closes (see ui/dialog). */
function DeleteDialog({ q, action, onClose }: { q: ListedQuestionnaire | null; action: string; onClose(): void }) {
  const navigation = useNavigation()
  const busy = Boolean(q) && navigation.state === 'submitting' && navigation.formData?.get('jobId') === q?.jobId
  return (
    <ConfirmDeleteDialog
      open={Boolean(q)}
      onClose={onClose}
      title="Delete Questionnaire?"
      description={
        <>
          <span className="block font-medium wrap-anywhere text-slate-800">{q?.fileName}</span>
          {DELETE_CONFIRM_TEXT}
        </>
      }
      cancelHref="?"
      action={action}
      fields={{ jobId: q?.jobId ?? '' }}
      busy={busy}
      label="Delete Questionnaire"
    />
  )
}
