/**
 * What a token has used and has left, as every answer about a token shows it. Pure: the server (status.server.ts)
 * and the @qfill/msw mock shape their answers with these same functions, so the mock cannot drift from the server.
 */
export interface TokenUsage<Plan extends string = string> {
  plan: Plan
  email: string | null
  /** Questionnaires allowed; null = unlimited. */
  quota: number | null
  used: number
  expiresAt: Date | null
}

/** Questionnaires left; null for an unlimited plan. */
export function remaining(t: Pick<TokenUsage, 'quota' | 'used'>): number | null {
  return t.quota === null ? null : Math.max(0, t.quota - t.used)
}

/** The figures GET /api/token-status answers with (tokenStatusResponse), before the token's questionnaires. */
export function tokenFigures<Plan extends string>(t: TokenUsage<Plan>) {
  return {
    plan: t.plan,
    email: t.email,
    used: t.used,
    limit: t.quota,
    remaining: remaining(t),
    resetDate: t.expiresAt?.toISOString() ?? null,
  }
}
