import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { apiError, invalidRequest, methodNotAllowed } from '../api/errors'
import { apiJson, notAJsonObject, readObjectBody, withApiErrors } from '../api/route.server'
import { paymentIntentBody } from '../api/schemas/access'
import { billing } from '../billing/config.server'
import { createQuestionnairePaymentIntent } from '../billing/stripe.server'
import { getOwnJob } from '../job/read.server'
import { log } from '../infra/log.server'

/** POST /api/create-payment-intent {questionnaireId} → {clientSecret} for the $49 per-questionnaire checkout. */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const token = await requireApiToken(request)
    const { stripe, sql } = billing()
    if (!stripe) return apiError('payments_not_configured')
    const body = await readObjectBody(request)
    if (!body) return notAJsonObject('{"questionnaireId": "<job id>"}')
    const parsed = paymentIntentBody.safeParse(body)
    if (!parsed.success) return invalidRequest(parsed.error)
    const job = await getOwnJob(sql, parsed.data.questionnaireId, token.id)
    if (!job) return apiError('job_not_found', { jobId: parsed.data.questionnaireId })
    try {
      const { clientSecret } = await createQuestionnairePaymentIntent(sql, stripe, {
        jobId: job.id,
        tokenId: token.id,
        email: token.email,
      })
      return apiJson({ clientSecret })
    } catch (error) {
      log('error', `payment intent failed: ${(error as Error).message}`)
      return apiError('payment_intent_failed')
    }
  })
}

export const loader = () => methodNotAllowed(['POST'])
