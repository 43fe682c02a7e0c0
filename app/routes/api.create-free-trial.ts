import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, apiJson, invalidBody, methodNotAllowed, readBody, zodMessage } from '../access/http.server'
import { createFreeTrial } from '../access/trial.server'
import { freeTrialBody } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { publicUrl } from '../env.server'

/** POST /api/create-free-trial {email}: the token goes to the address, never into the response. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const body = await readBody(request)
  if (!body) return invalidBody()
  const parsed = freeTrialBody.safeParse(body)
  if (!parsed.success) return apiError(400, 'invalid_email', zodMessage(parsed.error))
  const { sql, env, mail } = billing()
  const result = await createFreeTrial(sql, {
    email: parsed.data.email,
    mail,
    baseUrl: publicUrl(env),
  })
  if (!result.ok) return apiError(result.status, result.code, result.message)
  return apiJson({ success: true, email: result.email, message: `Your trial token has been sent to ${result.email}.` })
}

export function loader() {
  return methodNotAllowed('POST')
}
