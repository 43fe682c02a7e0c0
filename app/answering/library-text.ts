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
export function subjectsOf(wording: string): Set<string> {
  const text = canonicalWording(wording)
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

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']

/**
 * A question's wording with what versions of a form spell differently made alike, so the same question matches
 * itself across versions: a prefix written with or without its hyphen ("pre-approved" / "preapproved"), a number in
 * words or digits ("two years" / "2 years"), round the clock however written ("24 x 7" / "24x7"), the
 * assessed thing by either of its generic names ("your solution" / "your product", as forms renamed it), and
 * references to other questions' ids, which a new version renumbers ("the method named in TOOL-04").
 */
export function canonicalWording(text: string): string {
  return text
    .replace(/\b(pre|re|non|co|un|sub|multi|anti|semi|post)-(?=[a-z])/gi, '$1')
    .replace(/\b24\s*[x×/]\s*7(?:\s*[x×/]\s*365)?\b/gi, '24x7')
    .replace(/\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi, (w) =>
      String(NUMBER_WORDS.indexOf(w.toLowerCase()) + 1),
    )
    .replace(/\bsolutions?\b/gi, (w) => (w.toLowerCase().endsWith('s') ? 'products' : 'product'))
    .replace(/\b[A-Z]{2,5}-\d{1,3}(?:\.\d{1,2})?\b/g, ' ')
}

/** The words two questions are compared by (library matching): content terms of the canonical wording. */
export function contentTerms(text: string): Set<string> {
  return new Set(terms(canonicalWording(text)).filter((t) => !GENERIC.has(t)))
}

/**
 * The numbers a question states, each once, in the order it states them, single digits included (content terms drop
 * one-character tokens) and a version read whole ("140-3", "1.2"): "within 3 days" and "within 5 days" differ only
 * here, and two questions that differ here are not the same question.
 */
export function numbersOf(text: string): string[] {
  return [...new Set(canonicalWording(text).match(/(?<![\w.-])\d+(?:[.-]\d+)*(?![\w.-])/g) ?? [])]
}
