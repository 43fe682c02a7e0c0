import type { Question } from '../questionnaire/model'

/** Questions that commit the vendor to something a person must sign off (rules-table: `obligation`). */
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
