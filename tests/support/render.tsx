import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'

/**
 * Server-renders a component as HTML for unit tests (react-dom/server: no DOM library needed). Components that
 * use Remix's Link, Form or navigation state get a memory router (Remix's own, underneath) at `url`.
 */
export function html(element: ReactElement, url = '/'): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] })
  // Remix's Link uses a layout effect, which React notes is skipped on the server: expected here, so unsaid.
  const error = console.error
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('useLayoutEffect does nothing on the server')) return
    error(...args)
  }
  try {
    return renderToStaticMarkup(<RouterProvider router={router} />)
  } finally {
    console.error = error
  }
}

/** The text of rendered HTML, tags removed and whitespace collapsed, for reading assertions. */
export function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}
