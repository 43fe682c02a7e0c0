import { describe, expect, it } from 'vitest'
import type { EvidenceDocument } from '../evidence/model'
import { lapsedEvidence } from './lapsed'

const doc = (file: string, text: string): EvidenceDocument => ({
  file,
  status: 'ok',
  chars: text.length,
  library: [],
  passages: [{ file, location: 'page 1', text }],
})

describe('lapsedEvidence', () => {
  const docs = [
    doc('soc.pdf', 'effective throughout the period July 1, 2023 to June 30, 2024.'),
    doc('iso.pdf', 'Issue date of certificate: October 16, 2024 Expiration date of certificate: October 15, 2027'),
    doc('old-cert.pdf', 'Valid until 2024-03-31.'),
  ]

  it('flags audit periods that ended over 12 months ago and expired certificates', () => {
    const lapsed = lapsedEvidence(docs, new Date('2025-08-01T00:00:00Z'))
    expect(lapsed.get('soc.pdf')).toMatch(/ended June 30, 2024, over 12 months ago/)
    expect(lapsed.has('iso.pdf')).toBe(false)
    expect(lapsed.get('old-cert.pdf')).toBe('evidence expired: old-cert.pdf was valid until 2024-03-31')
  })

  it('keeps periods that ended within the last 12 months', () => {
    expect(lapsedEvidence(docs, new Date('2025-01-01T00:00:00Z')).has('soc.pdf')).toBe(false)
  })
})
