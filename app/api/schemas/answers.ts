import { z } from 'zod'
import { JOB_ID_PATTERN } from '../../job/id'
import type { ApiRouteDoc } from '../contract'

/** Review endpoints: the answers.json contract, and edits to it that rebuild the workbook and report. */

export const jobIdParams = z.object({
  jobId: z.string().regex(JOB_ID_PATTERN, 'A job id is 24 lowercase letters and digits.'),
})

export const citationSchema = z.object({
  file: z.string(),
  location: z.string(),
  quote: z.string(),
})

export const answeredQuestionSchema = z.object({
  id: z.string(),
  sheet: z.string(),
  row: z.number().int().positive(),
  question: z.string(),
  answer: z
    .string()
    .nullable()
    .describe(
      'YES | PARTIALLY | PLANNED Q#/YYYY | NO | N/A, the text of a free-text answer, or null: no evidence, left for you',
    ),
  cellValue: z.string().describe('What is written into the answer cell'),
  comment: z.string(),
  confidence: z.number().min(0).max(1),
  flagged: z.boolean(),
  reason: z.string(),
  citations: z.array(citationSchema),
  preexisting: z.literal(true).optional(),
  confirmed: z.literal(true).optional().describe('The answer was accepted or edited by a person'),
})

export const runSummarySchema = z
  .object({
    questionnaireKind: z.string(),
    format: z.enum(['xlsx', 'xls', 'csv', 'docx']),
    sheets: z.array(z.object({ name: z.string(), questions: z.number() })),
    questions: z.number(),
    answered: z.number(),
    flagged: z.number(),
    confirmed: z.number().optional(),
    averageConfidence: z.number(),
    buckets: z.object({ high: z.number(), medium: z.number(), low: z.number() }),
    topReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
    evidence: z.array(
      z.object({
        file: z.string(),
        chars: z.number(),
        status: z.enum(['ok', 'empty', 'error']),
        message: z.string().optional(),
      }),
    ),
    engine: z.string(),
    durationMs: z.number(),
    notes: z.array(z.string()),
  })
  .passthrough()

export const answersJsonSchema = z.object({
  questionnaire: z.string(),
  engine: z.string(),
  summary: runSummarySchema,
  questions: z.array(answeredQuestionSchema),
})

/** One edit. Leaving `answer` or `comment` out keeps what the row has; every listed row becomes confirmed. */
export const answerEditSchema = z
  .object({
    id: z.string().min(1, 'Each edit needs the "id" of its question.'),
    sheet: z.string().optional().describe('Only where ids repeat: the sheet of the question'),
    row: z.number().int().positive().optional().describe('Only where ids repeat: the 1-based row of the question'),
    answer: z
      .string()
      .max(32767, 'An answer is at most 32767 characters (one cell).')
      .nullable()
      .optional()
      .describe(
        "One of the cell's allowed values (or YES, NO, N/A, PARTIALLY, PLANNED Q#/YYYY where the cell has no list); free text for free-text rows; null leaves the cell empty",
      ),
    comment: z.string().max(32767, 'A comment is at most 32767 characters (one cell).').optional(),
  })
  .strict()

export const answersPatchSchema = z
  .array(answerEditSchema, {
    invalid_type_error: 'Send a JSON array of edits: [{"id": "...", "answer": "...", "comment": "..."}].',
  })
  .min(1, 'Send at least one edit.')
  .max(10000, 'At most 10000 edits at once.')

export const rowErrorSchema = z.object({ index: z.number(), id: z.string(), message: z.string() })

export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
})

export const answersRoutes: ApiRouteDoc[] = [
  {
    method: 'get',
    path: '/api/answers/{jobId}',
    summary: 'The answers of a completed job (answers.json)',
    description:
      'Every answer with its cell value, comment, confidence, flag, reason and citations, with edits made in review included and marked `confirmed`.',
    tag: 'Review',
    auth: 'token',
    params: jobIdParams,
    responses: {
      200: { description: 'answers.json', schema: answersJsonSchema },
      401: { description: 'No or bad token', schema: apiErrorSchema },
      404: { description: 'No such job for this token', schema: apiErrorSchema },
      409: { description: 'The job has not completed', schema: apiErrorSchema },
      410: { description: 'Files have been deleted due to 1-hour security policy', schema: apiErrorSchema },
    },
    example: 'curl -H "Authorization: Bearer $TOKEN" http://localhost:3000/api/answers/$JOB',
  },
  {
    method: 'patch',
    path: '/api/answers/{jobId}',
    summary: 'Correct or confirm answers, and rebuild the workbook and report',
    description:
      "Each edit names a question by id and sets its answer (checked against the cell's allowed values) and/or comment. Edited rows are marked confirmed. The completed workbook, the PDF and answers.json are rebuilt (only answer and comment cells change) and swapped in at once; the previous files stay until then. The 1-hour retention is not extended.",
    tag: 'Review',
    auth: 'token',
    params: jobIdParams,
    body: answersPatchSchema,
    bodyType: 'json',
    responses: {
      200: { description: 'answers.json after the edits, with the new summary', schema: answersJsonSchema },
      400: {
        description: 'Bad body, or values a cell does not allow (details: one entry per refused edit)',
        schema: apiErrorSchema,
      },
      401: { description: 'No or bad token', schema: apiErrorSchema },
      404: { description: 'No such job for this token', schema: apiErrorSchema },
      409: { description: 'The job has not completed', schema: apiErrorSchema },
      410: { description: 'Files have been deleted due to 1-hour security policy', schema: apiErrorSchema },
    },
    example: `curl -X PATCH -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\
  -d '[{"id":"IAM-01.1","answer":"Yes","comment":"SSO with MFA for all staff."}]' http://localhost:3000/api/answers/$JOB`,
  },
]
