import { methodNotAllowed } from '../api/errors.server'
import { health } from '../api/schemas/system'
import { checkHealth } from '../api/health.server'
import { services } from '../services.server'

/** GET /healthz: the load balancer's check (database and worker heartbeat); 503 when either is missing. */
export async function loader() {
  const result = health.parse(await checkHealth(services().sql))
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
