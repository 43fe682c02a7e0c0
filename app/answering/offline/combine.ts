import { isOtherProductReason } from '../library-rules'
import { FLAG_THRESHOLD, type Answer, type RuleEntry } from '../model'
import { statesOpposite } from '../opposite'
import { sameSide } from './ask'

/** A contradicted earlier answer is no surer than this. */
export const CONTRADICTED_CAP = 0.6

interface Pair {
  library: Answer
  evidence: Answer
  /** The product the questionnaire is for, when known. */
  product?: string | null
}

/** Does the quote name the product (all its words)? Company-wide papers speak for the company, not one product. */
function namesProduct(quote: string, product: string | null | undefined): boolean {
  if (!product) return false
  const text = quote.toLowerCase()
  const words = product
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  return words.length > 0 && words.every((w) => new RegExp(`(?<![\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, 'u').test(text))
}

/** The rules that weigh an earlier answer against the documents' own answer (walked in order by `combine`). */
export const COMBINE_RULES: (RuleEntry & { when: (p: Pair) => boolean; then: (p: Pair) => Answer })[] = [
  {
    name: 'library-contradicted',
    reason:
      'a document states the opposite (a negated or excluding statement about the same subject): the earlier answer is flagged, both cited',
    when: ({ library, evidence }) => statesOpposite(library.label, evidence),
    then: ({ library, evidence }) => {
      const c = evidence.citations[0]!
      return {
        ...library,
        confidence: Math.min(library.confidence, CONTRADICTED_CAP),
        citations: [...library.citations, c],
        flagged: true,
        reasons: [
          ...library.reasons,
          `the evidence contradicts the earlier answer: "${c.quote.slice(0, 100)}" (${c.file}, ${c.location})`,
        ],
      }
    },
  },
  {
    name: 'library-confirmed',
    reason:
      "a document agrees with the earlier answer: its citation added; one that states it plainly and names this product confirms another product's answer for it",
    when: ({ library, evidence }) => sameSide(evidence.label, library.label),
    then: ({ library, evidence, product }) => {
      const citations = [...library.citations, evidence.citations[0]!]
      const plain =
        evidence.confidence >= FLAG_THRESHOLD &&
        !evidence.reasons.length &&
        namesProduct(evidence.citations[0]!.quote, product)
      if (!plain || !library.rules?.includes('library-other-product')) return { ...library, citations }
      const reasons = library.reasons.filter((r) => !isOtherProductReason(r))
      return { ...library, citations, reasons, flagged: reasons.length > 0 }
    },
  },
]

/**
 * The earlier answer comes first; the documents check it. A document that states the opposite flags it with both
 * quotes; one that agrees adds its citation. The earlier answer's rule stays the deciding one.
 */
export function combine(fromLibrary: Answer, fromEvidence: Answer, product?: string | null): Answer {
  if (
    !fromEvidence.citations.length ||
    fromEvidence.label === null ||
    fromEvidence.label === 'N/A' ||
    fromLibrary.label === 'N/A'
  )
    return fromLibrary
  const pair = { library: fromLibrary, evidence: fromEvidence, product }
  const rule = COMBINE_RULES.find((r) => r.when(pair))
  if (!rule) return fromLibrary
  return { ...rule.then(pair), rules: [...(fromLibrary.rules ?? []), rule.name] }
}
