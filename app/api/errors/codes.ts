/**
 * The one table of API errors: every code an /api/* endpoint can answer with, its HTTP status, when it happens
 * and the message a client shows. Routes answer with `apiError(code, params)`, the OpenAPI document lists each
 * route's codes from this table, and @qfill/msw answers from it too, so the three cannot drift. A code names one
 * condition and is stable (clients switch on it); the message is a sentence the user can act on.
 *
 * Plain TypeScript with no server import: the MSW package bundles it.
 */

/** Why a presented token was refused. */
export type TokenRefusal = 'unknown' | 'expired' | 'revoked'

/** A problem with one uploaded file or the upload as a whole (app/uploads/limits.ts builds them). */
export interface UploadProblemDetail {
  title: string
  message: string
}

/** The same texts as TOKEN_MESSAGES in app/access/tokens.server.ts (errors.test.ts checks they agree). */
export const TOKEN_REFUSAL_MESSAGES: Record<TokenRefusal, string> = {
  unknown: 'Token not found or expired',
  expired: 'This access token has expired. Purchase a plan to continue.',
  revoked: 'This access token has been revoked.',
}

export const FILES_DELETED_MESSAGE = 'Files have been deleted due to 1-hour security policy'

interface Entry<P> {
  status: number
  /** When the code is answered, for the OpenAPI document. */
  when: string
  message: [P] extends [undefined] ? string : (params: P) => string
  headers?: Record<string, string>
}

function entry<P = undefined>(
  status: number,
  when: string,
  message: Entry<P>['message'],
  headers?: Record<string, string>,
): Entry<P> {
  return { status, when, message, ...(headers ? { headers } : {}) }
}

/** "45 seconds" or "3 minutes": how long a rate-limited client waits. */
export function waitText(seconds: number): string {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
}

export const API_ERRORS = {
  // Credentials. No credential at all and a credential we refuse are two conditions with two codes.
  token_required: entry(
    401,
    'No access token was sent (for uploads: none before the first file).',
    'An access token is required: send it as "Authorization: Bearer <token>" or "x-api-key: <token>" (uploads may send a "token" form field before the files).',
    { 'WWW-Authenticate': 'Bearer' },
  ),
  invalid_token: entry<{ reason: TokenRefusal }>(
    401,
    'The token sent is unknown, expired or revoked.',
    (p) => TOKEN_REFUSAL_MESSAGES[p.reason],
    { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  ),

  // Requests.
  invalid_json: entry<{ send: string }>(
    400,
    'The body is not JSON of the expected kind.',
    (p) => `The body could not be read: send ${p.send}.`,
  ),
  invalid_request: entry<{ problem: string }>(
    400,
    'A field of the body, query or path is missing or invalid (details: one entry per field).',
    (p) => p.problem,
  ),
  terms_required: entry(
    400,
    'The Terms of Service were not accepted.',
    'Please accept the Terms of Service to continue (send "tosAccepted": true).',
  ),
  body_too_large: entry(413, 'A JSON body is over 8 MB.', 'The body is over 8 MB: send the edits in smaller batches.'),
  not_found: entry(
    404,
    'No endpoint has this path.',
    'No such API endpoint: see /api-docs for the endpoints there are.',
  ),
  method_not_allowed: entry<{ allow: readonly string[] }>(
    405,
    'The path exists but not for this method (the Allow header lists its methods).',
    (p) => `This endpoint accepts ${p.allow.join(', ')} only.`,
  ),
  cross_site_request: entry(
    403,
    'A browser request came from another site (no credential header, Origin of another host).',
    'This request came from another website, so it was refused. Open QFill directly and try again.',
  ),
  rate_limited: entry<{ seconds: number; token?: boolean }>(
    429,
    'Too many requests: wait as long as Retry-After says (RateLimit-* headers give the budget).',
    (p) =>
      `Too many requests ${p.token ? 'with this access token' : 'from your network'}. Please wait ${waitText(p.seconds)} and try again.`,
  ),
  internal_error: entry(
    500,
    'Something failed on our side.',
    'Something went wrong on our side. Please try again in a minute.',
  ),

  // Uploads (POST /api/fill).
  not_multipart: entry(
    400,
    'The body is not multipart/form-data.',
    'Send the files as multipart/form-data (fields "questionnaire" and "evidence").',
  ),
  malformed_upload: entry<{ problem: string }>(400, 'The multipart body cannot be read.', (p) => p.problem),
  invalid_upload: entry<{ problems: readonly UploadProblemDetail[] }>(
    400,
    'Files or fields are missing or not accepted (details: one entry per problem, each with a title).',
    (p) => p.problems.map((problem) => problem.message).join(' '),
  ),
  upload_too_large: entry<{ problem: UploadProblemDetail }>(
    413,
    'A file is over its limit (questionnaire 10 MB, evidence 25 MB) or the upload as a whole is too large.',
    (p) => p.problem.message,
  ),
  quota_exhausted: entry(
    402,
    'The token has no questionnaires left.',
    'Token quota exhausted. Purchase a plan to continue.',
  ),
  token_expired: entry(
    402,
    'The token expired: it can still read its results, but not start a questionnaire.',
    'This access token has expired. Purchase a plan to continue.',
  ),
  job_in_progress: entry(
    409,
    "The token's plan runs one questionnaire at a time and one is still in progress.",
    'This token already has a questionnaire in progress, and its plan processes one at a time: wait until it has finished, then upload the next.',
  ),
  too_many_uploads: entry(
    429,
    'The token already has 3 uploads still being received: wait as Retry-After says.',
    'This token already has 3 uploads in progress: wait until one of them has finished, then try again.',
    { 'Retry-After': '10' },
  ),
  invalid_idempotency_key: entry(
    400,
    'The Idempotency-Key header is empty, too long or not printable ASCII.',
    'The Idempotency-Key header must be 1 to 255 printable ASCII characters, e.g. a UUID.',
  ),
  idempotency_key_reused: entry(
    422,
    'The Idempotency-Key was used in the last 24 hours with a different body.',
    'This Idempotency-Key was already used with different files or fields: use a new key for a new request.',
  ),
  idempotency_key_in_use: entry(
    409,
    'Another request with this Idempotency-Key did not finish (it broke off, or is still sending after 10 minutes).',
    'Another request with this Idempotency-Key did not finish: send this one again.',
  ),
  invalid_callback_url: entry<{ problem: string }>(
    400,
    'callbackUrl is not an https or http URL of a public host.',
    (p) => `callbackUrl ${p.problem}`,
  ),

  // Jobs. A job id answers only to the token that created it: another token's job is "not found".
  job_not_found: entry<{ jobId: string }>(
    404,
    'No job with this id belongs to this token.',
    (p) => `No job ${p.jobId} for this token.`,
  ),
  job_processing: entry<{ jobId: string }>(
    409,
    'The job has not finished yet.',
    (p) => `Job ${p.jobId} is still processing: try again once its status is completed.`,
  ),
  job_failed: entry<{ jobId: string }>(
    409,
    'The job failed, so it has no results.',
    (p) => `Job ${p.jobId} failed: there are no results.`,
  ),
  files_deleted: entry(
    410,
    "The job's files were deleted (1 hour after completion, or on request).",
    FILES_DELETED_MESSAGE,
  ),
  unknown_result_kind: entry(404, 'The result kind is not xlsx, pdf or json.', 'Ask for xlsx, pdf or json.'),
  invalid_answers: entry<{ refused: readonly { message: string }[] }>(
    400,
    'Edits a cell does not allow; nothing was changed (details: one entry per refused edit).',
    (p) =>
      p.refused.length === 1
        ? p.refused[0]!.message
        : `${p.refused.length} edits were refused; nothing was changed. First: ${p.refused[0]?.message ?? ''}`,
  ),
  not_rebuildable: entry<{ problem: string }>(
    409,
    'The job finished before review existed: its questionnaire is no longer stored.',
    (p) => p.problem,
  ),

  // Access and payments.
  corporate_email_required: entry(
    400,
    'A free trial was asked for with a webmail or disposable address.',
    'Personal email domains (such as Gmail, Outlook or Yahoo) and disposable addresses are not accepted for the free trial. Please use your work email address.',
  ),
  trial_already_used: entry(
    409,
    'This address already had its free trial.',
    'A free trial has already been issued to this email address. Check your inbox for the token, or purchase a plan to continue.',
  ),
  payments_not_configured: entry(503, 'The server has no Stripe keys.', 'Payments are not configured on this server'),
  checkout_failed: entry(502, 'Stripe refused to create the Checkout Session.', 'Failed to create checkout session'),
  payment_intent_failed: entry(502, 'Stripe refused to create the payment.', 'Failed to initiate checkout'),
  payment_pending: entry(
    404,
    'Stripe has not confirmed the payment yet.',
    'Your payment has not been confirmed yet. Please try again in a few seconds; the token will also be sent by e-mail.',
  ),
  token_already_revealed: entry<{ email: string | null }>(
    410,
    'The token this payment bought was already shown once.',
    (p) => `This token was already shown once. It was also sent by e-mail${p.email ? ` to ${p.email}` : ''}.`,
  ),
  invalid_signature: entry<{ problem: string }>(
    400,
    'The Stripe-Signature header does not match the body.',
    (p) => `Webhook signature verification failed: ${p.problem}`,
  ),
} as const
