import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import * as ReactDOMServer from 'react-dom/server'

const ABORT_DELAY = 5_000

/**
 * Renders on Node (renderToPipeableStream) and on Deno or other web-stream runtimes, where react-dom/server
 * resolves to its browser build and offers renderToReadableStream instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  responseHeaders.set('X-Content-Type-Options', 'nosniff')
  responseHeaders.set('Referrer-Policy', 'same-origin')
  responseHeaders.set('X-Frame-Options', 'DENY')
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const app = <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
  const server = ReactDOMServer as typeof ReactDOMServer & {
    renderToReadableStream?: (node: React.ReactNode, options: Record<string, unknown>) => Promise<ReadableStream & { allReady: Promise<void> }>
  }
  if (typeof server.renderToReadableStream === 'function') {
    return renderWebStream(server.renderToReadableStream, app, request, responseStatusCode, responseHeaders, waitForAll)
  }
  return renderNodeStream(app, responseStatusCode, responseHeaders, waitForAll)
}

async function renderWebStream(
  render: (node: React.ReactNode, options: Record<string, unknown>) => Promise<ReadableStream & { allReady: Promise<void> }>,
  app: React.ReactElement,
  request: Request,
  status: number,
  headers: Headers,
  waitForAll: boolean,
) {
  let statusCode = status
  // Not request.signal: Deno aborts it once the response is sent, and React then closes the stream a second time.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY)
  request.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  const body = await render(app, {
    signal: controller.signal,
    onError(error: unknown) {
      statusCode = 500
      console.error(error)
    },
  })
  body.allReady.then(() => clearTimeout(timer), () => clearTimeout(timer))
  if (waitForAll) await body.allReady
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers, status: statusCode })
}

function renderNodeStream(app: React.ReactElement, status: number, headers: Headers, waitForAll: boolean) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let statusCode = status
    const { pipe, abort } = ReactDOMServer.renderToPipeableStream(app, {
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true
        const body = new PassThrough()
        headers.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }))
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        statusCode = 500
        if (shellRendered) console.error(error)
      },
    })
    setTimeout(abort, ABORT_DELAY)
  })
}
