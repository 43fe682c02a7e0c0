import type { ActionFunctionArgs } from '@remix-run/node'
import { createFreeTrial } from '../access/trial.server'
import { apiError, invalidRequest, methodNotAllowed } from '../api/errors'
import { apiJson, notAJsonObject, readObjectBody, withApiErrors } from '../api/route.server'
import { freeTrialBody, freeTrialResponse } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { publicUrl } from '../infra/env.server'

/** POST /api/create-free-trial {email}: the token goes to the address, never into the response. */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const body = await readObjectBody(request)
    if (!body) return notAJsonObject('{"email": "you@example.com"}')
    const parsed = freeTrialBody.safeParse(body)
    if (!parsed.success) return invalidRequest(parsed.error)
    const { sql, env, mail } = billing()
    const result = await createFreeTrial(sql, {
      email: parsed.data.email,
      mail,
      baseUrl: publicUrl(env),
    })
    if (!result.ok) return apiError(result.code)
    return apiJson(
      freeTrialResponse.parse({
        success: true,
        email: result.email,
        message: `Your trial token has been sent to ${result.email}.`,
      }),
    )
  })
}

export const loader = () => methodNotAllowed(['POST'])
