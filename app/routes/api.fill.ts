import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, withApiErrors } from '../api/errors.server'
import { fillAccepted } from '../api/schemas/jobs'
import { handleFillUpload } from '../uploads/fill-request.server'

/**
 * POST /api/fill: multipart `questionnaire` + repeated `evidence` (+ optional `unanswered`: blank | no); token as
 * bearer, x-api-key or a `token` field sent before the files. The questionnaire is parsed by the worker: a file
 * that turns out unreadable ends as a failed job with the reason (and the questionnaire back in the quota).
 */
export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return withApiErrors(async () => {
    const outcome = await handleFillUpload(request)
    if (!outcome.ok) {
      const headers: Record<string, string> = { Connection: 'close' }
      if (outcome.status === 401) headers['WWW-Authenticate'] = 'Bearer'
      if (outcome.retryAfter) headers['Retry-After'] = String(outcome.retryAfter)
      const message = outcome.problems.map((p) => p.message).join(' ')
      // The spec's client reads a top-level `message`; `errors` lists each problem with its title.
      return Response.json(
        { error: { code: outcome.code, message }, message, errors: outcome.problems },
        { status: outcome.status, headers },
      )
    }
    const body = fillAccepted.parse({
      jobId: outcome.jobId,
      evidenceCount: outcome.evidenceCount,
      status: `/api/status/${outcome.jobId}`,
    })
    return Response.json(body, { status: 202 })
  })
}

export const loader = () => methodNotAllowed(['POST'])
