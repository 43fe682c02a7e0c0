import { describe, expect, it } from 'vitest'
import { ending, gerund, nounCompounds, tagWords } from './grammar'

describe('grammar: word endings', () => {
  it('reads the endings the grammar uses by spelling alone; the tag says whether the word is a verb form', () => {
    expect(['onboarding', 'reviewed', 'written', 'regularly', 'review', 'token'].map(ending)).toEqual([
      'ing',
      'ed',
      'en',
      'ly',
      undefined,
      'en',
    ])
    const words = tagWords('Staff are onboarding new vendors during the morning.')
    expect(words.filter(gerund).map((w) => w.lower)).toEqual(['onboarding'])
  })
})

describe('grammar: noun compounds', () => {
  it('reads runs of qualifiers that end in a noun, a hyphenated word as one, and leaves single nouns out', () => {
    const compounds = nounCompounds(tagWords('We place third-party adverts on branch kiosks near the door.'))
    expect(compounds.map((c) => c.map((w) => w.text).join(' '))).toEqual(['third-party adverts', 'branch kiosks'])
  })
})

describe('grammar: words', () => {
  it('reads "(s)" glued to a word as its plural mark, and a bracket with a space before it as one', () => {
    expect(tagWords('Review the kiosk list(s) daily.').map((w) => w.text)).toEqual([
      'Review',
      'the',
      'kiosk',
      'list',
      'daily',
      '.',
    ])
    expect(tagWords('Review the kiosks (s) daily.').map((w) => w.text)).toContain('(')
  })
})

describe('grammar: tags', () => {
  it('reads a line break inside a sentence as a space, not a word that splits the phrase around it', () => {
    const words = tagWords('Tills are closed before the nightly\nkiosk audit.')
    expect(words.map((w) => w.text)).toEqual([
      'Tills',
      'are',
      'closed',
      'before',
      'the',
      'nightly',
      'kiosk',
      'audit',
      '.',
    ])
  })

  it("reads a verb's base form inside a noun phrase a determiner opens as a noun, and a verb elsewhere as one", () => {
    const inPhrase = tagWords('Clerks wait for the next scheduled update window.')
    expect(inPhrase.find((w) => w.lower === 'update')?.pos).toBe('NOUN')
    const verb = tagWords('All clerks update their ledgers daily.')
    expect(verb.find((w) => w.lower === 'update')?.pos).toBe('VERB')
  })

  it('reads a hyphenated word between a determiner or a preposition and a noun as a modifier, not a verb', () => {
    const tag = (text: string, word: string) => tagWords(text).find((w) => w.lower === word)?.pos
    expect(tag('Tokens for the smart-lock kiosks are rotated.', 'smart-lock')).toBe('ADJ')
    expect(tag('Tokens for smart-lock kiosks are rotated.', 'smart-lock')).toBe('ADJ')
  })

  it('reads the words a list joins to a verb, before the object they share, as verbs', () => {
    const pos = (text: string) => tagWords(text).map((w) => `${w.lower}/${w.pos}`)
    // Before: "review" and "audit" nouns, "audit branch kiosk cash" one compound.
    expect(pos('Clerks shall monitor, review, and audit branch kiosk cash.')).toEqual(
      expect.arrayContaining(['monitor/VERB', 'review/VERB', 'audit/VERB', 'branch/NOUN', 'cash/NOUN']),
    )
    expect(pos('Review, test and design kiosk fire drills')).toEqual(
      expect.arrayContaining(['review/VERB', 'test/VERB', 'design/VERB', 'drills/NOUN']),
    )
    // A list of things is no list of verbs, even where its first word could be one, when the sentence has its own.
    expect(pos('Ledgers, receipts and tills are sealed.')).toEqual(
      expect.arrayContaining(['receipts/NOUN', 'tills/NOUN']),
    )
    expect(pos('Vault, branch, and kiosk keys may open the safe.')).toEqual(
      expect.arrayContaining(['branch/NOUN', 'kiosk/NOUN']),
    )
  })
})

describe('grammar: the verb of a do-question', () => {
  it('reads the verb the model took for a noun of the subject, by reading it in statement order', () => {
    const pos = (text: string, word: string) => tagWords(text).find((w) => w.lower === word)?.pos
    expect(pos('Does the kiosk application support badge readers?', 'support')).toBe('VERB')
    expect(pos('Does your kiosk app support badge readers, pins, or tokens?', 'support')).toBe('VERB')
    // A clause with a verb, or a statement, is read as the model reads it.
    expect(pos('Does the kiosk have badge support?', 'support')).toBe('NOUN')
    expect(pos('The kiosk application support team answers calls.', 'support')).toBe('NOUN')
  })
})
