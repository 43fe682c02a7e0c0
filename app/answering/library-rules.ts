import type { Question } from '../questionnaire/model'
import type { LibraryEntry, LibraryIdentity } from '../evidence/model'
import type { Answer, AnswerLabel, RuleEntry } from './model'

/** The rules of reusing an earlier answer: what a match of each strength gives, and what flags it. */

export type MatchStrength = 'exact' | 'same-id' | 'near-exact' | 'similar'

export interface LibraryMatch {
  entry: LibraryEntry
  strength: MatchStrength
  /** Term overlap (Jaccard, 0-1) of the two questions. */
  similarity: number
  /** The earlier answer read as a label, or undefined when it is free text. */
  label?: AnswerLabel
  /** What the two questions ask differently, in words for the user, when a similar match can say (library.ts). */
  differs?: string
}

/** The reused answer's confidence and flag, by how the earlier question matched: walked in order by `answer`. */
export const LIBRARY_RULES: (RuleEntry & { when: (m: LibraryMatch) => boolean; confidence: number; check: boolean })[] =
  [
    {
      name: 'library-exact',
      reason: 'the same question (normalised text) answered before: reused, cited to its cells',
      when: (m) => m.strength === 'exact',
      confidence: 0.97,
      check: false,
    },
    {
      name: 'library-same-id',
      reason: 'the same id in the same form family, confirmed by the text: reused',
      when: (m) => m.strength === 'same-id',
      confidence: 0.97,
      check: false,
    },
    {
      name: 'library-near-exact',
      reason: 'same family, nearly the same words, same subject and polarity: reused',
      when: (m) => m.strength === 'near-exact',
      confidence: 0.9,
      check: false,
    },
    {
      name: 'library-similar',
      reason: 'a similar question with the same subject and polarity: reused, flagged for a check',
      when: (m) => m.strength === 'similar',
      confidence: 0.7,
      check: true,
    },
  ]

export interface Whose {
  /** The product the questionnaire being answered is for (the user's `product`, else its own profile rows). */
  product?: string | null
  /** Each library file's identity, by file name. */
  identities?: Map<string, LibraryIdentity>
}

/** The other product whose answers a library file holds, or undefined (same product, or nothing says otherwise). */
export function otherProduct(whose: Whose, file: string): string | undefined {
  const theirs = whose.identities?.get(file)
  if (!whose.product || !theirs?.product) return undefined
  return sameProduct(whose.product, theirs.product, theirs.vendor) ? undefined : theirs.product
}

/** "Canvas LMS" = "canvas lms" = "Instructure Canvas LMS" (the vendor's name aside); "Canvas LMS" ≠ "Canvas Studio". */
export function sameProduct(a: string, b: string, vendor?: string | null): boolean {
  const words = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .normalize('NFKC')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    )
  const drop = vendor ? words(vendor) : new Set<string>()
  const x = [...words(a)].filter((w) => !drop.has(w))
  const y = [...words(b)].filter((w) => !drop.has(w))
  return x.length > 0 && x.length === y.length && x.every((w) => y.includes(w))
}

export const otherProductReason = (product: string) => `earlier answer for ${product}: check it applies`

/** Whether an answer still carries the other-product flag (no document confirmed it for this product). */
export const isOtherProductReason = (reason: string) => /^earlier answer for .+: check it applies$/.test(reason)

/** Another product's earlier answer is written, but flagged: nothing says it applies to this product too. */
export const OTHER_PRODUCT: RuleEntry & { then: (a: Answer, product: string) => Answer } = {
  name: 'library-other-product',
  reason: 'an earlier answer given for another product (its profile rows say which): reused, flagged for a check',
  then: (a, product) => ({
    ...a,
    flagged: true,
    reasons: [...a.reasons, otherProductReason(product)],
    rules: [...(a.rules ?? []), 'library-other-product'],
  }),
}

/** "in the last 12 months", "during the past year": a period counted back from the day the form is answered. */
const RELATIVE_PERIOD =
  /\b(?:in|within|during|over|for) the (?:last|past|previous|prior|preceding) (?:(?:\d+|two|three|five|six|twelve|twenty-four) )?(?:days?|weeks?|months?|years?)\b/i

/** An earlier answer about "the last 12 months" is about another twelve months: written, flagged. */
export const PERIOD: RuleEntry & { when: (q: Pick<Question, 'text'>) => boolean; then: (a: Answer) => Answer } = {
  name: 'library-period',
  reason:
    'the question asks about a period counted back from today: an earlier answer covered an earlier period, flagged',
  when: (q) => RELATIVE_PERIOD.test(q.text),
  then: (a) => ({
    ...a,
    flagged: true,
    reasons: [...a.reasons, 'the earlier answer covers an earlier period: check it still holds'],
    rules: [...(a.rules ?? []), 'library-period'],
  }),
}
