import type { Ref } from 'react'
import type { ReviewRowView } from '../../review/view'

const FIELD =
  'mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none'
const LABEL = 'block text-xs font-medium tracking-wide text-slate-600 uppercase'

interface FieldProps {
  row: ReviewRowView
  value: string
  enhanced: boolean
  error?: string
  onChange(value: string): void
}

/**
 * The answer: a list (the cell's own values, or Yes/Partially/Planned/No/N/A) or free text. Its name
 * (`answer:KEY`) makes it part of the page's form without JavaScript; with it, every change goes to autosave.
 */
export function AnswerField({
  row,
  value,
  enhanced,
  error,
  onChange,
  inputRef,
}: FieldProps & { inputRef?: Ref<HTMLSelectElement & HTMLTextAreaElement> }) {
  const id = `answer-${row.key}`
  const described = error ? { 'aria-invalid': true, 'aria-describedby': `error-${row.key}` } : {}
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className={LABEL}>
        Answer
      </label>
      {row.mode === 'text' ? (
        <textarea
          ref={inputRef}
          id={id}
          name={`answer:${row.key}`}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          rows={2}
          placeholder={row.preexisting ? undefined : 'Your answer'}
          className={`${FIELD} border-slate-300`}
          {...described}
        />
      ) : (
        <select
          ref={inputRef}
          id={id}
          name={`answer:${row.key}`}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={`${FIELD} ${value ? 'border-slate-300 bg-white' : 'border-red-300 bg-red-50/40'}`}
          {...described}
        >
          <option value="">No answer yet</option>
          {row.options.map((o, i) => (
            <option key={o} value={o}>
              {enhanced && i < 9 ? `${o}  (${i + 1})` : o}
            </option>
          ))}
        </select>
      )}
    </div>
  )
}

/** The comment written to the questionnaire: the person's words (the machine's notes are never shipped). */
export function CommentField({ row, value, onChange }: Omit<FieldProps, 'enhanced' | 'error'>) {
  const id = `comment-${row.key}`
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        Comment
      </label>
      <textarea
        id={id}
        name={`comment:${row.key}`}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        rows={3}
        className={`${FIELD} border-slate-300 text-slate-800`}
      />
    </div>
  )
}
