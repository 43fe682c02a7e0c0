import type { EvidenceDocument } from '../evidence/model'
import type { Question, Questionnaire } from '../questionnaire/model'
import { clipQuote, enforceVerbatim, evidenceIndex, isVerbatim, type EvidenceIndex } from './citations'
import { confidencePercent, FLAG_THRESHOLD, type Answer, type RuleEntry, type RuleName } from './model'
import { applyProfileRule, NO_EVIDENCE, notApplicable } from './contract-answers'
import { lapsedEvidence } from './lapsed'
import { obligationReason } from './obligation'

export { NO_EVIDENCE } from './contract-answers'
export const NO_EVIDENCE_TEXT = 'No evidence found in the uploaded files: needs your answer'

export interface FinalizeOptions {
  /** The date evidence periods are judged against (an audit period that ended over 12 months before is lapsed). */
  now?: Date
}

/** A question as the contract's rules see it: its answer so far, and what the run knows around it. */
export interface Checked {
  q: Question
  a: Answer
  questionnaire: Questionnaire
  index: EvidenceIndex
  lapsed: Map<string, string>
  /** The answer of the question this one depends on ("If yes, ..."), when it has one. */
  parent?: Answer
  /** The answer to the same question asked earlier in the form. */
  twin?: Answer
}

type ContractRule = RuleEntry & {
  /** decide: the effect is the answer, and the walk stops; adjust: the effect changes it, and the walk goes on. */
  kind: 'decide' | 'adjust'
  when: (c: Checked) => boolean
  then: (c: Checked) => Answer
  /** What happens when the predicate does not hold (a mechanical step of the same rule), if anything. */
  otherwise?: (c: Checked) => Answer
}

const add = (a: Answer, reason: string): string[] => (a.reasons.includes(reason) ? a.reasons : [...a.reasons, reason])

/** The rules every engine's answers pass through (finalizeAnswers walks them in this order). */
export const CONTRACT_RULES: ContractRule[] = [
  {
    name: 'follows-parent',
    kind: 'decide',
    reason: 'a row that applies only given another answer is N/A when that answer says so',
    when: ({ q, parent }) =>
      Boolean(parent) &&
      parent!.label !== null &&
      parent!.label !== q.dependsOn!.when &&
      !(q.dependsOn!.when === 'YES' && parent!.label === 'PARTIALLY'),
    then: ({ q, parent, questionnaire }) => notApplicable(q, parent!, questionnaire),
  },
  {
    name: 'repeated-question',
    kind: 'decide',
    reason: 'a question asked twice gets the first answer',
    when: ({ q, twin }) => Boolean(twin) && q.kind === 'question',
    then: ({ q, twin }) => ({
      ...twin!,
      key: q.key,
      reasons: [...twin!.reasons],
      // The first answer's rule decided it; this row records that it was repeated.
      rules: [...(twin!.rules ?? []), 'repeated-question'],
    }),
  },
  {
    name: 'quote-not-verbatim',
    kind: 'adjust',
    reason: 'a quote not found verbatim in the cited file is removed, confidence lowered by 0.25 each',
    when: ({ a, index }) => a.citations.some((c) => !isVerbatim(index, { ...c, quote: clipQuote(c.quote) })),
    then: ({ a, index }) => enforceVerbatim(a, index),
    // Quotes that are verbatim still get their location corrected and their length clipped.
    otherwise: ({ a, index }) => enforceVerbatim(a, index),
  },
  {
    name: 'profile-detail',
    kind: 'decide',
    reason: 'company-profile rows (vendor name, contact, date) are for the user to state: flagged',
    when: ({ q }) => q.kind === 'profile',
    then: ({ a }) => applyProfileRule(a),
  },
  {
    name: 'uncited',
    kind: 'decide',
    reason: 'never assert without evidence: an answer that cites nothing is left for the user, whatever the engine',
    when: ({ a }) => !a.citations.length && !a.dependencyOf && !a.preexisting,
    then: ({ a }) => ({
      key: a.key,
      label: null,
      text: a.label === null && a.text ? a.text : NO_EVIDENCE_TEXT,
      confidence: 0,
      citations: [],
      flagged: true,
      reasons:
        a.label === null && a.reasons.length ? a.reasons : [...a.reasons.filter((r) => r !== NO_EVIDENCE), NO_EVIDENCE],
      // An answer that was already "no answer" keeps the rule that left it so.
      ...(a.label === null
        ? { rule: a.rule ?? 'uncited', ...(a.rules ? { rules: a.rules } : {}) }
        : { rule: 'uncited' as const, rules: [...(a.rules ?? []), 'uncited' as const] }),
    }),
  },
  {
    name: 'obligation',
    kind: 'adjust',
    reason: 'the question commits the vendor (notification windows, SLAs, contracts): flagged for sign-off',
    // The same product's own answer to the same question, reused as it was, was signed off when it was given.
    when: ({ q, a }) => obligationReason(q) !== undefined && !ownAnswerReused(a),
    then: ({ q, a }) => ({ ...a, reasons: add(a, obligationReason(q)!) }),
  },
  {
    name: 'lapsed-evidence',
    kind: 'adjust',
    reason: 'the cited audit period ended over 12 months ago or the certificate expired: flagged',
    when: ({ a, lapsed }) => a.citations.some((c) => lapsed.has(c.file)),
    then: ({ a, lapsed }) => {
      let reasons = a.reasons
      for (const file of new Set(a.citations.map((c) => c.file))) {
        const why = lapsed.get(file)
        if (why) reasons = add({ ...a, reasons }, why)
      }
      return { ...a, reasons }
    },
  },
  {
    name: 'low-confidence',
    kind: 'adjust',
    reason: 'an answer below the flag threshold with no other reason says its confidence',
    when: ({ a }) => a.confidence < FLAG_THRESHOLD && !a.reasons.length,
    then: ({ a }) => ({
      ...a,
      reasons: add(a, `confidence ${confidencePercent(a.confidence)} % is below ${FLAG_THRESHOLD * 100} %`),
    }),
  },
]

/**
 * The rules every engine's answers pass through, in one place: verbatim citations only; no evidence means a
 * flag; obligations, lapsed evidence and low confidence are flagged with a reason; dependent questions follow
 * their parent; the same question asked twice gets the same answer.
 */
export function finalizeAnswers(
  questionnaire: Questionnaire,
  raw: Answer[],
  evidence: EvidenceDocument[],
  options: FinalizeOptions = {},
): Answer[] {
  const index = evidenceIndex(evidence)
  const lapsed = lapsedEvidence(evidence, options.now ?? new Date())
  const byKey = new Map(raw.map((a) => [a.key, a]))
  const done = new Map<string, Answer>()
  const firstByText = new Map<string, Answer>()
  const out: Answer[] = []
  for (const q of questionnaire.questions) {
    const a = walkContract({
      q,
      a: byKey.get(q.key) ?? noEvidenceAnswer(q),
      questionnaire,
      index,
      lapsed,
      parent: q.dependsOn ? done.get(q.dependsOn.key) : undefined,
      twin: firstByText.get(sameQuestion(q.text)),
    })
    done.set(q.key, a)
    if (q.kind === 'question' && !firstByText.has(sameQuestion(q.text))) firstByText.set(sameQuestion(q.text), a)
    out.push(a)
  }
  return withFollowers(out)
}

/**
 * A flagged answer that rows follow (they are N/A because of it) says how many: a reviewer who checks only the flagged
 * rows learns that changing this one changes them too. Rows that follow a parent are never flagged for its sake.
 */
function followersReason(n: number): string {
  const rows = n === 1 ? '1 row follows' : `${n} rows follow`
  return `${rows} this answer as N/A: if you change it, answer ${n === 1 ? 'that row' : 'them'} too`
}

function withFollowers(answers: Answer[]): Answer[] {
  const followers = new Map<string, number>()
  for (const a of answers)
    if (a.rule === 'follows-parent' && a.dependencyOf)
      followers.set(a.dependencyOf, (followers.get(a.dependencyOf) ?? 0) + 1)
  return answers.map((a) => {
    const n = followers.get(a.key)
    return n && a.flagged ? { ...a, reasons: add(a, followersReason(n)) } : a
  })
}

function walkContract(c: Checked): Answer {
  const fired: RuleName[] = []
  for (const rule of CONTRACT_RULES) {
    if (!rule.when(c)) {
      if (rule.otherwise) c = { ...c, a: rule.otherwise(c) }
      continue
    }
    c = { ...c, a: rule.then(c) }
    // A decide rule's answer records itself (or, like a repeat, the rule it took its answer from).
    if (rule.kind === 'decide') return withFired(c.a, fired)
    fired.push(rule.name)
  }
  const flagged = c.a.reasons.length > 0 || c.a.confidence < FLAG_THRESHOLD
  return withFired({ ...c.a, flagged }, fired)
}

/** An earlier answer of the same product (or of no named product) to the same question, reused unchanged. */
function ownAnswerReused(a: Answer): boolean {
  const rules = a.rules ?? []
  return (
    (a.rule === 'library-exact' || a.rule === 'library-same-id') &&
    !rules.some((r) => r === 'library-other-product' || r === 'library-contradicted' || r === 'library-period')
  )
}

/** Adds the contract's adjust rules that fired to the answer's record. */
function withFired(a: Answer, fired: RuleName[]): Answer {
  const rules = [...(a.rules ?? [])]
  for (const name of fired) if (!rules.includes(name)) rules.push(name)
  return rules.length ? { ...a, rules } : a
}

/** The answer every engine gives where nothing in the evidence answers the question: left for the user, flagged. */
export function noEvidenceAnswer(q: Pick<Question, 'key'>): Answer {
  return {
    key: q.key,
    label: null,
    text: NO_EVIDENCE_TEXT,
    confidence: 0,
    citations: [],
    flagged: true,
    reasons: [NO_EVIDENCE],
    rule: 'no-evidence',
  }
}

function sameQuestion(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}
