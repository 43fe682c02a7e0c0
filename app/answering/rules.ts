import type { EvidenceDocument } from '../evidence/model'
import { isYesNoQuestion, type Question, type Questionnaire } from '../questionnaire/model'
import { enforceVerbatim, evidenceIndex } from './citations'
import { FLAG_THRESHOLD, labelText, type Answer } from './model'
import { lapsedEvidence } from './lapsed'

/** The flag reason, and the comment the user reads, when nothing in the evidence answers a question. */
export const NO_EVIDENCE = 'no evidence found: needs your answer'
export const NO_EVIDENCE_TEXT = 'No evidence found in the uploaded files: needs your answer'

const OBLIGATION: [RegExp, string][] = [
  [
    /\bnotif(?:y|ied|ication)\b[^.?]*\b(?:within|hours?|days?|business days?|timeframe|time frame)\b|\b\d+\s*(?:hours?|days?)\b[^.?]*\bnotif/i,
    'a notification window',
  ],
  [
    /\bsla\b|service[- ]level|uptime (?:guarantee|commitment)|\bavailability (?:guarantee|commitment|target)|response time (?:commitment|guarantee)/i,
    'a service level',
  ],
  // "Health Insurance Portability and Accountability Act" names a law, not a policy the vendor holds.
  [
    /\b(?:cyber[- ]?(?:risk |liability )?insurance|insurance (?:coverage|policy|policies|certificate|for)|carry [^.?]*insurance|insured)\b/i,
    'insurance terms',
  ],
  [
    /\bcontract(?:s|ual|ually)?\b|\bagreements?\b|\bindemnif|\bliabilit(?:y|ies)\b|\bwarrant(?:y|ies)\b|\bbaa\b|business associate agreement|right to audit|\bpenalt(?:y|ies)\b/i,
    'contract terms',
  ],
  [
    /\blegal (?:action|proceeding|claim|counsel|obligation|hold|requirement)s?\b|\blawsuits?\b|\blitigation\b|\bjurisdiction\b|\bsubpoena|\bgoverning law\b|\bsubject to\b[^.?]*\b(?:laws?|regulations?)\b/i,
    'a legal question',
  ],
  [
    /\b(?:are you willing|will you (?:agree|commit|accept|allow|permit|provide|notify|indemnify|sign))\b/i,
    'a commitment',
  ],
]

/** Why answering this question commits the vendor to something a person must sign off, or undefined. */
export function obligationReason(question: Pick<Question, 'text'>): string | undefined {
  const hit = OBLIGATION.find(([re]) => re.test(question.text))
  return hit ? `commits you to ${hit[1]}: needs a person's sign-off` : undefined
}

export interface FinalizeOptions {
  /** The date evidence periods are judged against (an audit period that ended over 12 months before is lapsed). */
  now?: Date
}

/** What to do with a Yes/No question the evidence is silent on: leave it for the user (default) or answer No. */
export type Unanswered = 'blank' | 'no'

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
    let a = byKey.get(q.key) ?? noEvidenceAnswer(q)
    const parent = q.dependsOn ? done.get(q.dependsOn.key) : undefined
    const twin = firstByText.get(sameQuestion(q.text))
    if (
      parent &&
      parent.label !== null &&
      parent.label !== q.dependsOn!.when &&
      !(q.dependsOn!.when === 'YES' && parent.label === 'PARTIALLY')
    ) {
      a = notApplicable(q, parent, questionnaire)
    } else if (twin && q.kind === 'question') {
      a = { ...twin, key: q.key, reasons: [...twin.reasons], rules: [...(twin.rules ?? []), 'repeated-question'] }
    } else {
      a = checkOne(q, enforceVerbatim(a, index), lapsed)
    }
    done.set(q.key, a)
    if (q.kind === 'question' && !firstByText.has(sameQuestion(q.text))) firstByText.set(sameQuestion(q.text), a)
    out.push(a)
  }
  return out
}

function checkOne(q: Question, a: Answer, lapsed: Map<string, string>): Answer {
  const reasons = [...a.reasons]
  const confidence = a.confidence
  const add = (reason: string) => {
    if (!reasons.includes(reason)) reasons.push(reason)
  }
  if (q.kind === 'profile')
    return { ...a, flagged: true, reasons: reasons.length ? reasons : ['vendor profile detail: for you to fill in'] }
  // Never assert without evidence, whatever the engine: an answer that cites nothing is left for the user.
  if (!a.citations.length && !a.dependencyOf && !a.preexisting) {
    const why =
      a.label === null && a.reasons.length ? a.reasons : [...a.reasons.filter((r) => r !== NO_EVIDENCE), NO_EVIDENCE]
    return {
      key: a.key,
      label: null,
      text: a.label === null && a.text ? a.text : NO_EVIDENCE_TEXT,
      confidence: 0,
      citations: [],
      flagged: true,
      reasons: why,
      ...(a.rules ? { rules: a.rules } : {}),
    }
  }
  const rules = [...(a.rules ?? [])]
  if (a.reasons.some((r) => /not found verbatim/.test(r))) rules.push('quote-not-verbatim')
  const obligation = obligationReason(q)
  if (obligation) {
    add(obligation)
    rules.push('obligation')
  }
  for (const file of new Set(a.citations.map((c) => c.file))) {
    const why = lapsed.get(file)
    if (why) {
      add(why)
      if (!rules.includes('lapsed-evidence')) rules.push('lapsed-evidence')
    }
  }
  if (confidence < FLAG_THRESHOLD && !reasons.length)
    add(`confidence ${Math.round(confidence * 100)} % is below ${FLAG_THRESHOLD * 100} %`)
  return {
    ...a,
    confidence,
    reasons,
    flagged: reasons.length > 0 || confidence < FLAG_THRESHOLD,
    ...(rules.length ? { rules } : {}),
  }
}

/**
 * A row that applies only given another answer follows that answer: N/A when it does not apply. It is not flagged
 * for its parent's sake (the parent carries its own flag, and changing it changes this row); its confidence is
 * that of a rule applied to a given answer.
 */
function notApplicable(q: Question, parent: Answer, questionnaire: Questionnaire): Answer {
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
    rules: ['follows-parent'],
  }
}

const FOLLOWS_PARENT_CONFIDENCE = 0.9

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
  }
}

/**
 * The user's choice for questions the evidence is silent on: 'blank' (the default) leaves them for the user;
 * 'no' answers the Yes/No ones No, flagged, for those who want a complete draft. Free-text rows stay empty.
 */
export function applyUnanswered(questionnaire: Questionnaire, answers: Answer[], mode: Unanswered = 'blank'): Answer[] {
  if (mode === 'blank') return answers
  const byKey = new Map(questionnaire.questions.map((q) => [q.key, q]))
  return answers.map((a) => {
    const q = byKey.get(a.key)
    if (a.label !== null || a.preexisting || !q || q.kind !== 'question' || !isYesNoQuestion(q)) return a
    return {
      ...a,
      label: 'NO',
      text: 'No evidence found in the uploaded files; answered No because you chose "Answer No where my evidence is silent".',
      confidence: 0.2,
      flagged: true,
      reasons: ['no evidence found: answered No as you asked; check it'],
    }
  })
}

function sameQuestion(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}
