import type { EvidenceDocument } from '../evidence/model'
import type { Question, Questionnaire } from '../questionnaire/model'
import { enforceVerbatim, evidenceIndex } from './citations'
import { FLAG_THRESHOLD, labelText, type Answer } from './model'
import { lapsedEvidence } from './lapsed'

export const NO_EVIDENCE = 'no evidence found'

const OBLIGATION: [RegExp, string][] = [
  [/\bnotif(?:y|ied|ication)\b[^.?]*\b(?:within|hours?|days?|business days?|timeframe|time frame)\b|\b\d+\s*(?:hours?|days?)\b[^.?]*\bnotif/i, 'a notification window'],
  [/\bsla\b|service[- ]level|uptime (?:guarantee|commitment)|\bavailability (?:guarantee|commitment|target)|response time (?:commitment|guarantee)/i, 'a service level'],
  // "Health Insurance Portability and Accountability Act" names a law, not a policy the vendor holds.
  [/\b(?:cyber[- ]?(?:risk |liability )?insurance|insurance (?:coverage|policy|policies|certificate|for)|carry [^.?]*insurance|insured)\b/i, 'insurance terms'],
  [/\bcontract(?:s|ual|ually)?\b|\bagreements?\b|\bindemnif|\bliabilit(?:y|ies)\b|\bwarrant(?:y|ies)\b|\bbaa\b|business associate agreement|right to audit|\bpenalt(?:y|ies)\b/i, 'contract terms'],
  [/\blegal (?:action|proceeding|claim|counsel|obligation|hold|requirement)s?\b|\blawsuits?\b|\blitigation\b|\bjurisdiction\b|\bsubpoena|\bgoverning law\b|\bsubject to\b[^.?]*\b(?:laws?|regulations?)\b/i, 'a legal question'],
  [/\b(?:are you willing|will you (?:agree|commit|accept|allow|permit|provide|notify|indemnify|sign))\b/i, 'a commitment'],
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

/**
 * The rules every engine's answers pass through, in one place: verbatim citations only; no evidence means a
 * flag; obligations, lapsed evidence and low confidence are flagged with a reason; dependent questions follow
 * their parent; the same question asked twice gets the same answer.
 */
export function finalizeAnswers(questionnaire: Questionnaire, raw: Answer[], evidence: EvidenceDocument[], options: FinalizeOptions = {}): Answer[] {
  const index = evidenceIndex(evidence)
  const lapsed = lapsedEvidence(evidence, options.now ?? new Date())
  const byKey = new Map(raw.map((a) => [a.key, a]))
  const done = new Map<string, Answer>()
  const firstByText = new Map<string, Answer>()
  const out: Answer[] = []
  for (const q of questionnaire.questions) {
    let a = byKey.get(q.key) ?? missing(q)
    const parent = q.dependsOn ? done.get(q.dependsOn.key) : undefined
    const twin = firstByText.get(sameQuestion(q.text))
    if (parent && parent.label !== q.dependsOn!.when && !(q.dependsOn!.when === 'YES' && parent.label === 'PARTIALLY')) {
      a = notApplicable(q, parent, questionnaire)
    } else if (twin && q.kind === 'question') {
      a = { ...twin, key: q.key, reasons: [...twin.reasons] }
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
  let confidence = a.confidence
  const add = (reason: string) => {
    if (!reasons.includes(reason)) reasons.push(reason)
  }
  if (q.kind === 'profile') return { ...a, flagged: true, reasons: reasons.length ? reasons : ['vendor profile detail: for you to fill in'] }
  if (!a.citations.length && !a.dependencyOf) {
    add(NO_EVIDENCE)
    confidence = Math.min(confidence, 0.3)
  }
  const obligation = obligationReason(q)
  if (obligation) add(obligation)
  for (const file of new Set(a.citations.map((c) => c.file))) {
    const why = lapsed.get(file)
    if (why) add(why)
  }
  if (confidence < FLAG_THRESHOLD && !reasons.length) add(`confidence ${Math.round(confidence * 100)} % is below ${FLAG_THRESHOLD * 100} %`)
  return { ...a, confidence, reasons, flagged: reasons.length > 0 || confidence < FLAG_THRESHOLD }
}

function notApplicable(q: Question, parent: Answer, questionnaire: Questionnaire): Answer {
  const parentId = questionnaire.questions.find((p) => p.key === q.dependsOn!.key)?.id ?? q.dependsOn!.key
  const reasons = parent.flagged ? [`follows ${parentId}, which is flagged for review`] : []
  return {
    key: q.key,
    label: 'N/A',
    text: `Not applicable: ${parentId} was answered ${labelText(parent)}.`,
    confidence: parent.confidence,
    citations: parent.citations,
    flagged: parent.flagged,
    reasons,
    dependencyOf: q.dependsOn!.key,
  }
}

function missing(q: Question): Answer {
  return { key: q.key, label: 'N/A', text: '', confidence: 0, citations: [], flagged: true, reasons: ['not answered'] }
}

function sameQuestion(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()
}
