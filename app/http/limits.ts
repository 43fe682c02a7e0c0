/**
 * How much each kind of requester may ask for (issue 15 "Limits that protect without locking out"; issue 16,
 * findings 7 and 8; ADR 026). Plain data with no server import: the rate limiter counts with it, and /help and
 * the OpenAPI document describe it from the same figures.
 *
 * Requests are budgeted by who is asking. One that carries a valid access token (Authorization: Bearer,
 * x-api-key, or the browser session the token opened) counts against that token, per plan, wherever it comes
 * from: an office behind one address shares nothing. Everything else counts against the client's address, as the
 * spec's 100 per 15 minutes, and failed authentication (a wrong token, a token typed into a form that turns out
 * wrong) against a tighter 20 a minute per address.
 *
 * The token budgets, sized so that no honest use reaches them (the arithmetic is in ADR 026):
 * - a review of 400 questions saved row by row is at most 800 requests (each save is a POST and the page's
 *   revalidation), a 3-second poll 300 per 15 minutes, downloads and pages a few dozen: about 1,150 in the worst
 *   window, against 3,000;
 * - an API client running 255-question questionnaires back to back spends about 265 requests on each (upload,
 *   a poll a second while it runs, 255 single-row PATCHes, answers.json and three downloads); at 30,000 per 15
 *   minutes it would need to finish one every 8 seconds, faster than the worker answers one.
 */

export interface Limit {
  /** Requests allowed per window. */
  points: number
  /** Window length in seconds. */
  duration: number
}

const MINUTE = 60
const QUARTER_HOUR = 15 * 60

/** Per token: every request that carries a valid token, by plan. */
export const TOKEN_BUDGETS = {
  trial: { points: 3_000, duration: QUARTER_HOUR },
  single: { points: 3_000, duration: QUARTER_HOUR },
  starter: { points: 3_000, duration: QUARTER_HOUR },
  pro: { points: 30_000, duration: QUARTER_HOUR },
  monthly: { points: 30_000, duration: QUARTER_HOUR },
} as const satisfies Record<string, Limit>

/** A plan this build does not know gets the smallest paid budget. */
export function tokenBudget(plan: string): Limit {
  return (TOKEN_BUDGETS as Record<string, Limit>)[plan] ?? TOKEN_BUDGETS.single
}

/** Per client address. */
export const ADDRESS_LIMITS = {
  /** Every request without a valid token: pages, data requests, API calls (the spec's global limit). */
  anonymous: { points: 100, duration: QUARTER_HOUR },
  /**
   * Failed authentication: a wrong or unknown token in a header, a token form (token validation, /upload,
   * /token, /token-status) that does not open a session, an API call answered 401. A token form that succeeds
   * gives its point back, so only wrong tokens accumulate.
   */
  authFailures: { points: 20, duration: MINUTE },
  /** Free-trial requests (each sends an e-mail). */
  trials: { points: 20, duration: MINUTE },
  /** /healthz and /api/status, counted in memory by each web process (they never touch the database to count). */
  health: { points: 120, duration: MINUTE },
} as const satisfies Record<string, Limit>

/** "3,000 per 15 minutes", "20 per minute" */
export function describeLimit(limit: Limit): string {
  const window = limit.duration === MINUTE ? 'minute' : `${limit.duration / MINUTE} minutes`
  return `${limit.points.toLocaleString('en-US')} per ${window}`
}

/** The table /help and the API documentation show. */
export const LIMIT_TABLE: { who: string; limit: string }[] = [
  {
    who: 'Free Trial, Pay Per Use (requests carrying the token, or the browser session it opened)',
    limit: describeLimit(TOKEN_BUDGETS.trial),
  },
  {
    who: 'Professional (requests carrying the token, or its browser session)',
    limit: describeLimit(TOKEN_BUDGETS.pro),
  },
  { who: 'Requests without a valid token, per client address', limit: describeLimit(ADDRESS_LIMITS.anonymous) },
  {
    who: 'Wrong tokens, per client address (token forms, bad Authorization or x-api-key, API calls answered 401)',
    limit: describeLimit(ADDRESS_LIMITS.authFailures),
  },
  { who: 'Free-trial requests, per client address', limit: describeLimit(ADDRESS_LIMITS.trials) },
  { who: 'Health checks (/healthz, /api/status), per client address', limit: describeLimit(ADDRESS_LIMITS.health) },
]

/** One paragraph for the API description. */
export const LIMITS_SUMMARY = `Rate limits: requests carrying a valid token count against that token, per plan; others against the client's address. Over a budget the answer is 429 with Retry-After (seconds) and RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy headers (the RateLimit headers are on every counted response). Budgets: ${LIMIT_TABLE.map(
  (r) => `${r.who}: ${r.limit}`,
).join('; ')}.`

/**
 * The 429 response of every API operation, as an OpenAPI response object: one definition, registered once as
 * components.responses.TooManyRequests (app/api/openapi.server.ts) and referenced by every operation.
 */
export const TOO_MANY_REQUESTS_RESPONSE = {
  description:
    'Too many requests: wait as many seconds as Retry-After says, then send the request again. The budgets are in the API description and on /help#limits.',
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before trying again.',
      schema: { type: 'integer', minimum: 1 },
    },
    'RateLimit-Limit': {
      description: 'Requests allowed in the current window of the budget that ran out.',
      schema: { type: 'integer' },
    },
    'RateLimit-Remaining': { description: 'Requests left in the window (0 here).', schema: { type: 'integer' } },
    'RateLimit-Reset': { description: 'Seconds until the window ends.', schema: { type: 'integer' } },
    'RateLimit-Policy': {
      description: 'The budget as `points;w=seconds`, e.g. `3000;w=900`.',
      schema: { type: 'string' },
    },
  },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string', enum: ['rate_limited'] },
              message: { type: 'string' },
            },
          },
        },
      },
    },
  },
}
