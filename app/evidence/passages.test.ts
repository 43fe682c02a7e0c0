import { describe, expect, it } from 'vitest'
import { chunkText, decodeText, lineLocator, markdownPassages, PASSAGE_CHARS } from './passages'

describe('chunkText', () => {
  it('keeps paragraphs apart and cuts long ones at sentence ends', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} talks about encryption.`).join(' ')
    const passages = chunkText('f.txt', `First paragraph.\n\n${long}`, () => 'x')
    expect(passages[0]!.text).toBe('First paragraph.')
    expect(passages.length).toBeGreaterThan(2)
    for (const p of passages.slice(1)) {
      expect(p.text.length).toBeLessThanOrEqual(PASSAGE_CHARS)
      expect(p.text).toMatch(/\.$/)
    }
  })

  it('never cuts a long paragraph after an abbreviation ("Inc.", "e.g."), only at a sentence end', () => {
    const filler = Array.from({ length: 9 }, (_, i) => `Line ${i} of the notes covers the quarterly ledger checks.`)
    const tail =
      'Relay builds are signed by Northwind Tools, Inc. (tier two), as well as by our own release key, which the ' +
      'build team keeps offline in a sealed vault, rotates every spring, and checks against the public register ' +
      'before any relay build goes out to the mirrors.'
    const passages = chunkText('f.txt', [...filler, tail, ...filler].join(' '), () => 'x')
    // Before: one passage ended at "Inc." and the next began "(tier two), as well as ...".
    expect(passages.some((p) => p.text.includes(tail))).toBe(true)
    expect(passages.every((p) => !/Inc\.$/.test(p.text))).toBe(true)
  })

  it('cuts a long list with no sentence end at the end of an item, and a run of words between two of them', () => {
    const items = Array.from({ length: 30 }, (_, i) => `• Kiosk ledger check number ${i} with drawer counts`)
    const list = chunkText('f.md', items.join('\n'), () => 'x')
    expect(list.length).toBeGreaterThan(1)
    // Every item whole, in one passage: none cut inside a word or a line.
    for (const item of items) expect(list.filter((p) => p.text.split('\n').includes(item))).toHaveLength(1)
    const run = Array.from({ length: 200 }, (_, i) => `clerk${i}`).join(' ')
    const pieces = chunkText('f.txt', run, () => 'x')
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.map((p) => p.text).join(' ')).toBe(run)
    for (const p of pieces) expect(p.text.length).toBeLessThanOrEqual(PASSAGE_CHARS)
  })

  it('reads 25 MB of one repeated line in linear time and keeps each distinct passage once', () => {
    const text = 'All customer data is encrypted at rest with AES-256.\n'.repeat(Math.ceil((25 * 1024 * 1024) / 53))
    const passages = chunkText('big.txt', text, lineLocator(text))
    expect(passages.length).toBeLessThan(60)
    expect(passages[0]!.location).toBe('line 1')
  })
})

describe('markdownPassages', () => {
  it('locates text by heading path, for Markdown and reStructuredText headings', () => {
    const md = '# Security\n\nIntro.\n\n## Encryption\n\nWe use TLS 1.2.\n\nAccess\n------\n\nMFA for all staff.\n'
    const passages = markdownPassages('s.md', md)
    expect(passages.map((p) => [p.location, p.text])).toEqual([
      ['Security', 'Intro.'],
      ['Security > Encryption', 'We use TLS 1.2.'],
      ['Security > Access', 'MFA for all staff.'],
    ])
  })

  it("locates text that starts on the line after its heading in that heading's section", () => {
    const md = '# Overview\n## Encryption\nData is encrypted at rest.\n\n## Testing\nA firm tests us yearly.\n'
    expect(markdownPassages('s.md', md).map((p) => [p.location, p.text])).toEqual([
      ['Overview > Encryption', 'Data is encrypted at rest.'],
      ['Overview > Testing', 'A firm tests us yearly.'],
    ])
  })

  it('falls back to line numbers before the first heading', () => {
    expect(markdownPassages('s.md', 'Preamble text.\n\n# Title\n')[0]!.location).toBe('line 1')
  })
})

describe('decodeText', () => {
  it('reads a text file saved as Windows-1252 with its quotes and dashes, never as replacement characters', () => {
    // "Till keys don’t leave the safe – ever.\r\nCafé staff sign." as Notepad on Windows saves it.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('Till keys don'),
      0x92,
      ...new TextEncoder().encode('t leave the safe '),
      0x96,
      ...new TextEncoder().encode(' ever.\r\nCaf'),
      0xe9,
      ...new TextEncoder().encode(' staff sign.'),
    ])
    expect(decodeText(bytes)).toBe('Till keys don’t leave the safe – ever.\nCafé staff sign.')
  })

  it('reads UTF-8 and UTF-16 as before', () => {
    expect(decodeText(new TextEncoder().encode('Café – “kiosk”\r\n'))).toBe('Café – “kiosk”\n')
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Till'].flatMap((c) => [c.charCodeAt(0), 0])])
    expect(decodeText(utf16)).toBe('Till')
  })
})
