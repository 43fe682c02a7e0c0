import type { ButtonHTMLAttributes, ReactNode } from 'react'

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</section>
}

export function Button({ variant = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' }) {
  const styles = {
    primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-300',
    secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
    danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  }[variant]
  return (
    <button
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition disabled:cursor-not-allowed ${styles} ${className}`}
    />
  )
}

export function ButtonLink({ href, children, variant = 'primary', download }: { href: string; children: ReactNode; variant?: 'primary' | 'secondary'; download?: string }) {
  const styles =
    variant === 'primary' ? 'bg-brand-600 text-white hover:bg-brand-700' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
  return (
    <a href={href} download={download} className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium ${styles}`}>
      {children}
    </a>
  )
}

export interface Problem {
  title: string
  message: string
}

/** A list of problems the user must fix, announced to screen readers. */
export function ProblemList({ problems, id }: { problems: Problem[]; id?: string }) {
  if (!problems.length) return null
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <ul className="space-y-1">
        {problems.map((p, i) => (
          <li key={i}>
            <strong>{p.title}:</strong> {p.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Badge({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'green' | 'amber' | 'red' | 'brand' }) {
  const styles = {
    slate: 'bg-slate-100 text-slate-700',
    green: 'bg-green-100 text-green-800',
    amber: 'bg-amber-100 text-amber-800',
    red: 'bg-red-100 text-red-800',
    brand: 'bg-brand-100 text-brand-700',
  }[tone]
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${styles}`}>{children}</span>
}
