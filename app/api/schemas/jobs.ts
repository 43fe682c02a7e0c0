import { z } from 'zod'
import { JOB_ID_PATTERN } from '../../job/id'
import type { ApiRouteDoc } from '../contract'
import { errorResponse, fileField } from './common'

/** Job ids: the one pattern (app/job/id.ts, which makes them), re-exported for the MSW package's users. */
export { JOB_ID_PATTERN }

export const jobIdParams = z.object({
  jobId: z.string().regex(JOB_ID_PATTERN, 'is 24 lower-case letters and digits').describe('The id /api/fill returned.'),
})

export const RESULT_KINDS = ['xlsx', 'pdf', 'json'] as const
export const resultParams = jobIdParams.extend({
  kind: z.enum(RESULT_KINDS).describe('xlsx: the completed workbook; pdf: the one-page summary; json: answers.json.'),
})

export const fillBody = z.object({
  questionnaire: fileField('The questionnaire: XLSX, XLS, DOCX or CSV, at most 10 MB.'),
  evidence: z
    .array(fileField('An evidence file: PDF, DOC, DOCX, TXT, MD, XLSX, XLS or CSV, at most 25 MB.'))
    .max(10)
    .optional()
    .describe('Repeat the field for each evidence file (up to 10).'),
  token: z.string().optional().describe('The access token, for HTML forms that cannot send headers.'),
})

export const fillAccepted = z.object({
  jobId: z.string().regex(JOB_ID_PATTERN),
  evidenceCount: z.number().int().min(0),
  status: z.string().startsWith('/api/status/').describe('Where to poll.'),
})
export type FillAccepted = z.infer<typeof fillAccepted>

const progress = z.object({ processed: z.number().int().min(0), total: z.number().int().min(0) })

export const jobProcessing = z.object({
  jobId: z.string().regex(JOB_ID_PATTERN),
  status: z.literal('processing'),
  error: z.null(),
  progress,
  evidenceCount: z.number().int().min(0),
})

export const jobFailed = jobProcessing.extend({
  status: z.literal('failed'),
  error: z.string().describe('What went wrong, for the user.'),
})

export const jobCompleted = jobProcessing.extend({
  status: z.literal('completed'),
  error: z.null(),
  xlsx: z.string().nullable().describe('Download path; null once the files are deleted.'),
  pdf: z.string().nullable(),
  expires: z.string().datetime().nullable().describe('When the files are deleted (1 hour after completion).'),
  deleted: z.boolean(),
  averageConfidence: z.number().min(0).max(100).nullable().describe('Average confidence of the answers, in percent.'),
  flaggedQuestions: z.number().int().min(0).nullable().describe('Answers under 85 % confidence.'),
  totalQuestions: z.number().int().min(0).nullable(),
  engine: z.string().nullable(),
  questionnaireName: z.string(),
})

export const jobStatus = z.discriminatedUnion('status', [jobProcessing, jobFailed, jobCompleted]).describe('JobStatus')
export type JobStatusJson = z.infer<typeof jobStatus>

export const deleteResult = z.object({ success: z.literal(true), message: z.string() })
export type DeleteResult = z.infer<typeof deleteResult>

const unauthorized = errorResponse('No token, or a token that is unknown, expired or revoked.')
const notYours = errorResponse('No such job for this token.')

export const jobRoutes: ApiRouteDoc[] = [
  {
    method: 'post',
    path: '/api/fill',
    tag: 'Jobs',
    summary: 'Submit a questionnaire and evidence',
    description:
      'Starts a job that fills in the questionnaire from the evidence. The body is checked before a job exists and before the quota is spent; poll the returned status path.',
    auth: 'token',
    bodyType: 'multipart',
    body: fillBody,
    responses: {
      202: { description: 'Accepted: the job is queued.', schema: fillAccepted },
      400: errorResponse(
        'A missing questionnaire, an unsupported file type, too many files or an unreadable questionnaire.',
      ),
      401: unauthorized,
      402: errorResponse('The token has no questionnaires left.'),
      413: errorResponse('A file or the whole upload is too large.'),
      429: errorResponse('Too many requests: wait as long as Retry-After says.'),
    },
    example: `curl -X POST "$QFILL_URL/api/fill" \\
  -H "Authorization: Bearer $QFILL_TOKEN" \\
  -F questionnaire=@vendor-questionnaire.xlsx \\
  -F evidence=@soc2-report.pdf -F evidence=@security-policy.docx`,
  },
  {
    method: 'get',
    path: '/api/status/{jobId}',
    tag: 'Jobs',
    summary: 'Poll a job',
    description:
      'Progress while processing; download paths, confidence and expiry once completed; the reason once failed.',
    auth: 'token',
    params: jobIdParams,
    responses: {
      200: { description: 'The job.', schema: jobStatus },
      401: unauthorized,
      404: notYours,
    },
    example: `curl "$QFILL_URL/api/status/$JOB_ID" -H "x-api-key: $QFILL_TOKEN"`,
  },
  {
    method: 'get',
    path: '/api/result/{jobId}/{kind}',
    tag: 'Jobs',
    summary: 'Download a result',
    description: 'The completed workbook, the PDF summary or answers.json, as long as the files have not been deleted.',
    auth: 'token',
    params: resultParams,
    responses: {
      200: {
        description: 'The file, as an attachment named questionnaire-{jobId}.{kind}.',
        contentType: 'application/octet-stream',
      },
      401: unauthorized,
      404: notYours,
      409: errorResponse('The job is still processing or has failed.'),
      410: errorResponse('Files have been deleted due to 1-hour security policy'),
    },
    example: `curl -OJ "$QFILL_URL/api/result/$JOB_ID/xlsx" -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
  {
    method: 'delete',
    path: '/api/delete-files/{jobId}',
    tag: 'Jobs',
    summary: 'Delete a job’s files now',
    description: 'Removes the questionnaire, the evidence and the results at once instead of 1 hour after completion.',
    auth: 'token',
    params: jobIdParams,
    responses: {
      200: { description: 'The files are gone.', schema: deleteResult },
      401: unauthorized,
      404: notYours,
    },
    example: `curl -X DELETE "$QFILL_URL/api/delete-files/$JOB_ID" -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
]
