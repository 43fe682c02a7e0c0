import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { toasts } from './access/session.server'
import { SiteFooter, SiteHeader } from './components/site-chrome'
import { Toast } from './components/toast'
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
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        {loaderData?.toast ? <Toast toast={loaderData.toast} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  useLoaderData<typeof loader>()
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const title = notFound ? 'Page Not Found' : 'Something went wrong'
  const message = notFound
    ? 'The page you are looking for does not exist or has moved.'
    : isRouteErrorResponse(error)
      ? String(error.data?.message ?? error.data ?? error.statusText)
      : 'An unexpected error occurred. Please try again.'
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{`${title} | QFill`}</title>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Back to home
      </a>
    </div>
  )
}
