/**
 * Text mechanics the retrieval and offline modules share: white space, case and tokens, each written once. No
 * English here (bench:language counts these among the regex literals that spell no word).
 */

/** Runs of white space as one space, the ends trimmed. */
export const collapseSpace = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** A word list written out in a template literal: its words, whatever the line breaks and indents between them. */
export const wordList = (text: string): string[] => text.trim().split(/\s+/)

/** A plain lower-case word (no digit, no hyphen): what the stemmer and the word vectors take. */
export const isPlainWord = (token: string): boolean => /^[a-z]+$/.test(token)

/** Text with no lower-case letter: written in capitals, where capitals mark no acronym. */
export const inCapitals = (text: string): boolean => !/[a-z]/.test(text)

/** A word that starts with a capital letter. */
export const capitalised = (word: string): boolean => /^[A-Z]/.test(word)

/** The runs of letters and digits of a text, as written, each with where it starts (`index`). */
export const alphanumericRuns = (text: string): IterableIterator<RegExpMatchArray> => text.matchAll(/[A-Za-z0-9]+/g)

/** The runs of letters and digits of a text, as written. */
export const alphanumerics = (text: string): string[] => [...alphanumericRuns(text)].map((m) => m[0])

/** A word of letters, hyphens inside allowed ("co-located"), in either case. */
export const isLetterWord = (word: string): boolean => /^[a-z][a-z-]*$/i.test(word)

/** A token with a letter, digit or underscore in it: a word, not punctuation. */
export const hasWordCharacter = (token: string): boolean => /\w/.test(token)

/** A line that ends with a colon: it introduces what follows. */
export const endsWithColon = (text: string): boolean => /:\s*$/.test(text)

/** A word without its final "s" (a plural, or an acronym's plural: "APIs"). */
export const withoutFinalS = (word: string): string => word.replace(/s$/, '')
