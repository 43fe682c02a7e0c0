import { methodNotAllowed } from '../api/errors'
import { cachedChecks } from '../api/health.server'
import { apiJson } from '../api/route.server'
import { serviceStatus } from '../api/schemas/system'
import { services } from '../infra/services.server'

/** GET /api/status: is the service up (the web process answers and its database responds)? Checked at most once a second. */
export async function loader() {
  const { ok } = await cachedChecks(services().sql).status()
  return apiJson(serviceStatus.parse({ ok }), { status: ok ? 200 : 503 })
}

export const action = () => methodNotAllowed(['GET'])
