import type { Ref } from 'react'
import { inputClass } from './ui'

/** The access-token input every token form uses (/upload, /token, /token-status), with its error under it. */
export function TokenField({
  id,
  error,
  defaultValue,
  inputRef,
  onChange,
  required,
}: {
  id: string
  error?: string
  defaultValue?: string
  inputRef?: Ref<HTMLInputElement>
  onChange?: (value: string) => void
  required?: boolean
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Access token
      </label>
      <input
        ref={inputRef}
        id={id}
        name="token"
        type="text"
        required={required}
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        defaultValue={defaultValue}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1.5 font-mono ${inputClass}`}
        placeholder="qf_..."
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/** 'I agree to the Terms of Service', linked to /legal#terms, with its error under it. */
export function TermsField({
  id,
  error,
  inputRef,
  onChange,
}: {
  id: string
  error?: string
  inputRef?: Ref<HTMLInputElement>
  onChange?: (checked: boolean) => void
}) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          name="terms"
          className="mt-0.5 h-4 w-4 accent-brand-600"
          onChange={onChange ? (e) => onChange(e.target.checked) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          I agree to the{' '}
          <a href="/legal#terms" className="font-medium text-brand-700 underline underline-offset-2">
            Terms of Service
          </a>
        </span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null
}
