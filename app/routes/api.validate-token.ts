import type { ActionFunctionArgs } from '@remix-run/node'
import { validateToken } from '../access/status.server'
import { apiError, invalidRequest, methodNotAllowed, TOKEN_REFUSAL_MESSAGES, type TokenRefusal } from '../api/errors'
import { apiJson, readObjectBody, withApiErrors } from '../api/route.server'
import { validateTokenBody } from '../api/schemas/access'
import { services } from '../infra/services.server'

/** validate-token's failures also carry `valid: false` and the message at the top, where the spec's client reads them. */
const extra = (message: string) => ({ valid: false, message })

/** POST /api/validate-token {token, tosAccepted: true}. */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const body = await readObjectBody(request)
    if (!body)
      return apiError(
        'invalid_json',
        { send: 'a JSON object such as {"token": "qf_...", "tosAccepted": true} with Content-Type: application/json' },
        { extra },
      )
    if (body.tosAccepted === 'true' || body.tosAccepted === 'on') body.tosAccepted = true
    const parsed = validateTokenBody.safeParse(body)
    if (!parsed.success) {
      if (parsed.error.issues.some((i) => i.path[0] === 'tosAccepted'))
        return apiError('terms_required', undefined, { extra })
      return invalidRequest(parsed.error, { extra })
    }
    const result = await validateToken(services().sql, parsed.data.token)
    if (!result.known) {
      const reason = (Object.keys(TOKEN_REFUSAL_MESSAGES) as TokenRefusal[]).find(
        (r) => TOKEN_REFUSAL_MESSAGES[r] === result.message,
      )
      return apiError('invalid_token', { reason: reason ?? 'unknown' }, { extra })
    }
    return apiJson(result.body)
  })
}

export const loader = () => methodNotAllowed(['POST'])
