import { describe, expect, it } from 'vitest'
import { TOKEN_MESSAGES } from '../../access/tokens.server'
import { CORPORATE_EMAIL_MESSAGE } from '../../access/trial.server'
import { PAYMENTS_NOT_CONFIGURED } from '../../billing/plans'
import { CSRF_MESSAGE } from '../../http/csrf.server'
import { EXPIRED_MESSAGE } from '../../review/view'
import { routeErrorCodes } from '../contract'
import { allApiRoutes } from '../schemas'
import {
  API_ERRORS,
  apiError,
  apiErrorBody,
  apiErrorMessage,
  FILES_DELETED_MESSAGE,
  methodNotAllowed,
  TOKEN_REFUSAL_MESSAGES,
  type ApiErrorCode,
} from '.'

const codes = Object.keys(API_ERRORS) as ApiErrorCode[]

describe('the API error table', () => {
  it('has stable snake_case codes with error statuses and a sentence saying when', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/)
      expect(API_ERRORS[code].status).toBeGreaterThanOrEqual(400)
      expect(API_ERRORS[code].when).toMatch(/\.$/)
    }
  })

  it('says what the domain modules say for the same condition (the web pages use those texts)', () => {
    expect(TOKEN_REFUSAL_MESSAGES).toEqual({
      unknown: TOKEN_MESSAGES.unknown,
      expired: TOKEN_MESSAGES.expired,
      revoked: TOKEN_MESSAGES.revoked,
    })
    expect(apiErrorMessage('quota_exhausted')).toBe(TOKEN_MESSAGES.exhausted)
    expect(apiErrorMessage('corporate_email_required')).toBe(CORPORATE_EMAIL_MESSAGE)
    expect(apiErrorMessage('payments_not_configured')).toBe(PAYMENTS_NOT_CONFIGURED)
    expect(apiErrorMessage('cross_site_request')).toBe(CSRF_MESSAGE)
    expect(FILES_DELETED_MESSAGE).toBe(EXPIRED_MESSAGE)
  })

  it('builds bodies and responses from the table: status, message from the parameters, details, headers', async () => {
    expect(apiErrorBody('job_not_found', { jobId: 'abc' })).toEqual({
      error: { code: 'job_not_found', message: 'No job abc for this token.' },
    })
    const res = apiError('invalid_token', { reason: 'expired' }, { details: { hint: 1 } })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({
      error: { code: 'invalid_token', message: TOKEN_MESSAGES.expired, details: { hint: 1 } },
    })
    const withFields = apiErrorBody('terms_required', undefined, { extra: (message) => ({ valid: false, message }) })
    expect(withFields).toMatchObject({ valid: false, message: withFields.error.message })
  })

  it('answers every wrong method with one 405 listing the methods in Allow', async () => {
    const res = methodNotAllowed(['get', 'patch'])
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, PATCH')
    expect((await res.json()).error).toEqual({
      code: 'method_not_allowed',
      message: 'This endpoint accepts GET, PATCH only.',
    })
  })

  it('is what every documented route lists, and every code is used by some route', () => {
    const used = new Set(allApiRoutes.flatMap((route) => routeErrorCodes(route)))
    // not_found answers paths no route has.
    expect(codes.filter((code) => !used.has(code) && code !== 'not_found')).toEqual([])
  })
})
