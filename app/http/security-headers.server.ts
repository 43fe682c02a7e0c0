import type { NextFunction, Request, Response } from 'express'

/**
 * Security headers on every response, HTML, JSON and downloads alike (issue 11, finding 10; ADR 012).
 *
 * Content-Security-Policy allows scripts and styles from this origin and inline ones only with this response's
 * nonce (Remix's inline scripts get it through <Scripts nonce>), no plugins, no framing by anyone
 * (frame-ancestors 'none'), forms posting only here or to Stripe Checkout. Inline style attributes stay allowed
 * (style-src-attr): they cannot run code, and the progress bar sets its width that way.
 * Strict-Transport-Security only when the request came over TLS (directly or per X-Forwarded-Proto from the
 * proxy): browsers ignore it over plain HTTP anyway, and local http:// development must keep working.
 */

export function newNonce(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

export function contentSecurityPolicy(nonce: string, options: { dev?: boolean; https?: boolean } = {}): string {
  const stripe = {
    script: 'https://js.stripe.com',
    frame: 'https://js.stripe.com https://hooks.stripe.com',
    connect: 'https://api.stripe.com',
  }
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${stripe.script}`,
    // Vite's dev server injects CSS as <style> elements from JavaScript, which cannot carry the nonce.
    options.dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Dev: Vite's hot-reload socket.
    options.dev ? `connect-src 'self' ws: wss: ${stripe.connect}` : `connect-src 'self' ${stripe.connect}`,
    `frame-src ${stripe.frame}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
  ]
  if (options.https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Whether the request reached us over TLS: directly, or through a proxy that says so. */
export function isHttps(headers: Headers | Request['headers'], protocol?: string): boolean {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined))
  const proto = String(get('x-forwarded-proto') ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase()
  return proto === 'https' || protocol === 'https' || protocol === 'https:'
}

export function securityHeaderList(options: { nonce: string; https: boolean; dev?: boolean }): [string, string][] {
  const list: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(options.nonce, options)],
    ['X-Content-Type-Options', 'nosniff'],
    // Job pages and the token prefill link carry secrets in their URLs: never send them to another site.
    ['Referrer-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")'],
  ]
  if (options.https) list.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
  return list
}

/** Express middleware: a fresh nonce per request (res.locals.cspNonce, handed to Remix as load context) and the headers. */
export function securityHeaders(options: { dev?: boolean } = {}) {
  return function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction) {
    const nonce = newNonce()
    res.locals.cspNonce = nonce
    for (const [name, value] of securityHeaderList({
      nonce,
      https: isHttps(req.headers, req.protocol),
      dev: options.dev,
    })) {
      res.setHeader(name, value)
    }
    next()
  }
}
