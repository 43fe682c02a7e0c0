import { stemmer } from 'stemmer'
import { isPlainWord, withoutFinalS } from './text'

/**
 * Stems from the `stemmer` package (M. F. Porter's algorithm), so "scanned", "scans" and "scanning" meet at "scan".
 * Acronyms are names, not inflected words: "AWS" is not the plural of "aw", nor "IDS" of "ID". A token written in
 * capitals (two to six, an optional plural "s": "APIs") keeps its letters, lower-cased, its plural dropped.
 */
export function stem(word: string): string {
  if (!isPlainWord(word)) return word
  let stemmed = STEMS.get(word)
  if (stemmed === undefined) {
    // Evidence and questions reuse a few thousand words: each is stemmed once. Bounded against hostile text.
    if (STEMS.size >= MAX_REMEMBERED) STEMS.clear()
    STEMS.set(word, (stemmed = keepDoubleF(word, stemmer(word))))
  }
  return stemmed
}

/**
 * Porter's algorithm undoubles a final consonant once it strips "-ed" or "-ing" ("scanned" → "scan"), but leaves the
 * bare word alone, so "staffed" (→ "staf") never met "staff". An English word does not double a final "f" to inflect
 * ("chef", "chefs"): a stem whose word goes on with a second "f" keeps it.
 */
const keepDoubleF = (word: string, stemmed: string): string =>
  stemmed.endsWith('f') && !stemmed.endsWith('ff') && word.startsWith(`${stemmed}f`) ? `${stemmed}f` : stemmed

const STEMS = new Map<string, string>()
const MAX_REMEMBERED = 50_000

const ACRONYM = /^[A-Z][A-Z0-9]{1,5}s?$/

/** A token written as an acronym: two to six capitals or digits, an optional plural "s" ("DPO", "APIs"). */
export const isAcronym = (token: string): boolean => ACRONYM.test(token)

/** A token as written (its case intact) to its term: an acronym's own letters, any other word's stem. */
export function stemToken(token: string, inCapitals = false): string {
  if (!inCapitals && isAcronym(token)) return withoutFinalS(token).toLowerCase()
  return stem(token.toLowerCase())
}
