import type { Question } from '../../questionnaire/model'
import { clipQuote } from '../citations'
import { MAX_QUOTE_CHARS, type Answer, type AnswerLabel, type Citation } from '../model'
import { NO_EVIDENCE_TEXT, noEvidenceAnswer } from '../contract'
import type { Hit } from '../retrieval'
import { stemToken } from '../retrieval/stem'
import { conceptSpans } from '../retrieval/vocabulary'
import { alphanumericRuns, collapseSpace, inCapitals } from '../retrieval/text'

/** Answers the engine gives without weighing evidence for a label: no evidence, events, unmet conditions, providers. */

/** "If you don't support SSO, does ... support MFA?" when the evidence says SSO is supported: not applicable. */
export function conditionUnmet(q: Question, what: string, met: Answer): Answer {
  return {
    key: q.key,
    label: 'N/A',
    text: `Not applicable: asked only if you do not ${what}, and the evidence says you do.`,
    confidence: met.confidence,
    citations: met.citations,
    flagged: true,
    reasons: [`asked only if you do not ${what}; the evidence says you do`],
  }
}

/** "Does your company manage the data center?" when the evidence says a provider runs it: No, for a person to confirm. */
export function performedByProvider(q: Question, hit: Hit): Answer {
  return readAsNo(q, hit, 'the evidence says a provider does this for you, not your own staff')
}

/** "Are you storing passwords in plaintext?" when the evidence says passwords are encrypted: No, for a person to confirm. */
export function oppositePractice(q: Question, practice: string, hit: Hit): Answer {
  return readAsNo(q, hit, `asks about a bad practice (${practice}); the evidence states the opposite`)
}

/** A No read from what a sentence implies rather than states: cited, capped below the flag threshold. */
function readAsNo(q: Question, hit: Hit, reason: string): Answer {
  return {
    key: q.key,
    label: 'NO',
    text: summary('NO', hit.sentence.text),
    confidence: Math.round(Math.min(0.8, 0.25 + 0.75 * hit.coverage) * 1000) / 1000,
    citations: [cite(hit)],
    flagged: true,
    reasons: [reason],
  }
}

/**
 * "Have you had a breach in the last 12 months?" asks about events, and evidence describes practices: a breach
 * response plan is no evidence of a breach. The cautious answer is No, for a person to confirm.
 */
export function pastEvent(q: Question): Answer {
  return {
    ...noEvidenceAnswer(q),
    reasons: ['asks whether something happened: the evidence describes practices, not events; needs your answer'],
  }
}

const WORD: Record<AnswerLabel, string> = {
  YES: 'Yes',
  NO: 'No',
  PARTIALLY: 'Partially',
  PLANNED: 'Planned',
  'N/A': 'Not applicable',
}

export function summary(label: AnswerLabel, sentence: string): string {
  const text = rowText(sentence)
  return `${WORD[label]}. ${text.length > 240 ? `${clipQuote(text)}…` : text}`
}

/**
 * A sentence as an answer cell shows it: on one line (a hard-wrapped paragraph's line breaks are spaces), and a table
 * row's cells (apart by a tab) named by their column when the header row has one per cell ("Control: Vulnerability
 * scanning; Frequency: Weekly"), else apart by a semicolon. A tab in a cell is invisible, and the cells run together.
 */
export function rowText(sentence: string, header?: string): string {
  const line = (text: string) => text.replace(/[^\S\t]+/g, ' ').trim()
  if (!sentence.includes('\t')) return line(sentence)
  const cells = sentence.split('\t').map(line)
  const names = header?.split('\t').map(line)
  if (names && names.length === cells.length && names.every(Boolean))
    return cells.flatMap((c, i) => (c ? [`${names[i]}: ${c}`] : [])).join('; ')
  return cells.filter(Boolean).join('; ')
}

export function cite(hit: Hit): Citation {
  return {
    file: hit.sentence.passage.file,
    location: hit.sentence.passage.location,
    quote: quoteOf(hit.sentence.text, hit.matched),
  }
}

/**
 * The part of a sentence a quote shows: the whole sentence when it fits in a quote, else the stretch of it (at most
 * MAX_QUOTE_CHARS, from a word's start) that holds most of the question's terms the sentence matched, each term once
 * and a concept counting twice; the sentence's opening when no stretch holds more. A long sentence that names the
 * subject near its end ("..., and administrators can also turn on MFA") is quoted where it does, not by a first clause
 * that says nothing of it. Still a verbatim span of the file. One pass over the sentence, however long it is.
 */
export function quoteOf(sentence: string, matched: ReadonlySet<string>): string {
  const q = collapseSpace(sentence)
  if (q.length <= MAX_QUOTE_CHARS || !matched.size) return clipQuote(q)
  const found = spansOf(q, matched)
  // Windows start at the opening or at a matched word; a term counts while any of its spans lies inside the window.
  const counts = new Map<string, number>()
  let score = 0
  let best = 0
  let bestScore = -1
  let next = 0
  let first = 0
  for (const start of [0, ...found.map((f) => f.from)]) {
    for (; next < found.length && found[next]!.to <= start + MAX_QUOTE_CHARS; next++) {
      const { term, weight } = found[next]!
      counts.set(term, (counts.get(term) ?? 0) + 1)
      if (counts.get(term) === 1) score += weight
    }
    for (; first < next && found[first]!.from < start; first++) {
      const { term, weight } = found[first]!
      counts.set(term, counts.get(term)! - 1)
      if (!counts.get(term)) score -= weight
    }
    if (score > bestScore) [best, bestScore] = [start, score]
  }
  // A window near the end takes the words before it, to a quote's full length.
  return clipQuote(q.slice(Math.min(best, wordStart(q, q.length - MAX_QUOTE_CHARS))))
}

/** The spans of the matched terms in a text, by start: its words by their term, and the concepts it spells. */
function spansOf(
  text: string,
  matched: ReadonlySet<string>,
): { term: string; weight: number; from: number; to: number }[] {
  const capitalsOnly = inCapitals(text)
  const words = [...alphanumericRuns(text)].flatMap((m) => {
    const term = stemToken(m[0], capitalsOnly)
    return matched.has(term) ? [{ term, weight: 1, from: m.index!, to: m.index! + m[0].length }] : []
  })
  const spelled = conceptSpans(text).flatMap((c) =>
    matched.has(c.id) ? [{ term: c.id, weight: 2, from: c.from, to: c.to }] : [],
  )
  return [...words, ...spelled].sort((a, b) => a.from - b.from)
}

/** The start of the first word at or after `at` (0 when `at` is before the text). */
function wordStart(q: string, at: number): number {
  if (at <= 0) return 0
  return q[at - 1] === ' ' ? at : q.indexOf(' ', at) + 1 || at
}

export function where(hit: Hit): string {
  return `${hit.sentence.passage.file} (${hit.sentence.passage.location})`
}

/** "Do you comply with ISO 9001?" when only the hosting provider's list of certificates names it. */
export function providerHoldingOnly(q: Question, hit: Hit): Answer {
  return {
    key: q.key,
    label: null,
    text: `${NO_EVIDENCE_TEXT} (${where(hit)} names it only among your hosting provider's certifications, not yours).`,
    confidence: 0,
    citations: [],
    flagged: true,
    reasons: ["the evidence lists your hosting provider's certifications, not yours: needs your answer"],
  }
}

/** "Will the consultant require ...?" when the evidence never mentions a consultant. */
/** Sentences share the question's words but none names what it is about ("hardening and build standards"). */
export function subjectNotFound(q: Question, phrase: string): Answer {
  const none = noEvidenceAnswer(q)
  return { ...none, text: `${NO_EVIDENCE_TEXT} (nothing in them is about "${phrase}").` }
}

/** The question asks about named standards or schemes and no evidence file names any of them: left for the user. */
export function nameNeverMentioned(q: Question, names: string[]): Answer {
  const none = noEvidenceAnswer(q)
  return { ...none, text: `${NO_EVIDENCE_TEXT} (they never name ${names.join(' or ')}).` }
}

export function subjectNeverMentioned(q: Question, subject: string): Answer {
  const none = noEvidenceAnswer(q)
  return { ...none, text: `${NO_EVIDENCE_TEXT} (they never mention a ${subject}).` }
}
