import { GENERIC, standardTokens, terms } from './retrieval/terms'
import { concepts } from './retrieval/vocabulary'
import type { AnswerLabel } from './model'
import { isPublishedForm } from '../questionnaire/kind'

/** How earlier questions and answers are read for matching: labels, form families, subjects, polarity, terms. */

const LABELS: [RegExp, AnswerLabel][] = [
  [/^(?:y|yes|true|implemented|compliant|in place)\b/i, 'YES'],
  [/^(?:n|no|false|not implemented|non-?compliant)\b/i, 'NO'],
  [/^(?:n\/?a|not applicable)\b/i, 'N/A'],
  [/^partial/i, 'PARTIALLY'],
  [/^(?:planned|roadmap|in progress)\b/i, 'PLANNED'],
]

/** An answer cell's text as a label ("Yes", "No - see notes", "N/A"), or undefined for free text. */
export function labelOfCell(text: string): AnswerLabel | undefined {
  const t = text.trim().replace(/^\(?[0-9a-z]{1,2}[).:]\s*/i, '')
  return LABELS.find(([re]) => re.test(t))?.[1]
}

/**
 * "HECVAT Full 3.04" → "hecvat"; "CAIQ v4" → "caiq": the family whose ids mean the same question across versions.
 * None for a custom spreadsheet, CSV or Word form: two of those share no ids or wording by design.
 */
export function family(kind: string | undefined): string {
  if (!isPublishedForm(kind)) return ''
  return (
    (kind ?? '')
      .trim()
      .split(/[\s_-]+/)[0]
      ?.toLowerCase() ?? ''
  )
}

const NEGATION =
  /\b(?:not|no|never|without|cannot|can't|don't|doesn't|isn't|aren't|won't|outside|unable|prohibit\w*)\b/gi

/** What a question is about: the security concepts and whole standards' names it mentions. */
export function subjectsOf(text: string): Set<string> {
  const out = new Set(concepts(text).ids)
  // A standard with no concept of its own (ISO 9001, SOC 1, PCI PIN) is a subject by its whole name.
  for (const token of standardTokens(text).match(
    /\b(?:iso|iec|soc|pci|nist|fips|ssae|sas|hitrust|cmmi|csastar)[a-z0-9]+\b/g,
  ) ?? []) {
    if (!concepts(token.replace(/^([a-z]+)(\d)/, '$1 $2')).ids.length) out.add(token)
  }
  return out
}

export function polarityOf(text: string): number {
  return (text.match(NEGATION) ?? []).length % 2
}

export function normal(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/^\s*(?:\(?[0-9a-z]{1,3}[.)]\s+)/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

export function contentTerms(text: string): Set<string> {
  return new Set(terms(text).filter((t) => !GENERIC.has(t)))
}

export function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x))
}
