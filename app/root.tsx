import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react'
import { toasts } from './access/session.server'
import { SiteFooter, SiteHeader } from './components/site-chrome'
import { RateLimitNotice } from './components/rate-limit-notice'
import { Toaster } from './components/toast'
import { useNonce } from './http/nonce'
import styles from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await toasts().getToast(request)
  return data({ toast: toast ?? null }, { headers })
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  // A route whose data says `failure: true` (a failed job) shows no success toast over it.
  const failure = useMatches().some((m) => (m.data as { failure?: unknown } | undefined)?.failure === true)
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:shadow-lg"
        >
          Skip to content
        </a>
        <SiteHeader />
        <Toaster toast={loaderData?.toast ?? null} failure={failure} />
        <RateLimitNotice />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  useLoaderData<typeof loader>()
  return <Outlet />
}

export { RouteErrorBoundary as ErrorBoundary } from './components/route-error-boundary'
