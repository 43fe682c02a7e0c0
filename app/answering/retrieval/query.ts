import { tagWords } from './grammar'
import { questionTerms, terms } from './terms'
import { collapseSpace } from './text'

/** What an answerer knows about the questionnaire beyond the question itself. */
export interface AskContext {
  /** Weight multiplier for the questionnaire's boilerplate words. */
  damp?: (term: string) => number
  /** What the question before this one asked: "Are the policies ... reviewed?" means its policies. */
  previous?: string
  /** The question already read by the caller (readQuestion), so it is not read again. */
  read?: ReadQuestion
}

export interface QuestionParts {
  /** What is asked, without follow-up instructions, leading conditions or example lists. */
  asked: string
  /** Example lists ("e.g. SAML, OAuth, CAS"): any one of the items satisfies the list. */
  examples: string[]
  /**
   * Those the question gives as instances of what it means ("e.g.", "such as"); not those restating it ("i.e.") or
   * saying what it takes in ("including").
   */
  instances: string[]
  /** Those restating it ("i.e."). */
  restatements: string[]
}

const QUALIFIER =
  /,?\s*\b(?:and|or) (?:when|whenever|after|upon) (?:any )?significant (?:changes?|events?) (?:occur|occurs|are made|happen)?\b,?|,?\s*\b(?:if|when|where|whenever|as) (?:possible|applicable|feasible|appropriate|necessary|needed|required)(?: and (?:possible|applicable|feasible|appropriate))?\b,?/gi
const EXAMPLE_LIST =
  /[([]\s*(e\.?g\.?|i\.?e\.?|for example|such as|including)[,:]?\s*([^)\]]*)[)\]]|,?\s*such as ([^.?;]+)/gi

/**
 * A question's leading condition and what follows it: "For tenants without SSO, do you ...?" gives the condition
 * "For tenants without SSO" and "do you ...?". A clause up to the first comma, opened by for/if/when/where/unless;
 * otherwise no condition (and `rest` is the text). Retrieval and library matching both read conditions through it.
 */
export function splitCondition(text: string): { condition: string; rest: string } {
  const m = /^\s*((?:for|if|when|where|unless)\b[^,?]{2,100}),\s*(\S[^]*)$/i.exec(text)
  return m ? { condition: m[1]!, rest: m[2]! } : { condition: '', rest: text }
}

/** A question asked under the condition, not about it: an auxiliary opens it and no pronoun points back. */
const POSED_UNDER_IT = /^(?:do|does|is|are|can|will|has|have)\b(?! (?:it|they|this|these|that|those)\b)/i

/**
 * Splits a question into what it asks and its examples. "If you don't support SSO, does ... support MFA?"
 * asks about MFA; "... single-tenant? If not, describe ..." asks about single tenancy.
 */
export function questionParts(text: string): QuestionParts {
  let asked = collapseSpace(text)
  const mark = asked.indexOf('?')
  if (mark > 0 && mark < asked.length - 1) asked = asked.slice(0, mark + 1)
  // A leading condition ("If mobile, ...", "For customers not using SSO, ...") says where the question applies, not
  // what it asks: its words would match evidence about the condition ("we support SSO") rather than the practice.
  // Unless the question points back to it ("If you have a SOC 2 report, does it include ...?"): then it is the subject.
  const { condition, rest } = splitCondition(asked)
  if (condition && POSED_UNDER_IT.test(rest)) asked = rest
  // Qualifiers that soften what is asked ("if possible", "where applicable") are not part of the practice.
  asked = asked.replace(QUALIFIER, ' ')
  const examples: string[] = []
  const instances: string[] = []
  const restatements: string[] = []
  asked = asked.replace(EXAMPLE_LIST, (_, marker?: string, inside?: string, tail?: string) => {
    // "Are secrets such as API tokens and passwords rotated every 90 days?": a list with no brackets ends where the
    // question's own predicate resumes.
    const end = tail === undefined ? 0 : listEnd(tail)
    const list = (inside ?? tail?.slice(0, end) ?? '').trim()
    examples.push(list)
    const restates = /^i\.?e/i.test(marker ?? '')
    if (list && restates) restatements.push(list)
    else if (list && !/^including/i.test(marker ?? '')) instances.push(list)
    return ` ${tail?.slice(end) ?? ''}`
  })
  return { asked, examples: examples.filter(Boolean), instances, restatements }
}

/**
 * Where an example list written without brackets ends ("API tokens and passwords | rotated at least every 90 days"):
 * at the first verb, auxiliary, "to" or adverb after the list has named a thing, as the tagger reads the words (a
 * participle before a noun or a hyphenated word describes the next item); the text's length when the list runs on.
 */
function listEnd(tail: string): number {
  let named = false
  let at = 0
  const tagged = tagWords(tail)
  for (const [k, w] of tagged.entries()) {
    const found = tail.indexOf(w.text, at)
    if (found < 0) break
    // A participle before a noun, or a hyphenated word ("role-based"), describes the next item.
    const verb = ['VERB', 'AUX'].includes(w.pos) || (w.pos === 'ADJ' && /ed$/.test(w.lower))
    // A verb in -s inside a list is a plural the tagger misread ("ledger permits").
    const describes =
      w.text.includes('-') || /s$/.test(w.lower) || ['NOUN', 'PROPN', 'ADJ'].includes(tagged[k + 1]?.pos ?? '')
    if (named && ((verb && !describes) || ['PART', 'ADV'].includes(w.pos))) return found
    if (['NOUN', 'PROPN', 'NUM'].includes(w.pos)) named = true
    at = found + w.text.length
  }
  return tail.length
}

/** A question read once: its parts, and the terms of what it asks. */
export interface ReadQuestion {
  parts: QuestionParts
  terms: string[]
}

export function readQuestion(text: string): ReadQuestion {
  const parts = questionParts(text)
  return { parts, terms: questionTerms(parts.asked) }
}

/** A list of more than one item: separated by commas, semicolons, slashes, "+", "&", "and" or "or". */
const SEVERAL_ITEMS = /[,;/+&]|\b(?:and|or)\b/i

/**
 * Terms of each example list, one group per list: any one term of a group stands for the list. A restatement of one
 * item in several words ("i.e., data subject rights") is no list of alternatives: read as one, its every word would
 * stand for it, and a sentence that names "subject" ("becomes subject to another policy") would cover it. It is left
 * out; the question states what it restates.
 */
export function exampleGroups(parts: QuestionParts): string[][] {
  return parts.examples.flatMap((list) => {
    const group = [...new Set(terms(list))]
    const oneRestatedItem = parts.restatements.includes(list) && !SEVERAL_ITEMS.test(list) && group.length > 1
    return group.length && !oneRestatedItem ? [group] : []
  })
}

/** A term in at least this share of a questionnaire's questions is its boilerplate, not any question's subject. */
const BOILERPLATE_SHARE = 0.1
const BOILERPLATE_DAMP = 0.3
const MIN_QUESTIONS = 20

/**
 * Down-weighting for the questionnaire's own boilerplate: CAIQ repeats "established, documented, approved,
 * communicated, applied, evaluated, and maintained" in most questions, so those words say nothing about which
 * practice a question asks about. Small questionnaires have too few questions to tell.
 */
export function boilerplate(questions: (string | ReadQuestion)[]): (term: string) => number {
  if (questions.length < MIN_QUESTIONS) return () => 1
  const counts = new Map<string, number>()
  for (const q of questions)
    for (const t of new Set(typeof q === 'string' ? questionTerms(questionParts(q).asked) : q.terms))
      counts.set(t, (counts.get(t) ?? 0) + 1)
  // Security concepts are subjects even when a whole section asks about them ("accessibility" in nine questions).
  return (term) =>
    !term.startsWith('#') && (counts.get(term) ?? 0) >= questions.length * BOILERPLATE_SHARE ? BOILERPLATE_DAMP : 1
}
