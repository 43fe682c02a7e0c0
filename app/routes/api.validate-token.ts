import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, apiJson, invalidBody, methodNotAllowed, readBody, zodMessage } from '../access/http.server'
import { validateToken } from '../access/status.server'
import { validateTokenBody } from '../api/schemas/access'
import { services } from '../services.server'

/** POST /api/validate-token {token, tosAccepted: true}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const body = await readBody(request)
  if (!body) return invalidBody()
  if (body.tosAccepted === 'true' || body.tosAccepted === 'on') body.tosAccepted = true
  const parsed = validateTokenBody.safeParse(body)
  if (!parsed.success) {
    const terms = parsed.error.issues.some((i) => i.path[0] === 'tosAccepted')
    return apiError(400, terms ? 'terms_required' : 'invalid_token', zodMessage(parsed.error), { valid: false })
  }
  const result = await validateToken(services().sql, parsed.data.token)
  if (!result.known) return apiError(401, 'invalid_token', result.message, { valid: false, message: result.message })
  return apiJson(result.body)
}

export function loader() {
  return methodNotAllowed('POST')
}
