import { terms } from './tokens'

export interface QuestionParts {
  /** What is asked, without follow-up instructions, leading conditions or example lists. */
  asked: string
  /** Example lists ("e.g. SAML, OAuth, CAS"): any one of the items satisfies the list. */
  examples: string[]
}

const EXAMPLE_LIST = /[([]\s*(?:e\.?g\.?|i\.?e\.?|for example|such as|including)[,:]?\s*([^)\]]*)[)\]]|,?\s*such as ([^.?;]+)/gi

/**
 * Splits a question into what it asks and its examples. "If you don't support SSO, does ... support MFA?"
 * asks about MFA; "... single-tenant? If not, describe ..." asks about single tenancy.
 */
export function questionParts(text: string): QuestionParts {
  let asked = text.replace(/\s+/g, ' ').trim()
  const mark = asked.indexOf('?')
  if (mark > 0 && mark < asked.length - 1) asked = asked.slice(0, mark + 1)
  asked = asked.replace(/^if [^,?]{3,80}, (?=(?:do|does|is|are|can|will|has|have)\b)/i, '')
  const examples: string[] = []
  asked = asked.replace(EXAMPLE_LIST, (_, inside?: string, tail?: string) => {
    examples.push((inside ?? tail ?? '').trim())
    return ' '
  })
  return { asked, examples: examples.filter(Boolean) }
}

/** Terms of each example list, one group per list. */
export function exampleGroups(parts: QuestionParts): string[][] {
  return parts.examples.map((list) => [...new Set(terms(list))]).filter((g) => g.length > 0)
}
