/**
 * A white surface with a hairline border. Use for any grouped content (a form, a result, a feature).
 * `as` picks the element (div by default; 'section' or 'article' when the card has its own heading).
 */
import type { HTMLAttributes } from 'react'

export function Card({
  className = '',
  as: Tag = 'div',
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li' }) {
  return <Tag {...rest} className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`} />
}
