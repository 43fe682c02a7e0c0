/**
 * Page scaffolding. `PageHeader` is the title block of a content page (eyebrow, h1, lead, optional icon);
 * `Section` is a centred, padded band with the site's max width.
 */
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

export function PageHeader({
  eyebrow,
  title,
  lead,
  icon: Icon,
  aside = false,
  children,
}: {
  eyebrow?: string
  title: ReactNode
  lead?: ReactNode
  icon?: LucideIcon
  /** Line the title up with content that has a 220 px side column on wide screens (the static pages). */
  aside?: boolean
  children?: ReactNode
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div
        className={`mx-auto px-4 py-12 sm:px-6 sm:py-16 ${aside ? 'max-w-6xl lg:pl-[calc(220px+2.5rem+1.5rem)]' : 'max-w-4xl'}`}
      >
        {Icon ? (
          <span className="mb-5 grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <Icon aria-hidden className="h-6 w-6" />
          </span>
        ) : null}
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg leading-8 text-slate-600">{lead}</p> : null}
        {children}
      </div>
    </header>
  )
}

export function Section({
  id,
  className = '',
  children,
  labelledBy,
}: {
  id?: string
  className?: string
  children: ReactNode
  labelledBy?: string
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`px-4 py-16 sm:px-6 lg:py-24 ${className}`}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  )
}
