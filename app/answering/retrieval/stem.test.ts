import { describe, expect, it } from 'vitest'
import { porter } from './stem'

describe('porter', () => {
  it('gives the published Porter stems', () => {
    const cases: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['relational', 'relat'],
      ['conditional', 'condit'],
      ['generalization', 'gener'],
      ['hopping', 'hop'],
      ['filing', 'file'],
      ['agreed', 'agre'],
      ['hopeful', 'hope'],
      ['goodness', 'good'],
      ['adjustment', 'adjust'],
    ]
    for (const [word, stem] of cases) expect(porter(word), word).toBe(stem)
  })

  it('brings the forms evidence and questions use to one stem', () => {
    expect(new Set(['scanned', 'scans', 'scanning', 'scan'].map(porter))).toEqual(new Set(['scan']))
    expect(new Set(['stored', 'storing', 'stores', 'store'].map(porter))).toEqual(new Set(['store']))
    expect(porter('vulnerabilities')).toBe(porter('vulnerability'))
    expect(porter('encryption')).toBe(porter('encrypted'))
  })
})
