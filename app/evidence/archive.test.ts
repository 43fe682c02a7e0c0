import { describe, expect, it } from 'vitest'
import { zipBomb, zipBytes } from '../../tests/fixtures/evidence/build'
import { unpackZip, ZIP_LIMITS } from './archive'
import { EvidenceReadError } from './model'

describe('unpackZip', () => {
  it('unpacks files one level deep and reports nested archives without opening them', () => {
    const inner = zipBytes({ 'deep.txt': 'should never be read' })
    const { entries, skipped } = unpackZip(
      'a.zip',
      zipBytes({ 'policy.txt': 'We use MFA.', 'docs/': new Uint8Array(), 'more.zip': inner }),
    )
    expect(entries.map((e) => e.name)).toEqual(['policy.txt'])
    expect(new TextDecoder().decode(entries[0]!.bytes)).toBe('We use MFA.')
    expect(skipped).toEqual([{ name: 'more.zip', reason: expect.stringContaining('nested archive') }])
  })

  it('stops a zip bomb by its unpacked size, however small the archive', () => {
    const bomb = zipBomb(200)
    expect(bomb.byteLength).toBeLessThan(1024 * 1024)
    expect(() => unpackZip('bomb.zip', bomb)).toThrowError(/bomb\.zip was not unpacked: .*(more than|zip bomb)/)
  })

  it('stops on the compression ratio even below the absolute size limit', () => {
    const limits = { ...ZIP_LIMITS, entryBytes: 50 * 1024 * 1024 }
    expect(() => unpackZip('r.zip', zipBomb(5), limits)).toThrowError(/zip bomb/)
  })

  it('refuses archives with too many entries', () => {
    const many = Object.fromEntries(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`f${i}.txt`, 'x']))
    expect(() => unpackZip('many.zip', zipBytes(many))).toThrowError(`more than ${ZIP_LIMITS.entries} files`)
  })

  it('says clearly when the bytes are not an archive', () => {
    expect(() => unpackZip('x.zip', new TextEncoder().encode('not a zip at all'))).toThrowError(EvidenceReadError)
  })
})
