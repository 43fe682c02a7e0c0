import type { Question, Questionnaire } from '../questionnaire/model'
import { labelText, type Answer } from './model'

/** The answers the output contract's own rules give (contract.ts): profile rows and rows that follow a parent. */

/** The flag reason when nothing in the evidence answers a question. */
export const NO_EVIDENCE = 'no evidence found: needs your answer'

/** Company-profile rows are the user's to state: flagged for that reason (not for "no evidence"). */
export function applyProfileRule(a: Answer): Answer {
  const others = a.reasons.filter((r) => r !== NO_EVIDENCE && r !== PROFILE_REASON)
  const rules = [...(a.rules ?? []).filter((r) => r !== 'profile-detail'), 'profile-detail' as const]
  return { ...a, flagged: true, reasons: [PROFILE_REASON, ...others], rule: 'profile-detail', rules }
}

export const PROFILE_REASON = 'company profile detail: left for you to fill in'

/**
 * A row that applies only given another answer follows that answer: N/A when it does not apply. It is not flagged
 * for its parent's sake (the parent carries its own flag, and changing it changes this row); its confidence is
 * that of a rule applied to a given answer.
 */
export function notApplicable(q: Question, parent: Answer, questionnaire: Questionnaire): Answer {
  const parentId = questionnaire.questions.find((p) => p.key === q.dependsOn!.key)?.id ?? q.dependsOn!.key
  return {
    key: q.key,
    label: 'N/A',
    text: `Not applicable: ${parentId} was answered ${labelText(parent)}; if you change ${parentId}, answer this row too.`,
    confidence: FOLLOWS_PARENT_CONFIDENCE,
    citations: [],
    flagged: false,
    reasons: [],
    dependencyOf: q.dependsOn!.key,
    rule: 'follows-parent',
    rules: ['follows-parent'],
  }
}

const FOLLOWS_PARENT_CONFIDENCE = 0.9
