import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { countLanguage, spellsWords } from '../../bench/language'
import { CONCEPTS } from '../../app/answering/retrieval/vocabulary'

/** The hand-written language counts docs/benchmarks.md reports (issue 21 §3) are the engine's, not estimates. */
describe('bench:language counts', () => {
  it('counts every concept spelling the vocabulary holds', () => {
    const counts = countLanguage(path.resolve(__dirname, '../..'))
    expect(counts.concepts).toBe(Object.keys(CONCEPTS).length)
    expect(counts.spellings).toBe(Object.values(CONCEPTS).flat().length)
    expect(counts.wordRegexes).toBeLessThanOrEqual(counts.regexLiterals)
    expect(counts.handStemmerLines).toBe(0)
  })

  it('tells regexes that spell English from text mechanics', () => {
    for (const literal of ['/ing$/', '/\\bplans?\\b/i', '/^(?:do|does|did)$/i', '/\\b([a-z]+)-based\\b/gi'])
      expect(spellsWords(literal), literal).toBe(true)
    for (const literal of ['/\\s+/g', '/^[a-z]+$/', '/s$/', '/[^\\p{L}\\p{N}]+/u', '/^[•·▪◦*]/'])
      expect(spellsWords(literal), literal).toBe(false)
  })
})
