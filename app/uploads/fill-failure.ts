import { apiErrorBody, apiErrorStatus, type ApiErrorArgs, type ApiErrorBody } from '../api/errors'
import type { UploadProblem } from './limits'

/** How an upload is refused, for the API (its error body) and the upload page (titled problems) alike. */

export type FillErrorCode =
  | 'token_required'
  | 'invalid_token'
  | 'not_multipart'
  | 'malformed_upload'
  | 'upload_too_large'
  | 'invalid_upload'
  | 'quota_exhausted'
  | 'token_expired'
  | 'job_in_progress'
  | 'too_many_uploads'
  | 'invalid_callback_url'
  | 'invalid_idempotency_key'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_use'

export type FillFailure = {
  ok: false
  status: number
  code: FillErrorCode
  /** The API's answer (code, message and details from app/api/errors). */
  body: ApiErrorBody
  /** The same, as the upload page lists it: one titled entry per problem. */
  problems: UploadProblem[]
}

const TITLES: Partial<Record<FillErrorCode, string>> = {
  token_required: 'Token Required',
  invalid_token: 'Invalid Token',
  not_multipart: 'Upload Failed',
  malformed_upload: 'Upload Failed',
  quota_exhausted: 'Quota Exhausted',
  job_in_progress: 'Please Wait',
  too_many_uploads: 'Please Wait',
  invalid_callback_url: 'Invalid Callback URL',
  invalid_idempotency_key: 'Invalid Idempotency Key',
  idempotency_key_reused: 'Idempotency Key Reused',
  idempotency_key_in_use: 'Idempotency Key In Use',
  token_expired: 'Token Expired',
}

/** A refused upload, from the API error table; problems with their own titles (file checks) are listed as such. */
export function fillFailure<C extends FillErrorCode>(code: C, ...args: ApiErrorArgs<C>): FillFailure {
  const body = apiErrorBody(code, ...args)
  const listed = args[1]?.details
  const problems = Array.isArray(listed)
    ? (listed as UploadProblem[])
    : [{ title: TITLES[code] ?? 'Upload Failed', message: body.error.message }]
  return { ok: false, status: apiErrorStatus(code), code, body, problems }
}
