import { methodNotAllowed } from '../api/errors.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { authenticateApi } from '../access/auth.server'
import { apiJson } from '../access/http.server'
import { tokenStatus } from '../access/status.server'
import { services } from '../services.server'

/** GET /api/token-status (Authorization: Bearer or x-api-key): plan, usage and questionnaires. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await authenticateApi(request)
  if (token instanceof Response) return token
  const { expired: _e, canUpload: _c, deletedOnRequest: _d, ...status } = await tokenStatus(services().sql, token)
  return apiJson(status)
}

/** Only GET: other methods get 405 JSON with Allow. */
export const action = () => methodNotAllowed(['GET'])
