import { checkHealth } from '../api/health.server'
import { methodNotAllowed } from '../api/errors'
import { apiJson } from '../api/route.server'
import { health } from '../api/schemas/system'
import { services } from '../services.server'

/** GET /healthz: the load balancer's check (database and worker heartbeat); 503 when either is missing. */
export async function loader() {
  const result = health.parse(await checkHealth(services().sql))
  return apiJson(result, { status: result.ok ? 200 : 503 })
}

export const action = () => methodNotAllowed(['GET'])
