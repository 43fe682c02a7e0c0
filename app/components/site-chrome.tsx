/**
 * The site header (sticky navigation) and footer. The navigation is plain anchors, so it works without
 * JavaScript; with it, on the home page the link of the section in view (features, pricing, trial) is
 * highlighted and marked aria-current.
 */
import { Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClass } from './ui'

export const NAV = [
  { label: 'Features', href: '/#features', section: 'features' },
  { label: 'Pricing', href: '/#pricing', section: 'pricing' },
  { label: 'Free Trial', href: '/#trial', section: 'trial' },
  { label: 'API Docs', href: '/api-docs', section: null },
] as const

const SECTIONS = NAV.flatMap((n) => (n.section ? [n.section] : []))

/** The id of the home section that fills most of the viewport's upper half, or null. */
function useSectionInView(enabled: boolean): string | null {
  const [active, setActive] = useState<string | null>(null)
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return
    const visible = new Map<string, number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) visible.set(e.target.id, e.isIntersecting ? e.intersectionRatio : 0)
        let best: string | null = null
        let bestRatio = 0
        for (const id of SECTIONS) {
          const r = visible.get(id) ?? 0
          if (r > bestRatio) [best, bestRatio] = [id, r]
        }
        setActive(best)
      },
      { rootMargin: '-80px 0px -45% 0px', threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    )
    for (const id of SECTIONS) {
      const el = document.getElementById(id)
      if (el) observer.observe(el)
    }
    return () => observer.disconnect()
  }, [enabled])
  return enabled ? active : null
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-slate-900">
      <svg aria-hidden viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M9 16.5l4.5 4.5L23 11.5"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      QFill
    </Link>
  )
}

export function SiteHeader() {
  const { pathname } = useLocation()
  const active = useSectionInView(pathname === '/')
  const linkClass = (current: boolean) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => {
            const current = item.section ? active === item.section : pathname === item.href
            return (
              <a
                key={item.href}
                href={item.href}
                aria-current={current ? (item.section ? 'location' : 'page') : undefined}
                className={linkClass(current)}
              >
                {item.label}
              </a>
            )
          })}
        </nav>
        <a href="/#get-started" className={buttonClass('primary', 'sm')}>
          Get Started
        </a>
      </div>
      {/* Small screens: the same links in a scrollable row under the logo, no menu button needed. */}
      <nav aria-label="Main (compact)" className="border-t border-slate-100 md:hidden">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 py-1.5">
          {NAV.map((item) => {
            const current = item.section ? active === item.section : pathname === item.href
            return (
              <li key={item.href} className="shrink-0">
                <a
                  href={item.href}
                  aria-current={current ? (item.section ? 'location' : 'page') : undefined}
                  className={linkClass(current)}
                >
                  {item.label}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
    </header>
  )
}

const FOOTER = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/#features' },
      { label: 'Pricing', href: '/#pricing' },
      { label: 'Free Trial', href: '/#trial' },
      { label: 'API Docs', href: '/api-docs' },
      { label: 'System Status', href: '/status' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', href: '/help' },
      { label: 'Security', href: '/security' },
      { label: 'Check Token Status', href: '/token-status' },
      { label: 'I Have a Token', href: '/token' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: '/legal#terms' },
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Governing Law', href: '/governing-law' },
      { label: 'Legal overview', href: '/legal' },
    ],
  },
]

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-600">
            Security questionnaires answered from your own evidence, with a verbatim citation for every answer.
          </p>
        </div>
        {FOOTER.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} className="rounded text-slate-600 hover:text-slate-900 hover:underline">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6">
          © {new Date().getFullYear()} QFill. Files encrypted at rest and deleted 1 hour after processing. Governed by
          Swiss law.
        </p>
      </div>
    </footer>
  )
}
