import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import * as ReactDOMServer from 'react-dom/server'
import { NonceProvider } from './http/nonce'
import { isHttps, newNonce, securityHeaderList } from './http/security-headers.server'

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
  loadContext: AppLoadContext,
) {
  // Under cli/serve.ts the security-headers middleware made the nonce and set the headers (CSP included); under
  // another server (Deno) they are set here.
  let nonce = (loadContext as { cspNonce?: unknown }).cspNonce
  if (typeof nonce !== 'string') {
    nonce = newNonce()
    const https = isHttps(request.headers, new URL(request.url).protocol)
    for (const [name, value] of securityHeaderList({ nonce: nonce as string, https })) responseHeaders.set(name, value)
  }
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const app = (
    <NonceProvider value={nonce as string}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce as string} />
    </NonceProvider>
  )
  const server = ReactDOMServer as typeof ReactDOMServer & {
    renderToReadableStream?: (
      node: React.ReactNode,
      options: Record<string, unknown>,
    ) => Promise<ReadableStream & { allReady: Promise<void> }>
  }
  if (typeof server.renderToReadableStream === 'function') {
    return renderWebStream(
      server.renderToReadableStream,
      app,
      request,
      responseStatusCode,
      responseHeaders,
      waitForAll,
      nonce as string,
    )
  }
  return renderNodeStream(app, responseStatusCode, responseHeaders, waitForAll, nonce as string)
}

async function renderWebStream(
  render: (
    node: React.ReactNode,
    options: Record<string, unknown>,
  ) => Promise<ReadableStream & { allReady: Promise<void> }>,
  app: React.ReactElement,
  request: Request,
  status: number,
  headers: Headers,
  waitForAll: boolean,
  nonce: string,
) {
  let statusCode = status
  // Not request.signal: Deno aborts it once the response is sent, and React then closes the stream a second time.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY)
  request.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  const body = await render(app, {
    signal: controller.signal,
    nonce,
    onError(error: unknown) {
      statusCode = 500
      console.error(error)
    },
  })
  body.allReady.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  )
  if (waitForAll) await body.allReady
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers, status: statusCode })
}

function renderNodeStream(
  app: React.ReactElement,
  status: number,
  headers: Headers,
  waitForAll: boolean,
  nonce: string,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let statusCode = status
    const { pipe, abort } = ReactDOMServer.renderToPipeableStream(app, {
      nonce,
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
