import { isYesNoQuestion, type Question, type Questionnaire } from '../questionnaire/model'
import type { Answer, RuleEntry } from './model'

/** What to do with a Yes/No question the evidence is silent on: leave it for the user (default) or answer No. */
export type Unanswered = 'blank' | 'no'

/**
 * The user's choice for questions the evidence is silent on: 'blank' (the default) leaves them for the user;
 * 'no' answers the Yes/No ones No, flagged, for those who want a complete draft. Free-text rows stay empty.
 */
export function applyUnanswered(questionnaire: Questionnaire, answers: Answer[], mode: Unanswered = 'blank'): Answer[] {
  if (mode === 'blank') return answers
  const byKey = new Map(questionnaire.questions.map((q) => [q.key, q]))
  return answers.map((a) => {
    const q = byKey.get(a.key)
    return q && UNANSWERED_NO.when(q, a) ? UNANSWERED_NO.then(a) : a
  })
}

/** The rule behind `applyUnanswered` (run only when the user asked for No on silent rows). */
export const UNANSWERED_NO: RuleEntry & {
  when: (q: Question, a: Answer) => boolean
  then: (a: Answer) => Answer
} = {
  name: 'unanswered-no',
  reason: 'the user asked for No where the evidence is silent: Yes/No rows left blank are answered No, flagged',
  when: (q, a) => a.label === null && !a.preexisting && q.kind === 'question' && isYesNoQuestion(q),
  then: (a) => ({
    ...a,
    label: 'NO',
    text: 'No evidence found in the uploaded files; answered No because you chose "Answer No where my evidence is silent".',
    confidence: 0.2,
    flagged: true,
    reasons: ['no evidence found: answered No as you asked; check it'],
    rule: 'unanswered-no',
    rules: [...(a.rules ?? []), 'unanswered-no'],
  }),
}

/** A row whose question text is a formula QFill could not compute (issue 19): no engine sees it; it is flagged. */
export const UNREADABLE: RuleEntry & { then: (q: Question) => Answer } = {
  name: 'unreadable-question',
  reason:
    'the question text is a formula QFill could not compute: the row goes to no engine and is flagged with what to do',
  then: (q) => ({
    key: q.key,
    label: null,
    text: '',
    confidence: 0,
    citations: [],
    flagged: true,
    reasons: [q.unreadable ?? 'question text could not be read'],
    rule: 'unreadable-question',
    rules: ['unreadable-question'],
  }),
}
