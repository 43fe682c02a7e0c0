import { CheckCircle2 } from 'lucide-react'
import { forwardRef, useImperativeHandle, useRef } from 'react'
import type { ReviewRowView } from '../../review/view'
import { AnswerField, CommentField } from './row-fields'
import { Citations, Confidence, RowBadges, ROW_TONE, rowState } from './row-parts'

export interface RowHandle {
  /** Chooses the n-th (1-based) allowed value. */
  choose(n: number): void
  accept(): void
  focus(): void
}

/** A row's unsaved values (typed, not yet confirmed by the server), and how its save is going. */
export interface RowDraftView {
  answer?: string
  comment?: string
  accept?: boolean
}

interface Props {
  row: ReviewRowView
  draft?: RowDraftView
  error?: string
  /** 'saving' while its change is unsent or out; 'saved' once the server has it. */
  saveState: 'saving' | 'saved' | null
  active: boolean
  enhanced: boolean
  onActivate(): void
  onEdit(fields: RowDraftView): void
}

/**
 * One question under review. Without JavaScript its fields belong to the page's form and its Accept button
 * submits that form; with it, every change goes to autosave and the row shows what it will hold.
 */
export const ReviewRow = forwardRef<RowHandle, Props>(function ReviewRow(props, ref) {
  const { row, draft, error, active, enhanced, onActivate, onEdit } = props
  const article = useRef<HTMLElement>(null)
  const answerValue = draft?.answer ?? row.cellValue
  const commentValue = draft?.comment ?? row.comment
  const confirmed = row.confirmed || Boolean(draft?.accept)
  const state = rowState(row, confirmed)

  useImperativeHandle(ref, () => ({
    choose(n) {
      const option = row.mode === 'text' ? undefined : row.options[n - 1]
      if (option !== undefined && option !== answerValue) onEdit({ answer: option })
    },
    accept() {
      if (enhanced && !row.confirmed) onEdit({ accept: true })
    },
    focus() {
      article.current?.focus({ preventScroll: true })
      article.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    },
  }))

  return (
    <article
      ref={article}
      tabIndex={active ? 0 : -1}
      onFocus={onActivate}
      onClick={onActivate}
      data-row={row.key}
      data-testid="review-row"
      aria-label={`${row.id}: ${row.question}`}
      className={`grid gap-4 border-l-4 ${ROW_TONE[state]} px-4 py-4 transition-colors outline-none sm:px-5 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] ${active && enhanced ? 'bg-brand-50/60 ring-2 ring-brand-500/30 ring-inset' : 'bg-white'}`}
    >
      <input type="hidden" name="row" value={row.key} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-800">{row.id}</span>
          <span className="text-slate-600">
            {row.sheet} · row {row.row}
          </span>
          <RowBadges row={row} state={state} />
        </div>
        <p className="mt-2 text-[15px] leading-snug text-slate-900">{row.question}</p>
        {!confirmed && row.reason && row.flagged ? (
          <p className="mt-2 text-sm text-amber-900">
            <span className="font-medium">Why flagged:</span> {row.reason}
          </p>
        ) : null}
        <Citations row={row} />
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex items-end gap-3">
          <AnswerField
            row={row}
            value={answerValue}
            enhanced={enhanced}
            error={error}
            onChange={(answer) => onEdit({ answer })}
          />
          <Confidence row={row} confirmed={confirmed} />
        </div>
        <CommentField row={row} value={commentValue} onChange={(comment) => onEdit({ comment })} />
        {error ? (
          <p id={`error-${row.key}`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs text-slate-600" aria-live="polite" data-testid="row-save">
            {enhanced && props.saveState === 'saving'
              ? 'Saving…'
              : enhanced && props.saveState === 'saved'
                ? 'Saved'
                : ''}
          </span>
          {confirmed ? null : (
            <button
              type="submit"
              name="intent"
              value={`accept:${row.key}`}
              onClick={
                enhanced
                  ? (e) => {
                      e.preventDefault()
                      onEdit({ accept: true })
                    }
                  : undefined
              }
              className="inline-flex items-center gap-1.5 rounded-md border border-green-700 bg-white px-3 py-1.5 text-sm font-medium text-green-800 hover:bg-green-50"
              aria-label={`Accept ${row.id}`}
            >
              <CheckCircle2 aria-hidden className="h-4 w-4" /> Accept
            </button>
          )}
        </div>
      </div>
    </article>
  )
})
