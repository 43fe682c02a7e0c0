import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { tokenStatus } from '../access/status.server'
import { methodNotAllowed } from '../api/errors'
import { apiJson, withApiErrors } from '../api/route.server'
import { tokenStatusResponse } from '../api/schemas/access'
import { services } from '../infra/services.server'

/** GET /api/token-status (Authorization: Bearer or x-api-key): plan, usage and questionnaires. */
export function loader({ request }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const token = await requireApiToken(request)
    return apiJson(tokenStatusResponse.parse(await tokenStatus(services().sql, token)))
  })
}

export const action = () => methodNotAllowed(['GET'])
