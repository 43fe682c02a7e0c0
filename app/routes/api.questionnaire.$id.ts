import { methodNotAllowed } from '../api/errors.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { authenticateApi } from '../access/auth.server'
import { apiError, apiJson } from '../access/http.server'
import { questionnaireParams } from '../api/schemas/access'
import { getOwnJob } from '../job/read.server'
import { services } from '../services.server'

/** GET /api/questionnaire/{id}: the processing state of one of the token's questionnaires. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await authenticateApi(request)
  if (token instanceof Response) return token
  const parsed = questionnaireParams.safeParse(params)
  const job = parsed.success ? await getOwnJob(services().sql, parsed.data.id, token.id) : null
  if (!job) return apiError(404, 'questionnaire_not_found', 'The questionnaire could not be loaded.')
  return apiJson({
    status: job.status === 'queued' ? 'processing' : job.status,
    totalQuestions: job.questionCount ?? job.total,
    processedQuestions: job.processed,
    processingError: job.error,
    fileName: job.questionnaireName,
  })
}

/** Only GET: other methods get 405 JSON with Allow. */
export const action = () => methodNotAllowed(['GET'])
