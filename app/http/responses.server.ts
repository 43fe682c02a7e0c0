import type { Request } from 'express'

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
