import { describe, expect, it } from 'vitest'
import { normalizeText, splitSentences } from './text'

describe('splitSentences', () => {
  it('keeps version numbers, decimals and abbreviations inside their sentence', () => {
    expect(splitSentences('Data is encrypted in transit with TLS 1.2. Keys rotate yearly, e.g. every March. Done!')).toEqual([
      'Data is encrypted in transit with TLS 1.2.',
      'Keys rotate yearly, e.g. every March.',
      'Done!',
    ])
  })

  it('ends sentences at line ends and keeps a last sentence without a full stop', () => {
    expect(splitSentences('Heading\nBody text here. Tail without stop')).toEqual(['Heading', 'Body text here.', 'Tail without stop'])
  })
})

describe('normalizeText', () => {
  it('folds white space and compatibility characters', () => {
    expect(normalizeText(' ﬁrewall\n\t rules ')).toBe('firewall rules')
  })
})
