import { mkdirSync, mkdtempSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { letOthersThrough } from './embedded.server'

describe('letOthersThrough', () => {
  it('adds the search bit (not read) for others to a private folder and the private folders above it', () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'qfill-private-')) // 0700, as `mktemp -d` makes it
    const inner = path.join(top, 'qfill', '.data')
    mkdirSync(inner, { recursive: true, mode: 0o700 })
    const changed = letOthersThrough(inner)
    expect(changed).toEqual(expect.arrayContaining([inner, path.join(top, 'qfill'), top]))
    for (const dir of [inner, top]) {
      const mode = statSync(dir).mode & 0o777
      expect(mode & 0o001).toBe(0o001)
      expect(mode & 0o004).toBe(0) // others may enter, not list
    }
    expect(letOthersThrough(inner)).toEqual([])
  })
})
