import type { ActionFunctionArgs } from '@remix-run/node'
import { validateToken } from '../access/status.server'
import { methodNotAllowed, TOKEN_REFUSAL_MESSAGES, type TokenRefusal } from '../api/errors'
import { readValidateToken, tokenRefused } from '../api/body'
import { apiJson, withApiErrors } from '../api/route.server'
import { services } from '../infra/services.server'

/** POST /api/validate-token {token, tosAccepted: true}. */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const read = await readValidateToken(request)
    if (read instanceof Response) return read
    const result = await validateToken(services().sql, read.token)
    if (!result.known) {
      const reason = (Object.keys(TOKEN_REFUSAL_MESSAGES) as TokenRefusal[]).find(
        (r) => TOKEN_REFUSAL_MESSAGES[r] === result.message,
      )
      return tokenRefused(reason ?? 'unknown')
    }
    return apiJson(result.body)
  })
}

export const loader = () => methodNotAllowed(['POST'])
