import { openApiDocument } from './fixtures'
import { json } from './respond'

/** GET /api/status, /healthz and /api/openapi.json: a healthy server with one live worker. */
export const serviceStatus = () => json({ ok: true })
export const health = () => json({ ok: true, database: 'ok', workers: { live: 1, lastBeatAgoMs: 0 } })
export const openApi = () =>
  json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' } })
