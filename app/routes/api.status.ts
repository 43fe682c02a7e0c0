import { json } from '@remix-run/node'
import { services } from '../services.server'

/** GET /api/status: is the service up (the web process answers and its database responds)? */
export async function loader() {
  try {
    await services().sql`select 1`
    return json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return json({ ok: false }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
