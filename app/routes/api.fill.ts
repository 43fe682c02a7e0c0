import type { ActionFunctionArgs } from '@remix-run/node'
import { apiErrorResponse, methodNotAllowed } from '../api/errors'
import { apiJson, withApiErrors } from '../api/route.server'
import { fillAccepted } from '../api/schemas/jobs'
import { handleFillUpload } from '../uploads/fill-request.server'

/**
 * POST /api/fill: multipart `questionnaire` + repeated `evidence` (+ optional `unanswered`: blank | no, and
 * `callbackUrl`); token as bearer, x-api-key or a `token` field sent before the files; optional Idempotency-Key.
 * The questionnaire is parsed by the worker: a file that turns out unreadable ends as a failed job with the
 * reason (and the questionnaire back in the quota).
 */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const outcome = await handleFillUpload(request)
    // A refused upload may not have been read to its end: close the connection rather than read the rest.
    if (!outcome.ok) return apiErrorResponse(outcome.body, { Connection: 'close' })
    const body = fillAccepted.parse({
      jobId: outcome.jobId,
      evidenceCount: outcome.evidenceCount,
      status: `/api/status/${outcome.jobId}`,
    })
    return apiJson(body, { status: 202, headers: outcome.replayed ? { 'Idempotent-Replayed': 'true' } : {} })
  })
}

export const loader = () => methodNotAllowed(['POST'])
