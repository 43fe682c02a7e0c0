import { describe, expect, it } from 'vitest'
import { stem, stemToken } from './stem'

describe('stem', () => {
  it('brings the forms evidence and questions use to one stem', () => {
    expect(new Set(['scanned', 'scans', 'scanning', 'scan'].map(stem))).toEqual(new Set(['scan']))
    expect(new Set(['stored', 'storing', 'stores', 'store'].map(stem))).toEqual(new Set(['store']))
    expect(stem('vulnerabilities')).toBe(stem('vulnerability'))
    expect(stem('encryption')).toBe(stem('encrypted'))
  })

  it('keeps a double "f" the bare word has: "staffed" meets "staff", and "scanned" still meets "scan"', () => {
    expect(['staff', 'staffed', 'staffing', 'sniffed'].map(stem)).toEqual(['staff', 'staff', 'staff', 'sniff'])
    expect(['scan', 'scanned', 'offer', 'offered', 'chefs'].map(stem)).toEqual([
      'scan',
      'scan',
      'offer',
      'offer',
      'chef',
    ])
  })

  it('leaves tokens with digits or other characters alone', () => {
    expect(stem('iso27001')).toBe('iso27001')
    expect(stem('aes256')).toBe('aes256')
  })
})

describe('stemToken', () => {
  it('keeps acronyms whole: AWS is not a plural, IDS is not IDs', () => {
    expect(stemToken('AWS')).toBe('aws')
    expect(stemToken('IDS')).toBe('ids')
    expect(stemToken('IDs')).toBe('id')
    expect(stemToken('APIs')).toBe(stemToken('API'))
    expect(stemToken('apis')).toBe(stemToken('API'))
  })

  it('stems words of a line written all in capitals, where capitals mark no acronym', () => {
    expect(stemToken('POLICIES', true)).toBe(stem('policies'))
    expect(stemToken('Backups')).toBe(stem('backups'))
  })
})
