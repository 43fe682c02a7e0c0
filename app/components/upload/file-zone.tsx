import { UploadCloud, X } from 'lucide-react'
import type { DragEvent, ReactNode, RefObject } from 'react'
import { formatBytes } from '../../uploads/limits'

/** A drop zone: a label around its file input; the ring shows when the (visually hidden) input has keyboard focus. */
const ZONE =
  'mt-4 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-8 text-center transition-colors hover:border-brand-500 hover:bg-brand-50 has-[input:focus-visible]:border-brand-600 has-[input:focus-visible]:bg-brand-50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600'

const FILE_INPUT =
  'mt-2 max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-medium file:text-white'

/**
 * Without JavaScript a plain file input (what it holds is what is sent); with it, a drop zone whose input is
 * visually hidden and kept in step with the files listed.
 */
export function FileZone({
  name,
  label,
  accept,
  multiple = false,
  hydrated,
  inputRef,
  onFiles,
  children,
}: {
  name: string
  label: string
  accept: string
  multiple?: boolean
  hydrated: boolean
  inputRef: RefObject<HTMLInputElement>
  onFiles(files: File[]): void
  children: ReactNode
}) {
  return (
    <label
      className={ZONE}
      onDragOver={(e: DragEvent) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault()
        onFiles(Array.from(e.dataTransfer.files))
      }}
    >
      <UploadCloud aria-hidden className="h-8 w-8 text-brand-700" />
      {children}
      <input
        ref={inputRef}
        type="file"
        name={name}
        multiple={multiple}
        accept={accept}
        aria-label={label}
        className={hydrated ? 'sr-only' : FILE_INPUT}
        onChange={(e) => onFiles(Array.from(e.currentTarget.files ?? []))}
      />
    </label>
  )
}

/** Keeps a file input's FileList equal to the files listed, so the form posts exactly what is shown. */
export function syncInput(input: HTMLInputElement | null, files: File[]) {
  if (!input) return
  const transfer = new DataTransfer()
  for (const f of files) transfer.items.add(f)
  input.files = transfer.files
}

export function FileList({ files, label, onRemove }: { files: File[]; label: string; onRemove(i: number): void }) {
  if (!files.length) return null
  return (
    <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={label}>
      {files.map((file, i) => (
        <li key={`${file.name}-${i}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span className="min-w-0 truncate">
            {file.name} <span className="text-slate-600">({formatBytes(file.size)})</span>
          </span>
          <button
            type="button"
            onClick={() => onRemove(i)}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-red-700 hover:bg-red-50"
            aria-label={`Remove ${file.name}`}
          >
            <X aria-hidden className="h-4 w-4" />
            Remove
          </button>
        </li>
      ))}
    </ul>
  )
}
