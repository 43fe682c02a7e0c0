import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requireApiToken } from '../access/auth.server'
import { getOwnJob } from '../jobs.server'
import { services } from '../services.server'

const KINDS = {
  xlsx: { role: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pdf: { role: 'pdf', type: 'application/pdf' },
  json: { role: 'answers', type: 'application/json' },
} as const

/** GET /api/result/{jobId}/xlsx|pdf|json: the completed files, as questionnaire-{jobId}.{ext}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = KINDS[params.kind as keyof typeof KINDS]
  if (!kind) return json({ message: 'Ask for xlsx, pdf or json.' }, { status: 404 })
  const token = await requireApiToken(request)
  const { sql, store } = services()
  const job = await getOwnJob(sql, params.jobId!, token.id)
  if (!job) return json({ message: `No job ${params.jobId} for this token.` }, { status: 404 })
  if (job.status !== 'completed') return json({ message: `Job ${job.id} is ${job.status === 'failed' ? 'failed' : 'still processing'}.` }, { status: 409 })
  if (job.deletedAt || (job.expiresAt && job.expiresAt <= new Date())) {
    return json({ message: 'Files have been deleted due to 1-hour security policy' }, { status: 410 })
  }
  const file = await store.get(job.id, kind.role)
  if (!file) return json({ message: 'Files have been deleted due to 1-hour security policy' }, { status: 410 })
  const name = `questionnaire-${job.id}.${params.kind}`
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': kind.type,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
