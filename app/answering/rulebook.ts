import { CONTRACT_RULES } from './contract'
import { EXISTING_RULES } from './existing'
import { LIBRARY_RULES, OTHER_PRODUCT, PERIOD } from './library-rules'
import { RULE_NAMES, type RuleEntry, type RuleName } from './model'
import { COMBINE_RULES } from './offline/combine'
import { OFFLINE_RULES } from './offline/rules-table'
import { UNANSWERED_NO, UNREADABLE } from './unanswered'

/** The LLM engines' own answers: the model reads the passages and the earlier answer under the same contract. */
export const LLM_RULES: RuleEntry[] = [
  {
    name: 'llm-answer',
    reason:
      "the model's answer from the retrieved passages and earlier answer (checked by the contract like any other)",
  },
  {
    name: 'llm-failed',
    reason: "the provider kept failing: the offline engine's answer, flagged with the provider's error",
  },
]

export type Stage = 'offline engine' | 'earlier questionnaires' | 'LLM engines' | 'output contract' | 'kept answers'

/**
 * Every rule of every stage, in the order a question meets them: the offline engine's table, the earlier
 * questionnaires' match and check, the LLM engines, the output contract every engine passes through, and the
 * uploaded questionnaire's own answers. `npm run bench:accuracy -- --rules` prints it with how often each fires.
 */
export const RULES: (RuleEntry & { stage: Stage })[] = [
  ...OFFLINE_RULES.map((r) => ({ name: r.name, reason: r.reason, stage: 'offline engine' as const })),
  ...[...LIBRARY_RULES, OTHER_PRODUCT, PERIOD, ...COMBINE_RULES].map((r) => ({
    name: r.name,
    reason: r.reason,
    stage: 'earlier questionnaires' as const,
  })),
  ...LLM_RULES.map((r) => ({ ...r, stage: 'LLM engines' as const })),
  ...CONTRACT_RULES.map((r) => ({ name: r.name, reason: r.reason, stage: 'output contract' as const })),
  ...[...EXISTING_RULES, UNANSWERED_NO, UNREADABLE].map((r) => ({
    name: r.name,
    reason: r.reason,
    stage: 'kept answers' as const,
  })),
]

/** Names the table lacks or lists twice: both must be empty (rulebook.test.ts). */
export function tableProblems(): { missing: RuleName[]; twice: RuleName[] } {
  const names = RULES.map((r) => r.name)
  return {
    missing: RULE_NAMES.filter((n) => !names.includes(n)),
    twice: names.filter((n, i) => names.indexOf(n) !== i),
  }
}
