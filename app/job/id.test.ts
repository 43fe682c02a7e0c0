import { describe, expect, it } from 'vitest'
import { JOB_ID_PATTERN as apiPattern } from '../api/schemas/jobs'
import { isJobId, JOB_ID_LENGTH, JOB_ID_PATTERN, jobIdSchema, newJobId } from './id'

describe('job ids', () => {
  it('are made in the one shape every check accepts', () => {
    const ids = Array.from({ length: 2000 }, newJobId)
    for (const id of ids) {
      expect(id).toHaveLength(JOB_ID_LENGTH)
      expect(isJobId(id)).toBe(true)
      expect(jobIdSchema.safeParse(id).success).toBe(true)
    }
    expect(new Set(ids).size).toBe(ids.length)
    // The API's schemas and the MSW package read the same pattern object.
    expect(apiPattern).toBe(JOB_ID_PATTERN)
  })

  it('use every character of the alphabet about equally (no modulo bias)', () => {
    const counts = new Map<string, number>()
    for (let i = 0; i < 3000; i++) for (const c of newJobId()) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect(counts.size).toBe(36)
    const expected = (3000 * JOB_ID_LENGTH) / 36
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15)
  })

  it('refuse what the generator never makes', () => {
    for (const bad of ['', 'a'.repeat(16), 'a'.repeat(23), 'a'.repeat(25), 'A'.repeat(24), `${'a'.repeat(23)}-`])
      expect(isJobId(bad)).toBe(false)
    expect(isJobId(42)).toBe(false)
  })
})
