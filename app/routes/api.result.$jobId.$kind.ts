import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { apiError, methodNotAllowed, withApiErrors } from '../api/errors.server'
import { resultParams } from '../api/schemas/jobs'
import { getOwnJob } from '../job/read.server'
import { services } from '../services.server'

const KINDS = {
  xlsx: { role: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pdf: { role: 'pdf', type: 'application/pdf' },
  json: { role: 'answers', type: 'application/json' },
} as const

const EXPIRED = 'Files have been deleted due to 1-hour security policy'

/** GET /api/result/{jobId}/xlsx|pdf|json: the completed files, as questionnaire-{jobId}.{ext}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const token = await requireApiToken(request)
    const parsed = resultParams.safeParse(params)
    if (!parsed.success) {
      if (!resultParams.shape.kind.safeParse(params.kind).success) {
        return apiError(404, 'unknown_result_kind', 'Ask for xlsx, pdf or json.')
      }
      return apiError(404, 'job_not_found', `No job ${params.jobId} for this token.`)
    }
    const { jobId, kind: kindName } = parsed.data
    const kind = KINDS[kindName]
    const { sql, store } = services()
    const job = await getOwnJob(sql, jobId, token.id)
    if (!job) return apiError(404, 'job_not_found', `No job ${jobId} for this token.`)
    if (job.status === 'failed') return apiError(409, 'job_failed', `Job ${job.id} failed: there are no results.`)
    if (job.status !== 'completed') return apiError(409, 'job_processing', `Job ${job.id} is still processing.`)
    if (job.deletedAt || (job.expiresAt && job.expiresAt <= new Date())) return apiError(410, 'files_deleted', EXPIRED)
    const file = await store.get(job.id, kind.role)
    if (!file) return apiError(410, 'files_deleted', EXPIRED)
    const name = `questionnaire-${job.id}.${kindName}`
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': kind.type,
        'Content-Length': String(file.bytes.byteLength),
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
}

export const action = () => methodNotAllowed(['GET'])
