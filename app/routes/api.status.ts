import { methodNotAllowed } from '../api/errors'
import { apiJson } from '../api/route.server'
import { serviceStatus } from '../api/schemas/system'
import { services } from '../services.server'

/** GET /api/status: is the service up (the web process answers and its database responds)? */
export async function loader() {
  let ok = true
  try {
    await services().sql`select 1`
  } catch {
    ok = false
  }
  return apiJson(serviceStatus.parse({ ok }), { status: ok ? 200 : 503 })
}

export const action = () => methodNotAllowed(['GET'])
