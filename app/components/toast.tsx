import { useEffect, useState } from 'react'

export interface ToastData {
  message: string
  description?: string
  type: 'info' | 'success' | 'error' | 'warning'
}

const STYLES: Record<ToastData['type'], string> = {
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-900',
}

/** A flash notice set on redirect. Rendered by the server, so it shows without JavaScript; with it, it fades after 5 s. */
export function Toast({ toast }: { toast: ToastData }) {
  const [open, setOpen] = useState(true)
  useEffect(() => {
    setOpen(true)
    const timer = setTimeout(() => setOpen(false), 5000)
    return () => clearTimeout(timer)
  }, [toast])
  if (!open) return null
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4 sm:justify-end">
      <div
        role={toast.type === 'error' ? 'alert' : 'status'}
        aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
        data-testid="toast"
        className={`pointer-events-auto w-full max-w-[420px] rounded-lg border px-4 py-3 shadow-lg ${STYLES[toast.type]}`}
      >
        <p className="font-semibold">{toast.message}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
    </div>
  )
}
