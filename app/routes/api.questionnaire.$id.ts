import type { LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '../api/errors'
import { requireOwnJob } from '../api/own-job.server'
import { apiJson, withApiErrors } from '../api/route.server'
import { questionnaireResponse } from '../api/schemas/access'

/** GET /api/questionnaire/{id}: the processing state of one of the token's questionnaires; {id} is the job id. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const { job } = await requireOwnJob(request, params.id)
    return apiJson(
      questionnaireResponse.parse({
        status: job.status === 'queued' ? 'processing' : job.status,
        totalQuestions: job.questionCount ?? job.total,
        processedQuestions: job.processed,
        processingError: job.error,
        fileName: job.questionnaireName,
      }),
    )
  })
}

export const action = () => methodNotAllowed(['GET'])
