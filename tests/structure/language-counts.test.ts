import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
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

  it('counts a word list split by the shared helper as a list, its split as no regex, a built regex by its strings', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'qfill-language-'))
    try {
      for (const folder of ['app/answering/retrieval', 'app/answering/offline'])
        mkdirSync(path.join(root, folder), { recursive: true })
      writeFileSync(
        path.join(root, 'app/answering/retrieval/lists.ts'),
        "const A = new Set(wordList(`alpha beta\n  gamma`))\nconst B = new Set(wordList('delta epsilon').map(stem))\n",
      )
      writeFileSync(
        path.join(root, 'app/answering/offline/rules.ts'),
        [
          'const R = /\\bzeta\\b/i',
          // Built from a constant that spells words, and from one that spells none: one of the two spells English.
          "const ETA = 'eta|theta'",
          'const S = new RegExp(`^(?:${ETA})$`)',
          "const SPACE = '\\\\s+'",
          'const T = new RegExp(`${SPACE}[a-z]`)',
        ].join('\n'),
      )
      const counts = countLanguage(root)
      expect(counts.wordLists).toBe(2)
      expect(counts.listWords).toBe(5)
      expect(counts.regexLiterals).toBe(1)
      expect(counts.wordRegexes).toBe(1)
      expect(counts.builtRegexes).toBe(2)
      expect(counts.builtWordRegexes).toBe(1)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
