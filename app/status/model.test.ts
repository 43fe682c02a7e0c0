import { describe, expect, it } from 'vitest'
import { overallState } from './model'

describe('overallState', () => {
  const s = (...states: ('operational' | 'degraded' | 'down' | 'not_configured')[]) =>
    states.map((status) => ({ status }))
  it('is operational when every service is, counting unconfigured optional services as fine', () => {
    expect(overallState(s('operational', 'operational'))).toBe('operational')
    expect(overallState(s('operational', 'not_configured'))).toBe('operational')
  })
  it('is down when any service is down, even if others are degraded', () => {
    expect(overallState(s('operational', 'degraded', 'down'))).toBe('down')
  })
  it('is degraded otherwise', () => {
    expect(overallState(s('operational', 'degraded', 'not_configured'))).toBe('degraded')
  })
})
