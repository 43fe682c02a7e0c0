import { describe, expect, it } from 'vitest'
import {
  alphanumericRuns,
  alphanumerics,
  capitalised,
  collapseSpace,
  endsWithColon,
  hasWordCharacter,
  inCapitals,
  isLetterWord,
  isPlainWord,
  withoutFinalS,
  wordList,
} from './text'

describe('text mechanics, spelled once', () => {
  it('reads a word list written over several indented lines, with no empty word at either end', () => {
    expect(wordList(`\n  alpha beta\n  gamma\t delta  \n`)).toEqual(['alpha', 'beta', 'gamma', 'delta'])
  })

  it('collapses runs of white space and trims, and keeps the rest as it is', () => {
    expect(collapseSpace('  Keys are\n\trotated   yearly. ')).toBe('Keys are rotated yearly.')
  })

  it('tells plain lower-case words, capitals and tokens apart', () => {
    expect(['vault', 'Vault', 'v2', 'two-factor'].map(isPlainWord)).toEqual([true, false, false, false])
    expect(inCapitals('SECTION 4: KEYS')).toBe(true)
    expect(inCapitals('Section 4: keys')).toBe(false)
    expect(['Vault', 'vault', '4th'].map(capitalised)).toEqual([true, false, false])
    expect(alphanumerics('TLS 1.3, e-mail & SSO!')).toEqual(['TLS', '1', '3', 'e', 'mail', 'SSO'])
    expect(endsWithColon('Our providers hold:  ')).toBe(true)
    expect(withoutFinalS('APIs')).toBe('API')
  })

  it('finds runs of letters and digits where they start, and tells words of letters from punctuation', () => {
    expect([...alphanumericRuns('a kiosk, v2')].map((m) => [m[0], m.index])).toEqual([
      ['a', 0],
      ['kiosk', 2],
      ['v2', 9],
    ])
    expect(['co-located', 'Ledger', 'x-509', '-branch', 'v2'].map(isLetterWord)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
    expect(['?', '(', 'kiosk', '4'].map(hasWordCharacter)).toEqual([false, false, true, true])
  })
})
