import { z } from 'zod'
import { tokenSchema } from '../../access/token-string'
import { JOB_ID_PATTERN } from '../../job/id'
import type { ApiRouteDoc } from '../contract'

/** Access, plans and payments: the schemas the routes validate with, and their descriptions for /api-docs. */

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) })

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

export const questionnaireParams = z.object({ id: z.string().regex(JOB_ID_PATTERN, 'Unknown questionnaire id') })
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
    .pipe(z.string().regex(JOB_ID_PATTERN, 'Unknown questionnaire id')),
})
export const paymentIntentResponse = z.object({ clientSecret: z.string() })

export const checkoutSessionQuery = z.object({
  session_id: z
    .string({ required_error: 'session_id is required' })
    .regex(/^cs_[A-Za-z0-9_]{6,250}$/, 'session_id is not a Checkout Session id'),
})
export const checkoutTokenResponse = z.object({ token: z.string(), plan: z.string(), email: z.string().nullable() })

const unauthorized = {
  description: 'Invalid or expired token. Please check your token and try again.',
  schema: errorBody,
}
const notConfigured = { description: 'Payments are not configured on this server', schema: errorBody }

export const accessRoutes: ApiRouteDoc[] = [
  {
    method: 'post',
    path: '/api/validate-token',
    summary: 'Validate an access token',
    description:
      'Checks a token (terms must be accepted). Exhausted or expired tokens answer valid: false with the reason.',
    tag: 'Tokens',
    auth: 'none',
    body: validateTokenBody,
    responses: {
      200: { description: 'The token is known (valid or not)', schema: validateTokenResponse },
      400: { description: 'Bad input (terms not accepted, malformed token)', schema: errorBody },
      401: { description: 'Token not found or expired', schema: errorBody },
    },
    example: `curl -X POST -H 'content-type: application/json' -d '{"token":"qf_...","tosAccepted":true}' https://qfill.example/api/validate-token`,
  },
  {
    method: 'get',
    path: '/api/token-status',
    summary: "A token's plan, usage and questionnaires",
    tag: 'Tokens',
    auth: 'token',
    responses: { 200: { description: 'Usage and questionnaires', schema: tokenStatusResponse }, 401: unauthorized },
    example: `curl -H 'Authorization: Bearer qf_...' https://qfill.example/api/token-status`,
  },
  {
    method: 'get',
    path: '/api/questionnaire/{id}',
    summary: "One of the token's questionnaires",
    tag: 'Tokens',
    auth: 'token',
    params: questionnaireParams,
    responses: {
      200: { description: 'Processing state', schema: questionnaireResponse },
      401: unauthorized,
      404: { description: 'No such questionnaire for this token', schema: errorBody },
    },
  },
  {
    method: 'post',
    path: '/api/create-free-trial',
    summary: 'Start a free trial (the token is e-mailed)',
    description:
      'Work addresses only (corporate_email_required otherwise); one trial per address. The token is never returned.',
    tag: 'Tokens',
    auth: 'none',
    body: freeTrialBody,
    responses: {
      200: { description: 'Trial created and token e-mailed', schema: freeTrialResponse },
      400: { description: 'Invalid address, or corporate_email_required', schema: errorBody },
      409: { description: 'trial_already_used', schema: errorBody },
    },
  },
  {
    method: 'post',
    path: '/api/create-checkout-session',
    summary: 'Start a Stripe Checkout for a plan',
    tag: 'Payments',
    auth: 'none',
    body: checkoutSessionBody,
    responses: {
      200: { description: 'Redirect the buyer to url', schema: checkoutSessionResponse },
      400: { description: 'Bad input', schema: errorBody },
      503: notConfigured,
    },
  },
  {
    method: 'post',
    path: '/api/create-payment-intent',
    summary: 'Pay for one questionnaire ($49)',
    tag: 'Payments',
    auth: 'token',
    body: paymentIntentBody,
    responses: {
      200: { description: 'Confirm with Stripe.js', schema: paymentIntentResponse },
      401: unauthorized,
      404: { description: 'Questionnaire Not Found', schema: errorBody },
      503: notConfigured,
    },
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    summary: 'Stripe events',
    description: 'Signature checked on the raw body; each event id is applied once.',
    tag: 'Payments',
    auth: 'stripe-signature',
    bodyType: 'raw',
    responses: {
      200: {
        description: 'Received (applied, duplicate or ignored)',
        schema: z.object({ received: z.literal(true), handled: z.string() }),
      },
      400: { description: 'Bad signature', schema: errorBody },
      503: notConfigured,
    },
  },
  {
    method: 'get',
    path: '/api/checkout/session',
    summary: 'The token a paid Checkout Session bought (shown once)',
    tag: 'Payments',
    auth: 'none',
    query: checkoutSessionQuery,
    responses: {
      200: { description: 'The token, the first time only', schema: checkoutTokenResponse },
      404: { description: 'Payment not confirmed yet', schema: errorBody },
      410: { description: 'Already shown; it was e-mailed', schema: errorBody },
      503: notConfigured,
    },
  },
]
