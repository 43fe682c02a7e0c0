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
