import type { Request, Response } from 'express'

/** Requests answered in JSON when refused: the API, and Remix data requests (?_data=, single-fetch .data). */
export function wantsJson(req: Pick<Request, 'path' | 'query' | 'headers'>): boolean {
  if (req.path.startsWith('/api/') || req.path === '/api' || req.path.endsWith('.data')) return true
  if (req.query && Object.prototype.hasOwnProperty.call(req.query, '_data')) return true
  const accept = String(req.headers.accept ?? '')
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept)
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** A self-contained page (the app's stylesheet name is hashed): inline style allowed by this request's CSP nonce. */
export function page(res: Response, title: string, message: string): string {
  const nonce = typeof res.locals.cspNonce === 'string' ? ` nonce="${res.locals.cspNonce}"` : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | QFill</title>
<style${nonce}>body{font-family:system-ui,sans-serif;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f8fafc}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.875rem;margin:0 0 1rem}p{color:#475569;line-height:1.5}
a{display:inline-block;margin-top:1.5rem;background:#2563eb;color:#fff;padding:.5rem 1rem;border-radius:.375rem;text-decoration:none}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a href="/">Back to home</a></main></body></html>`
}
