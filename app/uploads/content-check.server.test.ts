// Issue 16, finding 6: "Malware check is exact-hash only: EICAR with a trailing newline or padding, EICAR in a
// nested zip, and an ELF with %PDF- in its first KB are stored." The matching logic, on bytes.
import { createHash } from 'node:crypto'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { docxBytes, pdfBytes, zipBytes } from '../../tests/fixtures/evidence/build'
import { ArchiveScanner, SCAN_DEPTH } from './archive-scan'
import { checkMagic, EICAR, isEicar, scanFile } from './content-check.server'

const none = new Set<string>()
const bytes = (text: string) => Buffer.from(text, 'latin1')

describe('the EICAR test file, as its standard defines it', () => {
  it('is the 68-byte string, optionally followed by whitespace up to 128 bytes', () => {
    expect(bytes(EICAR).byteLength).toBe(68)
    for (const tail of ['', '\n', '\r\n', ' \t\r\n\x1a', ' '.repeat(60)])
      expect(isEicar(bytes(EICAR + tail))).toBe(true)
  })

  it('is not a longer file, other padding, or the string later in a file', () => {
    expect(isEicar(bytes(EICAR + ' '.repeat(61)))).toBe(false) // 129 bytes
    expect(isEicar(bytes(`${EICAR}x`))).toBe(false)
    expect(isEicar(bytes(`${EICAR}\n\u00a0`))).toBe(false)
    expect(isEicar(bytes(` ${EICAR}`))).toBe(false)
    expect(isEicar(bytes(EICAR.slice(0, 67)))).toBe(false)
    expect(isEicar(bytes(`Our policy mentions ${EICAR} in passing.`))).toBe(false)
  })

  it('is refused as a file, with a trailing newline, and with padding', async () => {
    for (const tail of ['', '\n', '\r\n   \t']) {
      const problem = await scanFile('policy.txt', bytes(EICAR + tail), none)
      expect(problem?.title).toBe('Malware Detected')
      expect(problem?.message).toMatch(/^policy\.txt matches a known malware signature/)
    }
  })
})

describe('containers, to the depth the reader reads', () => {
  it('finds EICAR (with a newline) in a zip, a zip in a zip, and a .docx in a zip', async () => {
    const eicar = strToU8(`${EICAR}\r\n`)
    expect((await scanFile('docs.zip', zipBytes({ 'readme.txt': eicar }), none))?.message).toMatch(
      /^docs\.zip\/readme\.txt matches/,
    )
    const nested = zipBytes({ 'ok.md': '# Policy', 'inner.zip': zipBytes({ 'eicar.com': eicar }) })
    expect((await scanFile('evidence.zip', nested, none))?.message).toMatch(
      /^evidence\.zip\/inner\.zip\/eicar\.com matches/,
    )
    // Stored (level 0) and deflated containers alike.
    const stored = zipBytes({ 'inner.zip': zipBytes({ 'eicar.com': eicar }, 0) }, 0)
    expect((await scanFile('stored.zip', stored, none))?.title).toBe('Malware Detected')
    const docx = zipSync({ ...unzipToEntries(docxBytes([{ text: 'Policy' }])), 'word/media/x.bin': eicar })
    expect((await scanFile('bundle.zip', zipBytes({ 'policy.docx': docx }), none))?.message).toMatch(
      /^bundle\.zip\/policy\.docx\/word\/media\/x\.bin matches/,
    )
    expect((await scanFile('policy.docx', docx, none))?.message).toMatch(/^policy\.docx\/word\/media\/x\.bin matches/)
  })

  it('matches entries against the operator’s SHA-256 list at every scanned level', async () => {
    const evil = strToU8('definitely a trojan')
    const list = new Set<string>()
    list.add(createHash('sha256').update(evil).digest('hex'))
    const nested = zipBytes({ 'a.zip': zipBytes({ 'b.txt': evil }) })
    expect((await scanFile('x.zip', nested, list))?.message).toMatch(/^x\.zip\/a\.zip\/b\.txt matches/)
  })

  it(`opens containers ${SCAN_DEPTH} levels deep, as the reader does, and no deeper`, async () => {
    const eicar = strToU8(EICAR)
    const deep = zipBytes({ 'a.zip': zipBytes({ 'b.zip': zipBytes({ 'eicar.com': eicar }) }) })
    // The third level is never read by QFill (the reader skips nested archives); it is matched whole, not opened.
    expect(await scanFile('deep.zip', deep, none)).toBeNull()
  })

  it('keeps one budget for all levels: a bomb inside a zip is refused', async () => {
    const bomb = zipBytes({ 'zeros.txt': new Uint8Array(40 * 1024 * 1024) })
    const wrapped = zipBytes({ 'notes.md': '# Notes', 'bomb.zip': bomb })
    expect(wrapped.byteLength).toBeLessThan(100 * 1024)
    const problem = await scanFile('wrapped.zip', wrapped, none)
    expect(problem?.title).toBe('Unsafe Archive')
  })

  it('accepts ordinary documents', async () => {
    const docx = docxBytes([{ heading: 1, text: 'Access control' }, { text: 'MFA is required.' }])
    expect(await scanFile('policy.docx', docx, none)).toBeNull()
    expect(await scanFile('docs.zip', zipBytes({ 'policy.docx': docx, 'notes.md': '# Notes' }), none)).toBeNull()
    const scanner = new ArchiveScanner('docs.zip', none)
    scanner.push(docx)
    expect(scanner.end()).toBeNull()
  })
})

describe('magic bytes at offset 0', () => {
  it('refuses a program with %PDF- in its first kilobyte, and any prefix before a PDF’s header', () => {
    const elf = new Uint8Array(2048)
    elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])
    elf.set(bytes('%PDF-1.7\n'), 512)
    expect(checkMagic('policy.pdf', elf, 'Invalid Evidence File')?.message).toMatch(
      /policy\.pdf is not really a \.pdf file \(its content is a Linux program \(ELF\)\)/,
    )
    const pdf = pdfBytes(['Access is reviewed quarterly.'])
    expect(checkMagic('policy.pdf', pdf, 'Invalid Evidence File')).toBeNull()
    for (const prefix of ['\n', '   ', '\ufeff', 'garbage']) {
      const shifted = Buffer.concat([bytes(prefix), pdf])
      expect(checkMagic('policy.pdf', shifted, 'Invalid Evidence File'), JSON.stringify(prefix)).not.toBeNull()
    }
    expect(checkMagic('policy.pdf', bytes('%PDF-'), 'x')).not.toBeNull() // no version
    expect(checkMagic('policy.pdf', bytes('%PDF-2.0\n'), 'x')).toBeNull()
  })
})

function unzipToEntries(zip: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(zip)
}
