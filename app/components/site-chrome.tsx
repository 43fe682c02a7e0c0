import { Link } from '@remix-run/react'

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav className="mx-auto flex max-w-6xl items-center justify-between px-6 py-3" aria-label="Main">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-md bg-brand-600 text-sm font-bold text-white">
            Q
          </span>
          QFill
        </Link>
        <div className="flex items-center gap-5 text-sm">
          <Link to="/upload" className="text-slate-700 hover:text-slate-900">
            Upload
          </Link>
          <Link to="/upload" className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  )
}

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-6 text-sm text-slate-500">
        <p>QFill: security questionnaires answered from your own evidence.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <a href="/legal#terms">Terms</a>
          <a href="/legal#privacy">Privacy</a>
        </nav>
      </div>
    </footer>
  )
}
