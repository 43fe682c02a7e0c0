import type { Queryable } from '../infra/db.server'
import { jobErrorMessage } from '../job/errors'
import { shownStatus } from '../job/states'
import { tokenFigures } from './figures'
import { canUpload, checkToken, TOKEN_MESSAGES, type Plan, type TokenRow } from './tokens.server'

/** One of a token's questionnaires as the token pages and APIs list it (the spec's list item, plus status). */
export interface QuestionnaireItem {
  id: string
  jobId: string
  fileName: string
  status: 'processing' | 'completed' | 'failed'
  totalQuestions: number | null
  completedAt: string | null
  expiresAt: string | null
  averageConfidence: number | null
  flaggedQuestions: number | null
  error: string | null
}

export interface TokenStatus {
  plan: Plan
  email: string | null
  used: number
  limit: number | null
  remaining: number | null
  resetDate: string | null
  expired: boolean
  canUpload: boolean
  previousQuestionnaires: QuestionnaireItem[]
  expiredQuestionnaires: QuestionnaireItem[]
  /** Job ids among expiredQuestionnaires whose files the holder deleted before their hour was up (pages only). */
  deletedOnRequest: string[]
}

/**
 * A token's questionnaires, newest first: active ones (processing, or completed with files still available) and
 * expired ones (files purged after the hour, deleted on request, or failed).
 */
export async function tokenQuestionnaires(sql: Queryable, tokenId: number, now = new Date()) {
  const rows = await sql<
    {
      id: string
      status: string
      errorCode: string | null
      errorParams: Record<string, unknown> | null
      questionnaireName: string
      questionCount: number | null
      total: number
      completedAt: Date | null
      expiresAt: Date | null
      deletedAt: Date | null
      averageConfidence: number | null
      flaggedCount: number | null
    }[]
  >`
    select id, status, error_code as "errorCode", error_params as "errorParams",
      questionnaire_name as "questionnaireName", question_count as "questionCount", total,
      completed_at as "completedAt", expires_at as "expiresAt", deleted_at as "deletedAt",
      average_confidence::float8 as "averageConfidence", flagged_count as "flaggedCount"
    from jobs where token_id = ${tokenId} and state <> 'uploading' order by created_at desc limit 100`
  const active: QuestionnaireItem[] = []
  const expired: QuestionnaireItem[] = []
  const deletedOnRequest: string[] = []
  for (const r of rows) {
    const shown = shownStatus(r.status)
    const status = shown === 'queued' ? 'processing' : shown
    const item: QuestionnaireItem = {
      id: r.id,
      jobId: r.id,
      fileName: r.questionnaireName,
      status,
      totalQuestions: r.questionCount ?? (r.total || null),
      completedAt: r.completedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      averageConfidence: r.averageConfidence,
      flaggedQuestions: r.flaggedCount,
      error: jobErrorMessage({ code: r.errorCode, params: r.errorParams }, { questionnaire: r.questionnaireName }),
    }
    const filesGone = Boolean(r.deletedAt) || (r.expiresAt !== null && r.expiresAt <= now)
    if (status === 'processing' || (status === 'completed' && !filesGone)) active.push(item)
    else expired.push(item)
    // "Delete Files Now" before the hour was up: not the retention policy's doing.
    if (status === 'completed' && r.deletedAt && (!r.expiresAt || r.deletedAt < r.expiresAt))
      deletedOnRequest.push(r.id)
  }
  return { active, expired, deletedOnRequest }
}

export async function tokenStatus(sql: Queryable, token: TokenRow, now = new Date()): Promise<TokenStatus> {
  const { active, expired, deletedOnRequest } = await tokenQuestionnaires(sql, token.id, now)
  return {
    ...tokenFigures(token),
    expired: Boolean(token.expiresAt && token.expiresAt <= now),
    canUpload: canUpload(token, now),
    previousQuestionnaires: active,
    expiredQuestionnaires: expired,
    deletedOnRequest,
  }
}

export type Validation =
  | { known: false; message: string }
  | {
      known: true
      token: TokenRow
      body: {
        valid: boolean
        reason: 'ok' | 'exhausted' | 'expired'
        message: string
        plan: Plan
        remaining: number | null
        limit: number | null
        used: number
        email: string | null
        expiresAt: string | null
        previousQuestionnaires: QuestionnaireItem[]
        expiredQuestionnaires: QuestionnaireItem[]
      }
    }

/**
 * The token check behind POST /api/validate-token, the /token page and the /upload token step. A token that is
 * exhausted or expired is known but not valid: its holder may still see earlier results, not upload.
 */
export async function validateToken(sql: Queryable, presented: string, now = new Date()): Promise<Validation> {
  const check = await checkToken(sql, presented, { now, purpose: 'read' })
  if (!check.ok) {
    // An expired token with no files left is as good as unknown, but its holder deserves to know why.
    return { known: false, message: check.reason === 'unknown' ? TOKEN_MESSAGES.unknown : TOKEN_MESSAGES[check.reason] }
  }
  const status = await tokenStatus(sql, check.row, now)
  const reason = status.expired ? 'expired' : status.canUpload ? 'ok' : 'exhausted'
  const left = status.remaining
  const message =
    reason === 'ok'
      ? left === null
        ? 'Token validated: unlimited questionnaires.'
        : `Token validated: ${left} of ${status.limit} questionnaires remaining.`
      : TOKEN_MESSAGES[reason]
  return {
    known: true,
    token: check.row,
    body: {
      valid: reason === 'ok',
      reason,
      message,
      plan: status.plan,
      remaining: status.expired ? 0 : left,
      limit: status.limit,
      used: status.used,
      email: status.email,
      expiresAt: status.resetDate,
      previousQuestionnaires: status.previousQuestionnaires,
      expiredQuestionnaires: status.expiredQuestionnaires,
    },
  }
}
