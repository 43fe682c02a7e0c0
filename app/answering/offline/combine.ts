import type { Answer, RuleEntry } from '../model'
import { sameSide } from './ask'

/** How sure a document's own answer must be to contradict an earlier answer. */
const CONTRADICTS = 0.6
/** A contradicted earlier answer is no surer than this. */
const CONTRADICTED_CAP = 0.6

interface Pair {
  library: Answer
  evidence: Answer
}

/** The rules that weigh an earlier answer against the documents' own answer (walked in order by `combine`). */
export const COMBINE_RULES: (RuleEntry & { when: (p: Pair) => boolean; then: (p: Pair) => Answer })[] = [
  {
    name: 'library-contradicted',
    reason: 'a cited document answer on the other side (at 0.6 or more): the earlier answer is flagged, both cited',
    when: ({ library, evidence }) => !sameSide(evidence.label, library.label) && evidence.confidence >= CONTRADICTS,
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
    reason: 'a document agrees with the earlier answer: its citation added',
    when: ({ library, evidence }) => sameSide(evidence.label, library.label),
    then: ({ library, evidence }) => ({ ...library, citations: [...library.citations, evidence.citations[0]!] }),
  },
]

/**
 * The earlier answer comes first; the documents check it. A document that points the other way flags it with both
 * quotes; one that agrees adds its citation. The earlier answer's rule stays the deciding one.
 */
export function combine(fromLibrary: Answer, fromEvidence: Answer): Answer {
  if (
    !fromEvidence.citations.length ||
    fromEvidence.label === null ||
    fromEvidence.label === 'N/A' ||
    fromLibrary.label === 'N/A'
  )
    return fromLibrary
  const pair = { library: fromLibrary, evidence: fromEvidence }
  const rule = COMBINE_RULES.find((r) => r.when(pair))
  if (!rule) return fromLibrary
  return { ...rule.then(pair), rules: [...(fromLibrary.rules ?? []), rule.name] }
}
