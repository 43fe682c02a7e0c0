import { z } from 'zod'

/** The body of every /api/* failure (see app/api/errors.server.ts). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .regex(/^[a-z][a-z0-9_]*$/)
        .describe('Stable, snake_case: switch on this.'),
      message: z.string().min(1).describe('A sentence saying what to fix.'),
      details: z.unknown().optional(),
    }),
  })
  .describe('ApiError')

export type ApiErrorJson = z.infer<typeof apiErrorSchema>

/** Shorthand for the error entries of an ApiRouteDoc's responses. */
export function errorResponse(description: string) {
  return { description, schema: apiErrorSchema }
}

/** A file part of a multipart body (rendered as `type: string, format: binary` in the OpenAPI document). */
export const fileField = (description: string) =>
  z
    .custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob, 'must be a file')
    .describe(`[file] ${description}`)

export const FILE_DESCRIPTION_PREFIX = '[file] '
