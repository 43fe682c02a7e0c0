import { isRouteErrorResponse, useRouteError } from '@remix-run/react'

const TITLES: Record<number, string> = {
  400: 'That request did not work',
  401: 'Access token needed',
  402: 'No questionnaires left on this token',
  403: 'Not allowed',
  404: 'Page Not Found',
  410: 'These files are gone',
  413: 'That upload is too large',
  429: 'Too many requests',
}

/**
 * The error screen of every route: what happened, in words a user can act on, and where to go next. Expected
 * failures are Responses thrown with a status and a message; anything else shows a generic apology (details
 * stay in the server log).
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const response = isRouteErrorResponse(error) ? error : null
  const status = response?.status ?? 500
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'That did not work')
  const fromServer =
    response && typeof response.data === 'string'
      ? response.data
      : response && typeof response.data?.message === 'string'
        ? (response.data.message as string)
        : response && typeof response.data?.error?.message === 'string'
          ? (response.data.error.message as string)
          : null
  const message =
    status === 404
      ? fromServer && fromServer !== 'Not found'
        ? fromServer
        : 'The page you are looking for does not exist or has moved.'
      : (fromServer ??
        'An unexpected error occurred on our side. Please try again in a minute; if it keeps happening, see the help page.')
  return (
    <div role="alert" className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{`${title} | QFill`}</title>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <a
          href="/"
          className="inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Back to home
        </a>
        {status === 401 || status === 402 ? (
          <a
            href="/upload"
            className="inline-block rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Enter a token
          </a>
        ) : (
          <a
            href="/help"
            className="inline-block rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Help
          </a>
        )}
      </div>
    </div>
  )
}
