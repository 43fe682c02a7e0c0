import type { ActionFunctionArgs } from '@remix-run/node'
import { authenticateApi } from '../access/auth.server'
import { apiError, apiJson, invalidBody, methodNotAllowed, readBody, zodMessage } from '../access/http.server'
import { paymentIntentBody } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { PAYMENTS_NOT_CONFIGURED } from '../billing/plans'
import { createQuestionnairePaymentIntent } from '../billing/stripe.server'
import { getOwnJob } from '../job/read.server'
import { log } from '../log.server'

/** POST /api/create-payment-intent {questionnaireId} → {clientSecret} for the $49 per-questionnaire checkout. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const token = await authenticateApi(request)
  if (token instanceof Response) return token
  const { stripe, sql } = billing()
  if (!stripe) return apiError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED)
  const body = await readBody(request)
  if (!body) return invalidBody()
  const parsed = paymentIntentBody.safeParse(body)
  if (!parsed.success) return apiError(400, 'invalid_questionnaire_id', zodMessage(parsed.error))
  const job = await getOwnJob(sql, parsed.data.questionnaireId, token.id)
  if (!job) return apiError(404, 'questionnaire_not_found', 'The questionnaire could not be loaded.')
  try {
    const { clientSecret } = await createQuestionnairePaymentIntent(sql, stripe, {
      jobId: job.id,
      tokenId: token.id,
      email: token.email,
    })
    return apiJson({ clientSecret })
  } catch (error) {
    log('error', `payment intent failed: ${(error as Error).message}`)
    return apiError(502, 'payment_intent_failed', 'Failed to initiate checkout')
  }
}

export function loader() {
  return methodNotAllowed('POST')
}
