import { getOwnJob, type JobRow } from '../job/read.server'
import { services } from '../infra/services.server'
import { sessionToken } from './auth.server'
import { startSession, toasts } from './session.server'
import { validateToken, type Validation } from './status.server'

/**
 * Opens a browser session for a token that was typed or linked, and redirects with the spec's notice
 * ('Previous Results Found' or 'Token Validated'). The token leaves the URL: the session carries it from here.
 */
export async function openTokenSession(
  request: Request,
  token: string,
  to: string,
): Promise<{ ok: false; message: string } | { ok: true; response: Response }> {
  const check = await validateToken(services().sql, token)
  if (!check.known) return { ok: false, message: check.message }
  const headers = { 'Set-Cookie': await startSession(request, check.token.id) }
  return { ok: true, response: await toasts().redirectWithToast(to, notice(check), { headers }) }
}

export function notice(check: Extract<Validation, { known: true }>) {
  const { previousQuestionnaires: active, expiredQuestionnaires: expired, remaining, limit, valid } = check.body
  const count = active.length + expired.length
  if (count > 0) {
    return {
      type: valid ? ('success' as const) : ('warning' as const),
      message: 'Previous Results Found',
      description: `Found ${count} previous questionnaire(s) - ${active.length} active, ${expired.length} expired.`,
    }
  }
  if (!valid) return { type: 'warning' as const, message: 'Token quota exhausted', description: check.body.message }
  return {
    type: 'success' as const,
    message: 'Token Validated',
    description:
      remaining === null ? 'Unlimited questionnaires.' : `${remaining} of ${limit} questionnaires remaining.`,
  }
}

/**
 * The job of this browser's session, or a 404: a job of another token, or any job without a session, looks exactly
 * like one that does not exist.
 */
export async function ownJobOr404(request: Request, jobId: string): Promise<JobRow> {
  const token = await sessionToken(request)
  const job = token ? await getOwnJob(services().sql, jobId, token.id) : null
  if (!job)
    throw new Response('Job not found. Open it from the browser where you uploaded it, or check your token status.', {
      status: 404,
    })
  return job
}
