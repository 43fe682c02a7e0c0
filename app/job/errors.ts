/**
 * Why a job failed, stored as a code and parameters that never hold a file name (issue 16 #9: the jobs table and
 * the logs hold no file names). The owner's pages and API answers turn them into a message, adding the
 * questionnaire's name the job row holds for its owner.
 */

export const JOB_ERROR_CODES = [
  'questionnaire_unreadable',
  'memory_limit',
  'engine_error',
  'cancelled',
  'abandoned',
] as const
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number]

export interface JobError {
  code: JobErrorCode
  params: Record<string, string | number>
}

/** Where a file's name stood in a reader's message: filled in again only for the job's owner. */
export const QUESTIONNAIRE_PLACEHOLDER = '{questionnaire}'
export const evidencePlaceholder = (position: number) => `{evidence ${position + 1}}`

export const CANCELLED_MESSAGE = 'Cancelled: the files were deleted at your request before processing finished.'
export const ABANDONED_MESSAGE = 'This job did not finish in time; its files were deleted. Please upload it again.'
export const ENGINE_ERROR_MESSAGE = 'AI processing encountered an error'

export const memoryMessage = (limitMb: number | string) =>
  `Processing stopped: reading these files needed more than ${limitMb} MB of memory (a file may be a decompression bomb or far larger than a questionnaire run allows). Check the files, or split very large ones, and upload again.`

/**
 * Replaces every occurrence of the given file names in a message by its placeholder, longest name first (so a
 * name that contains another is replaced whole). Used where a reader's message is about to be stored or logged.
 */
export function redactNames(text: string, names: { questionnaire?: string; evidence?: string[] }): string {
  const pairs: [string, string][] = []
  if (names.questionnaire) pairs.push([names.questionnaire, QUESTIONNAIRE_PLACEHOLDER])
  names.evidence?.forEach((name, i) => name && pairs.push([name, evidencePlaceholder(i)]))
  pairs.sort((a, b) => b[0].length - a[0].length)
  let out = text
  for (const [name, placeholder] of pairs) out = out.split(name).join(placeholder)
  return out
}

/** The message the job's owner reads. */
export function jobErrorMessage(
  error: { code: string | null; params: Record<string, unknown> | null },
  names: { questionnaire?: string } = {},
): string | null {
  const params = error.params ?? {}
  switch (error.code) {
    case null:
      return null
    case 'questionnaire_unreadable':
      return fillNames(String(params.detail ?? 'The questionnaire could not be read.'), names)
    case 'memory_limit':
      return memoryMessage(String(params.limitMb ?? '?'))
    case 'cancelled':
      return CANCELLED_MESSAGE
    case 'abandoned':
      return ABANDONED_MESSAGE
    default:
      return ENGINE_ERROR_MESSAGE
  }
}

function fillNames(text: string, names: { questionnaire?: string }): string {
  return text
    .split(QUESTIONNAIRE_PLACEHOLDER)
    .join(names.questionnaire || 'The questionnaire')
    .replace(/\{evidence (\d+)\}/g, 'evidence file $1')
}
