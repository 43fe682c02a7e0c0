import { z } from 'zod'
import { tokenSchema } from '../../access/token-string'
import type { ApiRouteDoc } from '../contract'
import { jobIdSchema } from './jobs'

/** Access, plans and payments: the schemas the routes validate with, and their descriptions for /api-docs. */

/** A token in a JSON body or form: the one token schema (app/access/token-string.ts). */
export const tokenField = tokenSchema

export const validateTokenBody = z.object({
  token: tokenField,
  tosAccepted: z.literal(true, { errorMap: () => ({ message: 'Please accept the Terms of Service to continue' }) }),
})

export const questionnaireItem = z.object({
  id: z.string(),
  jobId: z.string(),
  fileName: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  totalQuestions: z.number().nullable(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  averageConfidence: z.number().nullable(),
  flaggedQuestions: z.number().nullable(),
  error: z.string().nullable(),
})

export const validateTokenResponse = z.object({
  valid: z.boolean(),
  reason: z.enum(['ok', 'exhausted', 'expired']),
  message: z.string(),
  plan: z.string(),
  remaining: z.number().nullable().describe('null for unlimited plans'),
  limit: z.number().nullable(),
  used: z.number(),
  email: z.string().nullable(),
  expiresAt: z.string().nullable(),
  previousQuestionnaires: z.array(questionnaireItem),
  expiredQuestionnaires: z.array(questionnaireItem),
})

export const tokenStatusResponse = z.object({
  plan: z.string(),
  email: z.string().nullable(),
  used: z.number(),
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
  resetDate: z.string().nullable(),
  previousQuestionnaires: z.array(questionnaireItem),
  expiredQuestionnaires: z.array(questionnaireItem),
})

export const questionnaireParams = z.object({
  id: jobIdSchema.describe('The job id POST /api/fill returned: a questionnaire is one job.'),
})
export const questionnaireResponse = z.object({
  status: z.enum(['processing', 'completed', 'failed']),
  totalQuestions: z.number(),
  processedQuestions: z.number(),
  processingError: z.string().nullable(),
  fileName: z.string(),
})

export const freeTrialBody = z.object({
  email: z
    .string({ required_error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, 'Email addresses are at most 254 characters')
    .email('Please enter a valid email address'),
})
export const freeTrialResponse = z.object({ success: z.literal(true), email: z.string(), message: z.string() })

export const checkoutSessionBody = z.object({
  plan: z
    .enum(['starter', 'pro'], { errorMap: () => ({ message: 'Choose the starter or pro plan' }) })
    .default('starter'),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || v.includes('@'), 'Please enter a valid email address')
    .pipe(z.union([z.literal(''), z.string().email('Please enter a valid email address')]))
    .optional()
    .transform((v) => v || undefined),
})
export const checkoutSessionResponse = z.object({ url: z.string().url() })

export const paymentIntentBody = z.object({
  questionnaireId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(jobIdSchema)
    .describe('The job id of the questionnaire to pay for.'),
})
export const paymentIntentResponse = z.object({ clientSecret: z.string() })

export const checkoutSessionQuery = z.object({
  session_id: z
    .string({ required_error: 'session_id is required' })
    .regex(/^cs_[A-Za-z0-9_]{6,250}$/, 'session_id is not a Checkout Session id'),
})
export const checkoutTokenResponse = z.object({ token: z.string(), plan: z.string(), email: z.string().nullable() })

/** What validate-token's errors carry beside `error`, for the spec's client: `valid: false` and the message. */
export const validateTokenErrorFields = { valid: z.literal(false), message: z.string() }

const received = z.object({ received: z.literal(true), handled: z.string() })

export const accessRoutes: ApiRouteDoc[] = [
  {
    method: 'post',
    path: '/api/validate-token',
    summary: 'Validate an access token',
    description:
      'Checks a token (terms must be accepted). Exhausted or expired tokens answer valid: false with the reason; unknown ones 401.',
    tag: 'Tokens',
    auth: 'none',
    body: validateTokenBody,
    responses: { 200: { description: 'The token is known (valid or not)', schema: validateTokenResponse } },
    errors: ['invalid_json', 'invalid_request', 'terms_required', 'invalid_token'],
    errorFields: validateTokenErrorFields,
    example: `curl -X POST "$QFILL_URL/api/validate-token" \\
  -H "Content-Type: application/json" \\
  -d "{\\"token\\": \\"$QFILL_TOKEN\\", \\"tosAccepted\\": true}"`,
  },
  {
    method: 'get',
    path: '/api/token-status',
    summary: "A token's plan, usage and questionnaires",
    tag: 'Tokens',
    auth: 'token',
    responses: { 200: { description: 'Usage and questionnaires', schema: tokenStatusResponse } },
    errors: [],
    example: `curl "$QFILL_URL/api/token-status" \\
  -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
  {
    method: 'get',
    path: '/api/questionnaire/{id}',
    summary: "One of the token's questionnaires, by job id",
    description: 'The processing state of a job as the questionnaire screens read it. {id} is the job id.',
    tag: 'Tokens',
    auth: 'token',
    params: questionnaireParams,
    responses: { 200: { description: 'Processing state', schema: questionnaireResponse } },
    errors: ['job_not_found'],
    example: `curl "$QFILL_URL/api/questionnaire/$JOB_ID" \\
  -H "Authorization: Bearer $QFILL_TOKEN"`,
  },
  {
    method: 'post',
    path: '/api/create-free-trial',
    summary: 'Start a free trial (the token is e-mailed)',
    description: 'Work addresses only; one trial per address. The token is never returned.',
    tag: 'Tokens',
    auth: 'none',
    body: freeTrialBody,
    responses: { 200: { description: 'Trial created and token e-mailed', schema: freeTrialResponse } },
    errors: ['invalid_json', 'invalid_request', 'corporate_email_required', 'trial_already_used'],
    example: `curl -X POST "$QFILL_URL/api/create-free-trial" \\
  -H "Content-Type: application/json" \\
  -d '{"email": "you@example.com"}'`,
  },
  {
    method: 'post',
    path: '/api/create-checkout-session',
    summary: 'Start a Stripe Checkout for a plan',
    tag: 'Payments',
    auth: 'none',
    body: checkoutSessionBody,
    responses: { 200: { description: 'Redirect the buyer to url', schema: checkoutSessionResponse } },
    errors: ['invalid_json', 'invalid_request', 'payments_not_configured', 'checkout_failed'],
    example: `curl -X POST "$QFILL_URL/api/create-checkout-session" \\
  -H "Content-Type: application/json" \\
  -d '{"plan": "pro", "email": "you@example.com"}'`,
  },
  {
    method: 'post',
    path: '/api/create-payment-intent',
    summary: 'Pay for one questionnaire ($49)',
    tag: 'Payments',
    auth: 'token',
    body: paymentIntentBody,
    responses: { 200: { description: 'Confirm with Stripe.js', schema: paymentIntentResponse } },
    errors: ['payments_not_configured', 'invalid_json', 'invalid_request', 'job_not_found', 'payment_intent_failed'],
    example: `curl -X POST "$QFILL_URL/api/create-payment-intent" \\
  -H "Authorization: Bearer $QFILL_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d "{\\"questionnaireId\\": \\"$JOB_ID\\"}"`,
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    summary: 'Stripe events',
    description: 'Signature checked on the raw body; each event id is applied once. Only Stripe calls this.',
    tag: 'Payments',
    auth: 'stripe-signature',
    bodyType: 'raw',
    responses: { 200: { description: 'Received (applied, duplicate or ignored)', schema: received } },
    errors: ['payments_not_configured', 'invalid_signature'],
    example: `curl -X POST "$QFILL_URL/api/stripe/webhook" \\
  -H "Stripe-Signature: $STRIPE_SIGNATURE" \\
  -H "Content-Type: application/json" \\
  --data-binary @event.json`,
  },
  {
    method: 'get',
    path: '/api/checkout/session',
    summary: 'The token a paid Checkout Session bought (shown once)',
    tag: 'Payments',
    auth: 'none',
    query: checkoutSessionQuery,
    responses: { 200: { description: 'The token, the first time only', schema: checkoutTokenResponse } },
    errors: ['payments_not_configured', 'invalid_request', 'payment_pending', 'token_already_revealed'],
    example: `curl "$QFILL_URL/api/checkout/session?session_id=$CHECKOUT_SESSION_ID"`,
  },
]
