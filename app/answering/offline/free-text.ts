import { isHeading } from '../retrieval/headings'
import { namesSubject } from './subject'
import type { Ask } from './ask'
import { askedFor } from './question-word'

/** "X refers to ...", "X is defined as ...", "X means ...": a glossary entry, whose subject is a word, not a practice. */
const DEFINITION = /^\W*(?:\S+\s+){0,5}?(?:refers? to|(?:is|are) defined as|means|stands for)\b/i

/**
 * The share of the question's weighted terms a sentence must cover to be sent as the answer's text unchecked. A
 * Yes/No verdict can be right from a sentence that shares a third of the question (the verdict is one word); a
 * free-text answer is the sentence itself, so one covering less than half of the question answers something else.
 */
export const FREE_TEXT_COVERAGE = 0.5

/**
 * Why a document sentence does not answer a free-text question on its own, or undefined when it does: it must be
 * a statement (a heading is context, never an answer), name the question's subject itself, cover at least half of
 * the question, and give what the question word asks for (who → parties, where → places, how often → a period, how
 * long → an amount of time, which tool → a name).
 */
export function freeTextGap(a: Ask): string | undefined {
  const sentence = a.lead.hit.sentence
  if (isHeading(sentence.text, sentence.passage)) return 'the passage is a heading, not an answer'
  if (DEFINITION.test(sentence.text)) return 'the sentence defines a term, it does not say what is done'
  if (a.about.length && !namesSubject(a.about, sentence.terms, new Set(), sentence.text))
    return 'the sentence does not itself name what the question is about'
  if (a.lead.hit.coverage < FREE_TEXT_COVERAGE) return 'the sentence covers less than half of what the question asks'
  return questionWordGap(a)
}

/**
 * What the question word asks for (who, where, how often, how long, which tool) when the lead sentence does not give
 * it. Also read for a question asked with a question word over a Yes/No list ("How long are logs kept?" with a
 * Yes/No cell): its Yes says only that there is such a practice, not what was asked of it.
 */
export function questionWordGap(a: Ask): string | undefined {
  const asked = askedFor(a.asked)
  return asked && !asked.gives.test(a.lead.hit.sentence.text) ? `the sentence does not say ${asked.what}` : undefined
}
