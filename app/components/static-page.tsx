/**
 * Layout of the long-form pages (help, security, privacy, governing law, legal): a title block, an optional
 * "On this page" list of anchors beside the text on wide screens, and the text in `.prose-page` styles.
 */
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageHeader } from './ui'

export const CONTACT = {
  /** Addresses shown on the static pages; change them here and every page follows. */
  privacy: 'privacy@qfill.app',
  security: 'security@qfill.app',
  support: 'support@qfill.app',
  legal: 'legal@qfill.app',
} as const

export function StaticPage({
  eyebrow,
  title,
  lead,
  icon,
  updated,
  toc,
  children,
}: {
  eyebrow?: string
  title: string
  lead?: ReactNode
  icon?: LucideIcon
  updated?: ReactNode
  toc?: { href: string; label: string }[]
  children: ReactNode
}) {
  return (
    <div className="bg-slate-50">
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} icon={icon} aside>
        {updated ? <p className="mt-4 text-sm text-slate-600">{updated}</p> : null}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[220px_1fr] lg:py-16">
        {toc?.length ? (
          <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
            <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
            <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm lg:flex-col">
              {toc.map((t) => (
                <li key={t.href}>
                  <a href={t.href} className="rounded text-slate-600 hover:text-brand-700 hover:underline">
                    {t.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="hidden lg:block" />
        )}
        <article className="prose-page max-w-3xl min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          {children}
        </article>
      </div>
    </div>
  )
}
