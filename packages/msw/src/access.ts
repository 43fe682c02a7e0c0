import { readObjectBody, readValidateToken, tokenRefused } from '../../../app/api/body'
import { apiError, invalidRequest } from '../../../app/api/errors'
import { freeTrialBody } from '../../../app/api/schemas/access'
import type { MockContext } from './context'
import { poll } from './jobs'
import { json } from './respond'
import { tokenFigures } from '../../../app/access/figures'
import { filesGone, itemOf, statusOf, type MockJob, type MockToken } from './state'

/** The token endpoints and the payment endpoints of a server without Stripe keys (app/routes/api.*.ts). */

const objectBody = readObjectBody

const sendObject = (example: string) => ({
  send: `a JSON object such as ${example} with Content-Type: application/json`,
})

/** The token's questionnaires, newest first: active (processing, or files still there) and expired. */
function questionnaires(ctx: MockContext, token: MockToken) {
  const now = ctx.now()
  const jobs = [...ctx.jobs.values()].filter((j) => j.token === token.token).reverse()
  const active = (j: MockJob) => !j.outcome || (j.outcome === 'completed' && !filesGone(j, now))
  return {
    previousQuestionnaires: jobs.filter(active).map((j) => itemOf(j, now, ctx.pollsUntilDone)),
    expiredQuestionnaires: jobs.filter((j) => !active(j)).map((j) => itemOf(j, now, ctx.pollsUntilDone)),
  }
}

export function tokenStatus(ctx: MockContext, request: Request) {
  const token = ctx.authenticate(request)
  if (token instanceof Response) return token
  return json({
    ...tokenFigures(token),
    ...questionnaires(ctx, token),
  })
}

export async function validateToken(ctx: MockContext, request: Request) {
  const read = await readValidateToken(request)
  if (read instanceof Response) return read
  const token = ctx.lookUp(read.token)
  if (token instanceof Response) {
    const refused = (await token.json()) as { error: { code: string; message: string } }
    return tokenRefused(refused.error.message.startsWith('This access token has expired') ? 'expired' : 'unknown')
  }
  const verdict = ctx.verdict(token)
  return json({
    valid: verdict.reason === 'ok',
    reason: verdict.reason,
    message: verdict.message,
    plan: token.plan,
    remaining: verdict.expired ? 0 : verdict.left,
    limit: token.quota,
    used: token.used,
    email: token.email,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    ...questionnaires(ctx, token),
  })
}

export function questionnaire(ctx: MockContext, request: Request, id: string, onEnd: (job: MockJob) => void) {
  const own = ctx.ownJob(request, id)
  if (own instanceof Response) return own
  poll(ctx, own.job, onEnd)
  const status = statusOf(own.job, ctx.now(), ctx.pollsUntilDone)
  return json({
    status: status.status,
    totalQuestions: status.status === 'completed' ? (status.totalQuestions ?? 0) : status.progress.total,
    processedQuestions: status.progress.processed,
    processingError: status.error,
    fileName: own.job.questionnaireName,
  })
}

/** Webmail and throwaway domains the mock refuses (the server reads the full lists of two npm packages). */
const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'mailinator.com',
])

export async function freeTrial(ctx: MockContext, request: Request) {
  const body = await objectBody(request)
  if (!body) return apiError('invalid_json', sendObject('{"email": "you@example.com"}'))
  const parsed = freeTrialBody.safeParse(body)
  if (!parsed.success) return invalidRequest(parsed.error)
  const email = parsed.data.email.toLowerCase()
  if (PERSONAL_DOMAINS.has(email.slice(email.lastIndexOf('@') + 1))) return apiError('corporate_email_required')
  if (ctx.trials.has(email)) return apiError('trial_already_used')
  ctx.trials.add(email)
  return json({ success: true, email, message: `Your trial token has been sent to ${email}.` })
}

/** The payment endpoints as a server without Stripe keys answers them (the token is checked first where needed). */
export function paymentIntent(ctx: MockContext, request: Request) {
  const token = ctx.authenticate(request)
  return token instanceof Response ? token : apiError('payments_not_configured')
}
export const paymentsNotConfigured = () => apiError('payments_not_configured')
