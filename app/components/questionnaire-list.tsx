import { Form, Link, useNavigation } from '@remix-run/react'
import { reviewHref } from '../review/view'
import { Badge, Button, ButtonLink, Card } from './ui'

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

function when(iso: string | null) {
  return iso ? new Date(iso).toUTCString().replace(' GMT', ' UTC') : ''
}

/**
 * 'Previous Questionnaires': active items with downloads and delete, expired ones with the 1-hour notice. Delete
 * asks first through a `?confirm=` state of the page, so the confirmation works without JavaScript too.
 */
export function QuestionnaireList({
  active,
  expired,
  confirmId,
  action,
}: {
  active: ListedQuestionnaire[]
  expired: ListedQuestionnaire[]
  confirmId?: string | null
  action: string
}) {
  const navigation = useNavigation()
  if (!active.length && !expired.length) return null
  return (
    <Card>
      <h2 className="text-lg font-semibold">Previous Questionnaires</h2>
      <p className="mt-1 text-sm text-slate-600">
        {active.length} active, {expired.length} expired. Files are deleted 1 hour after processing.
      </p>
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Previous Questionnaires">
        {active.map((q) => {
          const busy = navigation.state === 'submitting' && navigation.formData?.get('jobId') === q.jobId
          return (
            <li key={q.jobId} className="py-4" data-testid="questionnaire-active">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-all">{q.fileName}</span>
                {q.status === 'processing' ? (
                  <Badge tone="brand">Processing</Badge>
                ) : (
                  <Badge tone="green">Active</Badge>
                )}
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
                  <ButtonLink
                    href={`/api/result/${q.jobId}/pdf`}
                    download={`questionnaire-${q.jobId}.pdf`}
                    variant="secondary"
                  >
                    Download PDF
                  </ButtonLink>
                  {q.status === 'completed' ? (
                    <ButtonLink href={reviewHref(q.jobId)} variant="secondary">
                      Review Answers
                    </ButtonLink>
                  ) : null}
                  <Link
                    to={`?confirm=${q.jobId}`}
                    preventScrollReset
                    className="inline-flex items-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                  >
                    Delete
                  </Link>
                </div>
              )}
              {confirmId === q.jobId ? (
                <div
                  role="alertdialog"
                  aria-labelledby={`confirm-${q.jobId}`}
                  className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4"
                >
                  <p id={`confirm-${q.jobId}`} className="text-sm text-red-900">
                    {DELETE_CONFIRM_TEXT}
                  </p>
                  <Form method="post" action={action} className="mt-3 flex gap-2" preventScrollReset>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="jobId" value={q.jobId} />
                    <Link
                      to="?"
                      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium"
                    >
                      Cancel
                    </Link>
                    <Button type="submit" variant="danger" disabled={busy}>
                      {busy ? 'Deleting...' : 'Delete Questionnaire'}
                    </Button>
                  </Form>
                </div>
              ) : null}
            </li>
          )
        })}
        {expired.map((q) => (
          <li key={q.jobId} className="py-4" data-testid="questionnaire-expired">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all text-slate-700">{q.fileName}</span>
              {q.status === 'failed' ? <Badge tone="red">Failed</Badge> : <Badge>Expired</Badge>}
            </div>
            <p className="mt-1 text-sm text-amber-800">
              {q.status === 'failed'
                ? (q.error ?? 'An error occurred during processing')
                : 'Files have been deleted due to 1-hour security policy'}
            </p>
            <div className="mt-3">
              <Button disabled variant="secondary">
                Files Deleted
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}
