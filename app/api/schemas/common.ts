import { z } from 'zod'
import { API_ERROR_CODES, type ApiErrorCode } from '../errors'

/** The body of every /api/* failure (app/api/errors.ts). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(API_ERROR_CODES).describe('Stable, snake_case: switch on this.'),
      message: z.string().min(1).describe('A sentence saying what to fix.'),
      details: z.unknown().optional(),
    }),
  })
  .describe('ApiError')

export type ApiErrorJson = z.infer<typeof apiErrorSchema>

/**
 * The error body of one endpoint and status: its codes only, plus any documented fields beside `error` (its own
 * refusals carry them; the rate limiter's and the CSRF check's do not, hence optional).
 */
export function errorSchemaFor(codes: readonly ApiErrorCode[], extra: z.ZodRawShape = {}) {
  return z
    .object({
      ...z.object(extra).partial().shape,
      error: z.object({
        code: z.enum(codes as [ApiErrorCode, ...ApiErrorCode[]]).describe('Stable, snake_case: switch on this.'),
        message: z.string().min(1).describe('A sentence saying what to fix.'),
        details: z.unknown().optional(),
      }),
    })
    .strict()
}

/** A file part of a multipart body (rendered as `type: string, format: binary` in the OpenAPI document). */
export const fileField = (description: string) =>
  z
    .custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob, 'must be a file')
    .describe(`[file] ${description}`)

export const FILE_DESCRIPTION_PREFIX = '[file] '
