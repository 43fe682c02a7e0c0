/**
 * Toasts: flash notices set on redirect (remix-toast) and notices raised in the browser (`showToast`).
 *
 * One element serves both worlds, chosen by CSS (`js:`/`nojs:` variants, the `scripting` media feature) before
 * any script runs, so nothing jumps on hydration:
 * - with JavaScript: a fixed region at the bottom right (never over the sticky header), one toast at a time, at
 *   most 420 px wide; it closes after 5 s (paused while hovered or focused), with its close button, or by a swipe
 *   to the right of 50 px. F8 moves focus to the region. While a toast shows, the page gets bottom padding of the
 *   toast's height, so it never hides a control for good.
 * - without JavaScript: the flash notice sits in the page flow under the header, closed by a CSS-only checkbox.
 */
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'

export interface ToastData {
  message: string
  description?: string
  type: 'info' | 'success' | 'error' | 'warning'
}

export const TOAST_MS = 5000
export const SWIPE_DISMISS_PX = 50
const EVENT = 'qfill:toast'

const TONES: Record<ToastData['type'], { box: string; icon: typeof Info; iconClass: string }> = {
  success: { box: 'border-green-200', icon: CheckCircle2, iconClass: 'text-green-700' },
  info: { box: 'border-brand-200', icon: Info, iconClass: 'text-brand-700' },
  warning: { box: 'border-amber-200', icon: AlertTriangle, iconClass: 'text-amber-700' },
  error: { box: 'border-red-200', icon: XCircle, iconClass: 'text-red-700' },
}

/** Shows a toast from browser code (replacing the one on screen). */
export function showToast(toast: ToastData) {
  window.dispatchEvent(new CustomEvent<ToastData>(EVENT, { detail: toast }))
}

/** Whether a toast may show while the page reports a failure: a success notice over it would contradict it. */
export function shownWith(toast: ToastData | null, failure: boolean): ToastData | null {
  return toast && failure && toast.type === 'success' ? null : toast
}

/**
 * The toast region. `toast` is the flash notice of the current page, if any; `failure` is set while the page
 * shows a failure (a job that failed), which removes a success toast. Render it right after the header.
 */
export function Toaster({ toast: flash, failure = false }: { toast: ToastData | null; failure?: boolean }) {
  const toast = shownWith(flash, failure)
  const [current, setCurrent] = useState<(ToastData & { key: number }) | null>(() =>
    toast ? { ...toast, key: 0 } : null,
  )
  const [paused, setPaused] = useState(false)
  const [dx, setDx] = useState(0)
  const start = useRef<number | null>(null)
  const region = useRef<HTMLElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const first = useRef(true)
  const dismiss = useCallback(() => {
    setCurrent(null)
    setDx(0)
    setPaused(false)
  }, [])

  useEffect(() => {
    // The first render already shows the server's toast; later flash notices replace whatever is on screen.
    if (first.current) {
      first.current = false
      return
    }
    if (toast) setCurrent({ ...toast, key: Date.now() })
  }, [toast])

  // A job that fails while its page is open: "Processing Started … successfully" must not stay over it.
  useEffect(() => {
    if (failure) setCurrent((c) => (c?.type === 'success' ? null : c))
  }, [failure])

  useEffect(() => {
    const onToast = (e: Event) => setCurrent({ ...(e as CustomEvent<ToastData>).detail, key: Date.now() })
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault()
        region.current?.focus()
      }
    }
    window.addEventListener(EVENT, onToast)
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener(EVENT, onToast)
      window.removeEventListener('keydown', onKey)
    }
  }, [])

  useEffect(() => {
    if (!current || paused) return
    const timer = setTimeout(dismiss, TOAST_MS)
    return () => clearTimeout(timer)
  }, [current, paused, dismiss])

  // Room at the bottom of the page for the toast, so whatever it floats over can be scrolled clear of it.
  useEffect(() => {
    const el = box.current
    if (!current || !el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => (document.body.style.paddingBottom = `${el.offsetHeight + 32}px`))
    observer.observe(el)
    return () => {
      observer.disconnect()
      document.body.style.paddingBottom = ''
    }
  }, [current])

  const tone = current ? TONES[current.type] : null
  return (
    <section
      ref={region}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="outline-none js:pointer-events-none js:fixed js:right-0 js:bottom-0 js:z-[60] js:w-full js:max-w-[452px] js:p-4 nojs:mx-auto nojs:w-full nojs:max-w-6xl nojs:px-4 nojs:sm:px-6 nojs:[&:has(input:checked)]:hidden"
    >
      <div aria-live="polite" aria-atomic="true">
        {current && tone ? (
          <div
            key={current.key}
            ref={box}
            role={current.type === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            onMouseEnter={() => setPaused(true)}
            onMouseLeave={() => setPaused(false)}
            onFocus={() => setPaused(true)}
            onBlur={() => setPaused(false)}
            onPointerDown={(e) => {
              if ((e.target as HTMLElement).closest('button')) return
              start.current = e.clientX
              e.currentTarget.setPointerCapture(e.pointerId)
            }}
            onPointerMove={(e) => {
              if (start.current !== null) setDx(Math.max(0, e.clientX - start.current))
            }}
            onPointerUp={() => {
              if (start.current === null) return
              start.current = null
              if (dx > SWIPE_DISMISS_PX) dismiss()
              else setDx(0)
            }}
            onPointerCancel={() => {
              start.current = null
              setDx(0)
            }}
            style={{
              transform: dx ? `translateX(${dx}px)` : undefined,
              opacity: dx ? Math.max(0.2, 1 - dx / 200) : undefined,
              touchAction: 'pan-y',
            }}
            className={`pointer-events-auto relative w-full max-w-[420px] rounded-xl border bg-white p-4 select-none js:shadow-lg js:ring-1 js:ring-slate-900/5 nojs:mt-4 nojs:shadow-sm ${dx ? '' : 'transition-transform'} ${tone.box}`}
          >
            <div className="flex min-w-0 gap-3 pr-8">
              <tone.icon aria-hidden className={`mt-0.5 h-5 w-5 shrink-0 ${tone.iconClass}`} />
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{current.message}</p>
                {current.description ? (
                  <p className="mt-1 text-sm leading-6 break-words text-slate-700">{current.description}</p>
                ) : null}
              </div>
            </div>
            <button
              type="button"
              onClick={dismiss}
              aria-label="Close notification"
              className="absolute top-3 right-3 grid h-7 w-7 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 nojs:hidden"
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
            {/* Without JavaScript a checkbox closes the notice (the region hides itself once it is checked). */}
            <input
              type="checkbox"
              aria-label="Dismiss notification"
              className="absolute top-3 right-3 h-7 w-7 cursor-pointer appearance-none rounded-md hover:bg-slate-100 js:hidden"
            />
            <X aria-hidden className="pointer-events-none absolute top-4 right-4 h-5 w-5 text-slate-600 js:hidden" />
          </div>
        ) : null}
      </div>
    </section>
  )
}
