import { describe, expect, it } from 'vitest'
import { presentedToken } from './auth.server'
import { normalizeToken, tokenSchema } from './token-string'

describe('token strings', () => {
  it('drop whitespace anywhere and NUL bytes, and nothing else', () => {
    expect(normalizeToken(' qf_abc\n def\t\u0000ghi\r\n')).toBe('qf_abcdefghi')
    expect(normalizeToken('qf_-_Az09')).toBe('qf_-_Az09')
  })

  it('are read the same from a header, an x-api-key and a form field', () => {
    const token = 'qf_0123456789abcdef'
    const spaced = ` qf_01234\n56789abcdef\u0000 `
    const bearer = new Request('http://x/', { headers: { authorization: `Bearer ${token} ` } })
    const apiKey = new Request('http://x/', { headers: { 'x-api-key': token } })
    const none = new Request('http://x/')
    expect(presentedToken(bearer)).toBe(token)
    expect(presentedToken(apiKey)).toBe(token)
    expect(presentedToken(none, spaced)).toBe(token)
    expect(presentedToken(none, ' \n ')).toBeNull()
    expect(tokenSchema.parse(spaced)).toBe(token)
  })

  it('say what to fix when too short, too long or missing', () => {
    expect(tokenSchema.safeParse(' ').error?.issues[0]?.message).toBe('Please enter your access token')
    expect(tokenSchema.safeParse('qf_short').error?.issues[0]?.message).toBe('Please enter a valid access token')
    expect(tokenSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(
      'Access tokens are at most 128 characters',
    )
  })
})
