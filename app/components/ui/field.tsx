/**
 * A labelled input with its hint and error. The error is tied to the input by aria-describedby and marks it
 * aria-invalid, as the house rules ask for every form field. Pass any <input> attribute through.
 *
 *   <Field label="Work email" name="email" type="email" error={errors.email} hint="We send the token here." />
 */
import type { InputHTMLAttributes, ReactNode } from 'react'

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-400 focus:border-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm'

export function Field({
  label,
  name,
  id = name,
  error,
  hint,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; name: string; error?: string; hint?: ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...input}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 ${inputClass}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
