import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, methodNotAllowed } from '../api/errors'
import { requireOwnJob, requireResults } from '../api/own-job.server'
import { withApiErrors } from '../api/route.server'
import { RESULT_KINDS, resultContentType, type ResultKind } from '../api/schemas/jobs'
import { services } from '../infra/services.server'

/** Where each download is stored. */
const ROLES: Record<ResultKind, 'xlsx' | 'pdf' | 'answers'> = { xlsx: 'xlsx', pdf: 'pdf', json: 'answers' }

/** GET /api/result/{jobId}/xlsx|pdf|json: the completed files, as questionnaire-{jobId}.{ext}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const { job } = await requireOwnJob(request, params.jobId)
    const kind = RESULT_KINDS.find((k) => k === params.kind)
    if (!kind) return apiError('unknown_result_kind')
    requireResults(job)
    const file = await services().store.get(job.id, ROLES[kind])
    if (!file) return apiError('files_deleted')
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': resultContentType(kind),
        'Content-Length': String(file.bytes.byteLength),
        'Content-Disposition': `attachment; filename="questionnaire-${job.id}.${kind}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
}

export const action = () => methodNotAllowed(['GET'])
