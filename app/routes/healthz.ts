import { methodNotAllowed } from '../api/errors'
import { cachedChecks } from '../api/health.server'
import { apiJson } from '../api/route.server'
import { health } from '../api/schemas/system'
import { services } from '../infra/services.server'

/**
 * GET /healthz: the load balancer's check (database and worker heartbeat); 503 when either is missing. Fly polls
 * it, and anyone may: the result is computed at most once a second per process (issue 16, finding 7).
 */
export async function loader() {
  const result = health.parse(await cachedChecks(services().sql).health())
  return apiJson(result, { status: result.ok ? 200 : 503 })
}

export const action = () => methodNotAllowed(['GET'])
