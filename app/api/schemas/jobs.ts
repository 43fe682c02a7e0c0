import { z } from 'zod'
import { JOB_ID_PATTERN, jobIdSchema as anyJobId } from '../../job/id'
import type { ApiRouteDoc } from '../contract'
import { fileField } from './common'
import { EVIDENCE_TYPES_TEXT } from '../../uploads/limits'

/** Job ids: the one pattern (app/job/id.ts, which makes them), re-exported for the MSW package's users. */
export { JOB_ID_PATTERN }

export const jobIdSchema = anyJobId.describe('The job id POST /api/fill returned.')
export const jobIdParams = z.object({ jobId: jobIdSchema })

export const RESULT_KINDS = ['xlsx', 'pdf', 'json'] as const
export type ResultKind = (typeof RESULT_KINDS)[number]
/** What each download is sent as. */
export const RESULT_MEDIA_TYPES: Record<ResultKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  json: 'application/json',
}
/** The Content-Type a download is sent with (answers.json says its charset). */
export const resultContentType = (kind: ResultKind) =>
  kind === 'json' ? `${RESULT_MEDIA_TYPES.json}; charset=utf-8` : RESULT_MEDIA_TYPES[kind]

export const resultParams = jobIdParams.extend({
  kind: z.enum(RESULT_KINDS).describe('xlsx: the completed workbook; pdf: the one-page summary; json: answers.json.'),
})

/** Idempotency-Key: any client-chosen string, e.g. a UUID per logical request. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'is 1 to 255 printable ASCII characters')
  .describe(
    'Optional. The same key with the same files and fields within 24 hours answers the same job again (header Idempotent-Replayed: true) and spends no second questionnaire; with a different body it answers 422 idempotency_key_reused.',
  )

/** The upload's `unanswered` field (the modes of app/jobs.server.ts UNANSWERED_MODES). */
export const unansweredSchema = z.enum(['blank', 'no'], {
  errorMap: () => ({
    message: 'The field "unanswered" must be "blank" (leave questions without evidence blank) or "no" (answer No).',
  }),
})

/** The product a questionnaire is for (optional): blank means "read it from the questionnaire's profile rows". */
export const productSchema = z
  .string()
  .trim()
  .max(120, 'The field "product" is at most 120 characters: the product\'s name, e.g. "Canvas LMS".')
  .transform((v) => v || null)

export const fillHeaders = z.object({ 'Idempotency-Key': idempotencyKeySchema.optional() })

export const fillBody = z.object({
  questionnaire: fileField('The questionnaire: XLSX, XLS, DOCX or CSV, at most 10 MB.'),
  evidence: z
    .array(fileField(`An evidence file: ${EVIDENCE_TYPES_TEXT}, at most 25 MB.`))
    .max(10)
    .optional()
    .describe('Repeat the field for each evidence file (up to 10).'),
  unanswered: unansweredSchema
    .optional()
    .describe('Questions the evidence says nothing about: left blank and flagged (default), or answered No, flagged.'),
  library: z
    .array(
      fileField('An earlier answered questionnaire of yours (XLSX, XLS, CSV or DOCX), read as the answer library.'),
    )
    .max(10)
    .optional()
    .describe('Repeat for each earlier questionnaire; library and evidence files share the limit of 10.'),
  product: z
    .string()
    .max(120)
    .optional()
    .describe(
      'The product the questionnaire is for (else read from its own profile rows): earlier answers given for another product are written but flagged.',
    ),
  callbackUrl: z
    .string()
    .url()
    .optional()
    .describe(
      'An https (or http) URL of a public host: when the job ends (completed or failed) QFill POSTs its status document there, signed (see the QFill-Signature header in the README), retried with backoff.',
    ),
  token: z.string().optional().describe('The access token, for HTML forms that cannot send headers: before the files.'),
})

export const fillAccepted = z.object({
  jobId: jobIdSchema,
  evidenceCount: z.number().int().min(0),
  status: z.string().startsWith('/api/status/').describe('Where to poll.'),
})
export type FillAccepted = z.infer<typeof fillAccepted>

const progress = z.object({ processed: z.number().int().min(0), total: z.number().int().min(0) })

export const jobProcessing = z.object({
  jobId: jobIdSchema,
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

export const jobRoutes: ApiRouteDoc[] = [
  {
    method: 'post',
    path: '/api/fill',
    tag: 'Jobs',
    summary: 'Submit a questionnaire and evidence',
    description:
      'Starts a job that fills in the questionnaire from the evidence. The body is checked before a job exists and before the quota is spent; poll the returned status path, or pass callbackUrl to be called when the job ends.',
    auth: 'token',
    headers: fillHeaders,
    bodyType: 'multipart',
    body: fillBody,
    responses: {
      202: {
        description: 'Accepted: the job is queued (or, for a repeated Idempotency-Key, the job it created).',
        schema: fillAccepted,
        headers: { 'Idempotent-Replayed': 'true when this answers a repeated Idempotency-Key' },
      },
    },
    errors: [
      'not_multipart',
      'malformed_upload',
      'invalid_upload',
      'invalid_callback_url',
      'invalid_idempotency_key',
      'quota_exhausted',
      'token_expired',
      'job_in_progress',
      'too_many_uploads',
      'upload_too_large',
      'idempotency_key_reused',
      'idempotency_key_in_use',
    ],
    example: `curl -X POST "$QFILL_URL/api/fill" \\
  -H "Authorization: Bearer $QFILL_TOKEN" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -F questionnaire=@vendor-questionnaire.xlsx \\
  -F evidence=@soc2-report.pdf -F evidence=@security-policy.docx`,
  },
  {
    method: 'get',
    path: '/api/status/{jobId}',
    tag: 'Jobs',
    summary: 'Poll a job',
    description:
      'Progress while processing; download paths, confidence and expiry once completed; the reason once failed. The same document is what a callbackUrl receives.',
    auth: 'token',
    params: jobIdParams,
    responses: { 200: { description: 'The job.', schema: jobStatus } },
    errors: ['job_not_found'],
    example: `curl "$QFILL_URL/api/status/$JOB_ID" \\
  -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
  {
    method: 'get',
    path: '/api/result/{jobId}/{kind}',
    tag: 'Jobs',
    summary: 'Download a result',
    description:
      'The completed workbook, the PDF summary or answers.json, as an attachment named questionnaire-{jobId}.{kind}, as long as the files have not been deleted.',
    auth: 'token',
    params: resultParams,
    responses: {
      200: {
        description: 'The file (Content-Disposition: attachment; filename="questionnaire-{jobId}.{kind}").',
        media: { [RESULT_MEDIA_TYPES.xlsx]: null, [RESULT_MEDIA_TYPES.pdf]: null, [RESULT_MEDIA_TYPES.json]: null },
      },
    },
    errors: ['job_not_found', 'unknown_result_kind', 'job_processing', 'job_failed', 'files_deleted'],
    example: `curl -OJ "$QFILL_URL/api/result/$JOB_ID/xlsx" \\
  -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
  {
    method: 'delete',
    path: '/api/delete-files/{jobId}',
    tag: 'Jobs',
    summary: 'Delete a job’s files now',
    description:
      'Removes the questionnaire, the evidence and the results at once instead of 1 hour after completion; a job still processing is cancelled.',
    auth: 'token',
    params: jobIdParams,
    responses: { 200: { description: 'The files are gone.', schema: deleteResult } },
    errors: ['job_not_found'],
    example: `curl -X DELETE "$QFILL_URL/api/delete-files/$JOB_ID" \\
  -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
]
