import type { QueryTerm, TermStats } from './model'
import { isAcronym } from './stem'
import { GENERIC, questionTerms, subjectStems, words } from './terms'
import { alphanumerics } from './text'

/** Concepts too broad to show that a sentence is about the question's subject. */
const BROAD = new Set(['#policy', '#audit', '#monitoring', '#thirdparty'])
const MAX_WEIGHT = 5
/** A security concept weighs at least this (before its bonus), however often the evidence mentions it. */
const MIN_CONCEPT_WEIGHT = 3
/**
 * A question word found nowhere in the evidence ("involatile", "accomodate") cannot be matched by any sentence:
 * at full weight it would sink every candidate, at none a question about an absent subject would look answered.
 * It weighs like a common word, and the core-concept check in the engine keeps absent subjects unanswered.
 */
const ABSENT_WEIGHT = 1
/** Terms weighing at least this share of the heaviest are the question's core. */
const CORE_SHARE = 0.6

/**
 * The question's terms with their weights: rarer terms count more (capped, so one odd word of phrasing cannot
 * outweigh the subject), form words ("documented") and broad concepts count less, security concepts more;
 * `damp` lowers the questionnaire's own boilerplate (words most of its questions share).
 */
export function weighQuery(
  index: TermStats,
  text: string,
  examples: string[][],
  damp: (term: string) => number,
  /** The text's terms, when the caller has them already. */
  known?: string[],
): QueryTerm[] {
  // A security concept or an acronym the evidence never uses is still the question's subject ("single-tenant",
  // "NGPT"): it keeps full weight, so evidence about something else does not answer the question.
  const acronyms = new Set(
    alphanumerics(text)
      .filter(isAcronym)
      .flatMap((a) => words(a)),
  )
  const subject = (term: string) => (term.startsWith('#') && !BROAD.has(term)) || acronyms.has(term)
  const asSubject = subjectStems(text)
  const generic = (term: string) => GENERIC.has(term) && !asSubject.has(term)
  const weigh = (term: string) => {
    let w = index.df(term) || subject(term) ? Math.min(MAX_WEIGHT, index.idf(term)) : ABSENT_WEIGHT
    if (generic(term)) w *= 0.2
    else if (BROAD.has(term)) w = Math.max(w, MIN_CONCEPT_WEIGHT) * 0.75
    else if (term.startsWith('#')) w = Math.max(w, MIN_CONCEPT_WEIGHT) * 1.5
    return w * damp(term)
  }
  const main = [...new Set(known ?? questionTerms(text))]
  const seen = new Set(main)
  const out: QueryTerm[] = main.map((term) => ({ term, weight: weigh(term) }))
  examples.forEach((group, g) => {
    for (const term of group) if (!seen.has(term)) out.push({ term, weight: weigh(term), group: g })
  })
  // A word the evidence never uses, and the evidence's closest paraphrase of it, form a group as an example list
  // does: either one satisfies it ("contracts" in the question, "agreements" in the evidence).
  let group = examples.length
  for (const q of out.filter((o) => o.group === undefined && !subject(o.term) && !generic(o.term))) {
    const alike = index.paraphrase?.(q.term)
    if (!alike || seen.has(alike.stem)) continue
    q.group = group
    out.push({ term: alike.stem, weight: q.weight, group: group++ })
  }
  // The core is what the question is about: its security concepts and acronyms when it names any (an example
  // list naming one counts), else its heaviest words.
  const named = out.filter(
    (q) =>
      !generic(q.term) &&
      (q.group === undefined ? subject(q.term) : out.some((o) => o.group === q.group && subject(o.term))),
  )
  if (named.length) {
    // Named subjects are all required, third parties and audits included ("a third party audit of accessibility").
    for (const q of [
      ...named,
      ...out.filter((o) => o.group === undefined && BROAD.has(o.term) && o.term !== '#policy'),
    ]) {
      q.core = true
      q.required = true
    }
  } else {
    const broad = out.filter((q) => BROAD.has(q.term))
    const top = Math.max(0, ...out.filter((q) => q.group === undefined).map((q) => q.weight))
    for (const q of broad.length ? broad : out)
      if (q.group === undefined && (broad.length || q.weight >= top * CORE_SHARE)) q.core = true
  }
  return out
}
