import { FLAG_THRESHOLD, type Answer, type AnswerLabel, type RuleName } from './model'

/** How sure a document's own answer must be to contradict an earlier answer. */
const CONTRADICTS = 0.6
/** Readings that state a practice is absent or someone else's: a negated or excluding statement. */
const DENIALS: RuleName[] = ['negation', 'performed-by-provider', 'opposite-practice']

/**
 * Whether the documents' answer really states the opposite of an earlier answer: a negated or excluding statement
 * about the same subject against an earlier Yes; against an earlier No, a sentence that itself names every subject
 * and states the practice. Sentences that merely share words with the question do not count.
 */
export function statesOpposite(earlier: AnswerLabel | null | undefined, evidence: Answer): boolean {
  if (!evidence.citations.length || evidence.label === null || evidence.label === 'N/A') return false
  if (!earlier || earlier === 'N/A' || sameSide(evidence.label, earlier)) return false
  if (evidence.confidence < CONTRADICTS) return false
  // An LLM engine read the passage itself: its answer on the other side stands as it is.
  if (evidence.rule === 'llm-answer') return true
  const rules = evidence.rules ?? []
  // The denying sentence must itself name what the question is about (a negation of something nearby does not count).
  if (earlier === 'YES' || earlier === 'PARTIALLY')
    return (
      DENIALS.includes(evidence.rule!) &&
      (evidence.rule !== 'negation' || (rules.includes('subject-own') && !rules.includes('partial-coverage')))
    )
  return (
    evidence.rule === 'evidence-yes' &&
    rules.includes('subject-own') &&
    !rules.includes('leans-on-context') &&
    evidence.confidence >= FLAG_THRESHOLD
  )
}

function sameSide(a: AnswerLabel, b: AnswerLabel): boolean {
  const yes = (l: AnswerLabel) => l === 'YES' || l === 'PARTIALLY'
  return yes(a) === yes(b)
}
