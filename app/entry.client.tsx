import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { retryOn429 } from './components/rate-limit'

// A 429 on a page request waits Retry-After and tries again instead of turning the page into an error (ADR 024).
window.fetch = retryOn429(window.fetch.bind(window), { origin: window.location.origin })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
