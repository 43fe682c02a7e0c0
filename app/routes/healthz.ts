import { methodNotAllowed } from '../api/errors.server'
import { health } from '../api/schemas/system'
import { cachedChecks } from '../api/health.server'
import { services } from '../services.server'

/**
 * GET /healthz: the load balancer's check (database and worker heartbeat); 503 when either is missing. Fly polls
 * it, and anyone may: the result is computed at most once a second per process (issue 16, finding 7).
 */
export async function loader() {
  const result = health.parse(await cachedChecks(services().sql).health())
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
