import { ending, gerund, noun, readsAsVerb, tagWords, type Word } from '../retrieval/grammar'
import { namesIn, terms, words as contentWords } from '../retrieval/terms'
import { capitalised, collapseSpace, hasWordCharacter, isLetterWord, isPlainWord } from '../retrieval/text'
import { isAcronym, stem } from '../retrieval/stem'

/**
 * The noun phrase a question is about, read from its part-of-speech tags (offline/grammar.ts): the subject of "Are
 * your hardening and build standards documented?", the object of "Do you have a separate management network
 * ...?", what follows "Is there ...". Questions whose grammar is not one of the plain shapes name no phrase.
 */
export interface Phrase {
  /** The phrase's words, lower case. */
  words: string[]
  /** The same words as written: an acronym keeps its capitals ("DNS" is no plural of "dn"). */
  texts: string[]
  /** Each word's tag ("of" is ADP, "and" CCONJ). */
  tags: string[]
  /** Index of the phrase's first word among the tagged words. */
  start?: number
  /** Index of the first word after the phrase (its ending preposition, if any). */
  end?: number
  /** Where the phrase ended at a preposition ("for the secure management of passwords"): the words after it. */
  after?: Word[]
  /** That preposition. */
  endedBy?: string
  /** Its tag: ADP for a preposition ("on", "for"), SCONJ or PART for a clause ("if", "to"). */
  endedByTag?: string
  /** Where the phrase ended at anything else (its predicate: "exist", "established, documented, ..."): the words from there on. */
  rest?: Word[]
}

/** Who answers: "Do you ...", "Does your company ...", "Does the vendor ...": the question is about the object. */
const RESPONDENT = new Set(
  'you we company organization organisation firm vendor supplier provider team institution'.split(' '),
)
const POSSESSIVE = new Set(['your', 'its', 'their', 'our', 'my', 'his', 'her'])
/** Quantifiers the tagger may read as adjectives or pronouns: they open a phrase without being part of it. */
const QUANTIFIER = new Set(['any', 'all', 'each', 'every', 'some', 'these', 'those', 'this', 'of'])
const NOMINAL = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X', 'SYM'])
/** Request verbs that take what is asked about as their object. */
const REQUEST =
  /^(?:please\s+)?(?:select|list|describe|provide|explain|specify|identify|state|name|indicate|outline|detail|summari[sz]e)\s+/i
/** "Describe or provide a reference to X", "Provide details of X": X is the object. */
const REFERENCE = [
  /^(?:or|and|and\/or)\s+\w+\s+/i,
  /^(?:a\s+|any\s+)?(?:references?|details|description|information|documentation|overview|summary|copy|link|list)\s+(?:to|of|on|about|for|that\s+\w+)\s+/i,
]
const MAX_WORDS = 8
/** A condition before the auxiliary that opens the question ("If X, ...", "For tenants without SSO, ..."). */
const CONDITION =
  /^(?:for|if|when|where|unless|in case|once)\b[^,?;]*,\s*(?=(?:is|are|was|were|do|does|did|can|could|will|would|shall|should|may|must|has|have)\b)/i

const opens = (w: Word | undefined) =>
  w !== undefined && (w.pos === 'DET' || POSSESSIVE.has(w.lower) || QUANTIFIER.has(w.lower))
const nominal = (w: Word | undefined) => w !== undefined && NOMINAL.has(w.pos) && !/^[?.!;:()]$/.test(w.text)
/** "and/or" in a question, read as "or". */
const AND_OR = /\band\/or\b/gi

/**
 * A verb inside a noun phrase: a modifier before the nouns ("build standards", "hard-coded passwords", "established
 * formal ... program"), or a noun the tagger took for a verb ("transfer of hardware").
 */
const modifierVerb = (w: Word, next: Word | undefined, previous: Word | undefined) =>
  w.pos === 'VERB' && (next?.lower === 'of' || (nominal(next) && !noun(previous)))
const joiner = (w: Word | undefined) => w !== undefined && (w.pos === 'CCONJ' || w.text === ',')
/** "employee onboarding and offboarding policy": gerunds between nouns, read as nouns by what ends the list. */
const gerundOfNouns = (words: Word[], k: number) => {
  if (!gerund(words[k]) || !noun(words[k - 1])) return false
  let j = k + 1
  while (joiner(words[j]) || gerund(words[j])) j++
  return j > k + 1 && noun(words[j]) && !joiner(words[j - 1])
}
/** "reviewed and approved", "written, and regularly tested,": participles and adverbs joined as a list. */
const premodifier = (w: Word | undefined) =>
  w !== undefined && ((w.pos === 'VERB' && ['ed', 'en'].includes(ending(w.lower) ?? '')) || w.pos === 'ADV')
/** An adjective after the nouns is the predicate ("Is X available?", "Are X separated?"), not part of the phrase. */
const predicate = (w: Word, next: Word | undefined, out: string[]) =>
  w.pos === 'ADJ' && out.length > 0 && !nominal(next) && next?.pos !== 'CCONJ' && next?.text !== ','

/** The noun phrase that starts at `from`: modifiers and nouns, lists joined by "and", "or" and commas. */
export function phraseAt(words: Word[], from: number): Phrase {
  let i = from
  while (opens(words[i])) i++
  // "for managing your kiosk fleet": a gerund after a preposition leads to its object; after a determiner
  // it modifies a noun ("the hosting environment").
  const next = words[i + 1]
  if (
    i === from &&
    gerund(words[i]) &&
    (opens(next) || nominal(next) || (next !== undefined && modifierVerb(next, words[i + 2], undefined)))
  ) {
    i++
    while (opens(words[i])) i++
  }
  // "a reviewed and approved release checklist", "a written, and regularly tested, X": a list of modifiers before the
  // nouns names nothing itself; the phrase is the nouns it modifies.
  let j = i
  while (premodifier(words[j]) || (j > i && joiner(words[j]))) j++
  if (j > i && noun(words[j]) && words.slice(i, j).some(joiner)) i = j
  const start = i
  const out: string[] = []
  const texts: string[] = []
  const tags: string[] = []
  // A long phrase keeps its first words, but still ends where its grammar ends ("... on client systems").
  const push = (w: Word) => {
    if (out.length === MAX_WORDS) return
    out.push(w.lower)
    texts.push(w.text)
    tags.push(w.pos)
  }
  for (; i < words.length; i++) {
    const w = words[i]!
    const next = words[i + 1]
    if (predicate(w, next, out)) break
    // "badge-based door control (BDC) for night porters": an abbreviation in brackets restates the nouns before it;
    // the phrase goes on past it.
    if (out.length && w.text === '(' && next && isAcronym(next.text) && words[i + 2]?.text === ')') {
      i += 2
      continue
    }
    if (nominal(w) || modifierVerb(w, next, words[i - 1]) || gerundOfNouns(words, i)) {
      push(w)
      continue
    }
    // "the least privilege principle", "cryptographically secure ... protocols": an adverb before a noun belongs to
    // the phrase, one before an adjective only grades it.
    if (w.pos === 'ADV' && (nominal(next) || next?.pos === 'VERB')) {
      // "an independent third party regularly perform ...", "Is kiosk data ever sold?": after the nouns, an adverb and
      // a verb are the predicate.
      if (next?.pos === 'VERB' && out.length) break
      if (ending(w.lower) !== 'ly') push(w)
      continue
    }
    // "hardening and build standards", "processes, procedures, and technical measures": a list goes on.
    const listGoesOn = (j: number) =>
      nominal(words[j]) || (words[j]?.pos === 'VERB' && (nominal(words[j + 1]) || words[j + 1]?.lower === 'of'))
    // "a continuity plan, with a named owner, that ...": a preposition set off by commas confines the phrase as one
    // without them does (below).
    if (out.length && w.text === ',' && next?.pos === 'ADP' && next.lower !== 'of' && next.lower !== 'including')
      continue
    if (out.length && (w.pos === 'CCONJ' || w.text === ',')) {
      let j = i + 1
      while (words[j]?.pos === 'CCONJ' || words[j]?.text === ',' || opens(words[j])) j++
      if (listGoesOn(j)) {
        if (w.pos === 'CCONJ') push(w)
        continue
      }
      break
    }
    // "management of your network": "of" names what the head noun is of, inside the phrase.
    if (w.lower === 'of' && out.length && (nominal(next) || opens(next))) {
      push(w)
      while (opens(words[i + 1]) && words[i + 1]!.lower !== 'of') i++
      continue
    }
    if (w.pos === 'ADP' || w.pos === 'SCONJ' || (w.pos === 'PART' && w.lower === 'to'))
      return { words: out, texts, tags, start, end: i, after: words.slice(i + 1), endedBy: w.lower, endedByTag: w.pos }
    if (opens(w) && !out.length) continue
    break
  }
  return { words: out, texts, tags, start, end: i, rest: words.slice(i) }
}

/**
 * The question's words tagged in statement order ("your X documented."), which the model reads far better than a
 * question; a word it tags as a verb there but as a noun in the question's own order is a noun ("Are security
 * breaches ... reported?": "breaches" is no verb).
 */
function statementWords(asked: Word[], body: string): Word[] {
  const words = tagWords(`${body}.`)
  const inQuestion = asked.slice(1)
  words.forEach((w, k) => {
    if (w.pos === 'VERB' && inQuestion[k]?.lower === w.lower && noun(inQuestion[k]) && ending(w.lower) !== 'ed')
      w.pos = 'NOUN'
  })
  return words
}

/**
 * "Is there ...?", "Were there ...?", "Have there been ...?": an auxiliary and "there" open the question (its words as
 * the tagger reads them), which asks whether something exists.
 */
export function asksIfThereIs(question: Word[]): boolean {
  const [first, second] = question
  return first?.pos === 'AUX' && second?.lower === 'there'
}

/** The question's subject phrase from its tags, or undefined when its grammar is not a plain shape. */
export function taggedPhrase(asked: string): Phrase | undefined {
  // "For tenants without SSO, does the portal support X?": the condition aside, the question is the same.
  const text = collapseSpace(asked).replace(CONDITION, '')
  const request = REQUEST.exec(text)
  if (request) {
    const object = REFERENCE.reduce((t, re) => t.replace(re, ''), text.slice(request[0].length))
    if (/^(?:how|what|which|who|whom|whose|when|where|why|whether|if)\b/i.test(object)) return undefined
    return phraseAt(tagWords(object), 0)
  }
  const split = (t: string) => /^(\w+)\s+(.*?)\??$/.exec(t)
  let first = split(text)
  if (!first) return undefined
  let body = first[2]!.replace(AND_OR, 'or')
  let inOrder = tagWords(`${first[1]} ${body}?`)
  // "How is X ...?", "Where do you ...?": an adverb before the auxiliary aside, the question is opened by it.
  if ((inOrder[0]?.pos === 'ADV' || inOrder[0]?.pos === 'SCONJ') && inOrder[1]?.pos === 'AUX') {
    first = split(first[2]!)
    if (!first) return undefined
    body = first[2]!.replace(AND_OR, 'or')
    inOrder = tagWords(`${first[1]} ${body}?`)
  }
  // A question opened by an auxiliary, as the tagger reads it ("Is ...", "Do ...", "Can ...", "Should ...").
  if (inOrder[0]?.pos !== 'AUX') return undefined
  const words = statementWords(inOrder, body)
  if (words.length < 2) return undefined
  if (words[0]!.lower === 'there') return phraseAt(words, 1)
  // "Is it ...", "Is this ...": a pronoun names nothing the evidence could be checked against.
  if (words[0]!.pos === 'PRON' && !RESPONDENT.has(words[0]!.lower) && !POSSESSIVE.has(words[0]!.lower)) return undefined
  let i = 0
  while (opens(words[i])) i++
  if (RESPONDENT.has(words[i]!.lower) && words[i + 1]?.pos !== 'CCONJ') {
    // "Do you (regularly) review or audit X?": adverbs and conjoined verbs lead to the object.
    i++
    while (words[i]?.pos === 'ADV') i++
    if (!words[i] || !['VERB', 'AUX'].includes(words[i]!.pos)) return undefined
    i++
    // A word after "or" that a determiner follows is a second verb, whatever its tag ("review or audit your X").
    while (words[i]?.pos === 'CCONJ' && words[i + 1] && opens(words[i + 2])) i += 2
    // A list of verbs, however tagged ("log, process, or store X", "log or store X"): single words apart by
    // commas and a last "or"/"and", each in its dictionary form; what follows the last one is the object.
    const base = (w: Word | undefined) => !!w && isPlainWord(w.lower) && w.lemma === w.lower
    for (;;) {
      if (words[i]?.text === ',' && base(words[i + 1]) && (words[i + 2]?.text === ',' || words[i + 2]?.pos === 'CCONJ'))
        i += 2
      else if (words[i]?.text === ',' && words[i + 1]?.pos === 'CCONJ') i++
      else if (words[i]?.pos === 'CCONJ' && base(words[i + 1]) && words[i + 2] && hasWordCharacter(words[i + 2]!.text))
        i += 2
      else break
    }
    while (words[i]?.pos === 'ADV' || words[i]?.pos === 'PART') i++
    // "Do you have checks in place ...": what "have" holds is a noun, though the tagger may read it as a verb.
    const held = words[i]
    if (words[i - 1]?.lemma === 'have' && held?.pos === 'VERB' && !['ing', 'ed'].includes(ending(held.lower) ?? ''))
      held.pos = 'NOUN'
    return phraseAt(words, i)
  }
  const phrase = phraseAt(words, 0)
  // "Does X support Y?", "Can X reset Y?": after "do" or a modal the main verb follows the subject (adverbs aside); only
  // "be" makes the subject's own predicate an adjective or participle ("Is X encrypted?"). When no verb follows, the
  // tagger read the main verb as a noun inside the phrase ("the database support encryption"): the subject ends
  // before the last word that reads as a verb after "will" ("the database will support"). Verbs further on belong
  // to clauses of their own ("... use TLS (STARTTLS) to request remote servers upgrade ...").
  const at = phrase.start ?? 0
  const end = phrase.end ?? at + phrase.words.length
  let next = end
  while (words[next]?.pos === 'ADV') next++
  if (inOrder[0]!.lemma !== 'be' && !['VERB', 'AUX'].includes(words[next]?.pos ?? '')) {
    let cut = 0
    for (let k = 1; k < phrase.words.length && words[at + k]?.lower === phrase.words[k]; k++)
      if (readsAsVerb(words.slice(0, at + k), words[at + k]!)) cut = k
    if (cut)
      [phrase.words, phrase.texts, phrase.tags, phrase.after, phrase.rest] = [
        phrase.words.slice(0, cut),
        phrase.texts.slice(0, cut),
        phrase.tags.slice(0, cut),
        undefined,
        // The word read as the main verb is one, whatever the tagger made of it in the question.
        words.slice(at + cut).map((w, k) => (k ? w : { ...w, pos: 'VERB' })),
      ]
  }
  return phrase
}

/**
 * A yes/no question that asks a second one ("Is the incident response plan tested, and does it name a deputy for
 * each role?"): the words of the first and of the second (from the auxiliary after "and" on), read from the tags:
 * "and", an auxiliary, a subject, its verb or predicate. Undefined for one question ("... written and approved?",
 * "... and has a manager to enforce it?") and for an alternative ("..., or are parts sublet?").
 */
export function secondQuestion(asked: string): { first: string; second: string } | undefined {
  const words = tagWords(asked)
  if (words[0]?.pos !== 'AUX') return undefined
  // "and does it name ...", "and are backups tested": a subject, then its own verb or predicate within a few words.
  // "... and has a manager to enforce it" goes on the first question's verbs: its verb is an infinitive's.
  const asks = (k: number) => {
    const subject = words[k + 1]
    if (words[k]?.pos !== 'AUX' || !(opens(subject) || noun(subject) || subject?.pos === 'PRON')) return false
    const verb = words.slice(k + 2, k + 7).findIndex((w) => w.pos === 'VERB' || w.pos === 'ADJ')
    return verb >= 0 && words[k + 1 + verb]?.pos !== 'PART'
  }
  // "and" adds a question; "or" offers the other answer to the same one ("Is the office leased by your company
  // alone, or are parts sublet?").
  const at = words.findIndex((w, k) => k > 1 && w.pos === 'CCONJ' && w.lower === 'and' && asks(k + 1))
  if (at < 0) return undefined
  let end = words.length
  while (words[end - 1]?.pos === 'PUNCT') end--
  return { first: written(words.slice(0, at)), second: written(words.slice(at + 1, end)) }
}

/** Tagged words as the text writes them: a space between words, none before punctuation ("data, inputs"). */
export function written(words: Word[]): string {
  // A possessive or a contraction joins its word ("Acme's", "isn't").
  return words
    .map((w, k) => (k && w.pos !== 'PUNCT' && !/^(?:['’]|n['’]t$)/i.test(w.text) ? ` ${w.text}` : w.text))
    .join('')
}

/**
 * The property a "Is/Are <subject> <adjective>?" question asks its subject to have: the adjective that ends the
 * subject phrase and the adverbs before it ("geographically diverse", "mandatory"), lower-cased. Undefined for any
 * other shape, and where the adjective is not the property asked:
 * - a participle the tagger reads as an adjective ("configured") names a practice, which coverage reads;
 * - an "-able"/"-ible" adjective says what can be done or had ("available", "visible"), which evidence states as the
 *   practice itself;
 * - an adjective followed by "to" or "with" asks about its complement ("applicable to", "commensurate with").
 */
export function adjectivePredicate(asked: string): string[] | undefined {
  const words = tagWords(collapseSpace(asked))
  if (words[0]?.lemma !== 'be') return undefined
  const rest = taggedPhrase(asked)?.rest ?? []
  let i = 0
  while (rest[i]?.pos === 'ADV') i++
  const adjective = rest[i]
  // "-able" says what can be done ("available"); its negation is a property the evidence must state ("immutable").
  const able = adjective?.lower.endsWith('ble') && !/^(?:im|in|ir|un|non)/.test(adjective.lower)
  if (adjective?.pos !== 'ADJ' || ending(adjective.lower) === 'ed' || able) return undefined
  // "compliant with SOC 2", "subject to GDPR": the name after it is what is asked, which the name rules read. "open to
  // the public" asks the adjective.
  const complement = rest.slice(i + 2)
  const named = complement.some((w) => w.pos === 'PROPN' || w.pos === 'NUM' || /[A-Z]{2,}|\d/.test(w.text))
  if (['to', 'with'].includes(rest[i + 1]?.lower ?? '') && named) return undefined
  // The adverbs before it as the question writes them: the phrase reader leaves a manner adverb out of the subject.
  let at = words.findLastIndex((w) => w.lower === adjective.lower)
  const out = [adjective.lower]
  while (words[--at]?.pos === 'ADV') out.unshift(words[at]!.lower)
  return out
}

/**
 * The verbs the respondent is asked about in "Do you tokenize, hash, or otherwise mask card numbers?", "Can
 * you enforce ...?": the word after the respondent (adverbs aside), whatever the tagger made of it (a quoted verb
 * reads as a noun), and those a list joins to it. Empty for any other shape, and for "have" (what is had is the
 * question's object).
 */
export function respondentVerbs(asked: string): string[] {
  const words = tagWords(collapseSpace(asked)).filter((w) => !/^["'\u201c\u201d\u2018\u2019]+$/.test(w.text))
  if (words[0]?.pos !== 'AUX') return []
  let i = 1
  while (opens(words[i])) i++
  if (!RESPONDENT.has(words[i]?.lower ?? '') || words[i + 1]?.pos === 'CCONJ') return []
  i++
  const out: string[] = []
  for (;;) {
    while (words[i]?.pos === 'ADV') i++
    const w = words[i]
    // A name is no verb: "Are you ISO 27001 certified?" asks of the name's certificate.
    if (!w || !isLetterWord(w.text) || w.lemma === 'have' || opens(w) || w.pos === 'PROPN') break
    out.push(w.lower)
    i++
    const comma = words[i]?.text === ','
    if (comma) i++
    if (words[i]?.pos === 'CCONJ') i++
    else if (!comma) break
  }
  return out
}

/**
 * The proper names a question writes, by the tagger: runs of capitalised words it tags PROPN, after the first word.
 * Each run is one name ("Active Directory", "Kerberos"); a run in capitals throughout is an acronym ("MDM"). A run of
 * several words may be a term written in title case ("Business Continuity Plan") rather than a name; a lone word
 * ("Kerberos", a country, a card scheme) seldom is.
 */
export function properNames(asked: string): { name: string; words: number; acronym: boolean }[] {
  const words = tagWords(collapseSpace(asked))
  const out: { name: string; words: number; acronym: boolean }[] = []
  let run: Word[] = []
  const close = () => {
    if (run.length)
      out.push({
        name: written(run),
        words: run.length,
        // "MDM", "AoC": two capitals or more make an abbreviation, which the text usually spells out too.
        acronym: run.every((w) => [...w.text].filter(capitalised).length >= 2),
      })
    run = []
  }
  words.forEach((w, k) => {
    if (k > 0 && w.pos === 'PROPN' && capitalised(w.text)) run.push(w)
    else close()
  })
  close()
  return out
}

/** The names a question writes: standards (namesIn), the tagger's proper names, and those of one word. */
export interface AskedNames {
  standards: string[]
  /** Schemes in capitals with their number that are no standard ("AES-256", "TLS 1.2"). */
  versioned: string[]
  /** The names of a plan, tier or edition ("Business plan", "Enterprise tier"), the kind word included. */
  plans: string[]
  /** Proper names as the tagger reads them, not a row id ("DATA-19") or a word of a standard ("DoD" of "DoD 5220.22-M"). */
  proper: string[]
  /** Those of one word that are no abbreviation ("Kerberos", "Okta", a country). */
  lone: string[]
  /**
   * The terms the question puts in quotation marks ("read-only", "golden"): meant as written, as a name is. Those of
   * answer words only ("If you answered "no" ...") name nothing.
   */
  quoted: string[]
}

/** A term in straight or curly double quotation marks, of a few words. */
const QUOTED = /["\u201c]([^"\u201c\u201d]{2,40})["\u201d]/g

/**
 * A scheme named in capitals with its number: "AES-256", "SHA-1", "TLS 1.3", "RSA 4096", "OAuth 2.0" aside (not in
 * capitals). Not a measure ("RTO 4 hours", "SLA 99.9%"): a number with a unit after it names a quantity. Not a row of
 * the form ("DATA-19", "GRC-04"): two digits after a hyphen number rows, not schemes.
 */
const VERSIONED =
  /\b[A-Z]{2,6}(?:-(?!\d\d\b)\d+(?:\.\d+)*|\d+(?:\.\d+)*|\s(?:\d+\.\d+(?:\.\d+)*|\d{3,}))\b(?![.,]?\d|\s*(?:%|percent|[a-z]*(?:second|minute|hour|day|week|month|year|character)s?\b))/g

/** A versioned name's scheme without its number ("AES-256" → "AES", "TLS 1.3" → "TLS"). */
export const schemeOf = (name: string): string => name.replace(/[-\s]?[\d.]+$/, '')

/**
 * The acronyms a question defines in brackets after their words ("dynamic application security testing (DAST)"), each
 * with the words it stands for: those whose first letters (a hyphen's parts each) spell it.
 */
export function definedAcronyms(text: string): { acronym: string; words: string }[] {
  const out: { acronym: string; words: string }[] = []
  for (const m of text.matchAll(/\(([A-Z]{2,6})s?\)/g)) {
    const acronym = m[1]!
    const before = text.slice(0, m.index).trim().split(/\s+/)
    let initials = ''
    for (let n = 1; n <= Math.min(8, before.length); n++) {
      const word = before[before.length - n]!
      initials = word
        .split('-')
        .map((part) => part[0] ?? '')
        .join('')
        .concat(initials)
      if (initials.toUpperCase() === acronym) {
        out.push({ acronym, words: before.slice(before.length - n).join(' ') })
        break
      }
      if (initials.length > acronym.length) break
    }
  }
  return out
}

/** A capitalised name before a plan's kind word, not the question's first word ("on the Business plan"). */
const PLAN_NAME = /(?<=\S\s+)(?:[A-Z][a-z]+\s+){1,2}(?:plan|tier|edition|package|subscription)s?\b/g

export function askedNames(text: string): AskedNames {
  const standards = namesIn(text)
  // The same scheme written as a standard ("SOC 2") once.
  const versioned = [...text.matchAll(VERSIONED)]
    .map((m) => m[0])
    .filter((v) => !standards.some((n) => n.includes(v) || v.includes(n)))
  const proper = properNames(text).filter((p) => !/\d/.test(p.name) && !standards.some((s) => s.includes(p.name)))
  return {
    standards,
    versioned,
    plans: [...text.matchAll(PLAN_NAME)].map((m) => m[0]),
    proper: proper.map((p) => p.name),
    lone: proper.filter((p) => p.words === 1 && !p.acronym).map((p) => p.name),
    quoted: [...text.matchAll(QUOTED)].flatMap((m) => {
      const term = m[1]!.trim().replace(/[,;:.]+$/, '')
      return contentWords(term).length ? [term] : []
    }),
  }
}

/**
 * The verb a "Do/Does/Is/Are <subject> ever <verb> ...?" question asks about ("Do backups ever leave the region?":
 * "leave"), lower-cased: the question asks whether that happens at all. Undefined for any other shape.
 */
export function everVerb(asked: string): string | undefined {
  // Tagged only when the word is there: every Yes reads this.
  if (!` ${asked.toLowerCase()} `.includes(' ever ')) return undefined
  const words = tagWords(collapseSpace(asked))
  if (words[0]?.pos !== 'AUX') return undefined
  const at = words.findIndex((w) => w.lower === 'ever')
  if (at < 2) return undefined
  return words.slice(at + 1).find((w) => w.pos === 'VERB')?.lower
}

/**
 * What a passive "Is/Are <subject> <participle> ...?" question (or "Have <subject> been ...?", "Can <subject> be
 * ...?") asks of its subject: the last participle after the
 * subject, the participles a list joins to it, and the content words of what follows them ("stored in a central
 * location": stored, central, location), lower-cased. A participle that only modifies the subject ("logs produced by
 * your servers") comes before the one asked. Undefined for any other shape.
 */
/** Tags of the words of a noun phrase after a preposition ("customers' private audio"). */
const PHRASE_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART', 'NUM', 'X', 'PRON'])

/** A participle: "stored", "approved" (tagged as a verb or an adjective). */
const participle = (w: Word | undefined) =>
  (w?.pos === 'VERB' || w?.pos === 'ADJ') && ending(w.lower) === 'ed' && isLetterWord(w.lower)

/**
 * The words after a question's subject phrase, from its predicate on ("rotated on a schedule"): past a phrase of the
 * subject's own ("Is staff access to customers' audio logged?": "to customers' audio") to the participle or the "been"
 * before it. Empty when none follows.
 */
export function predicateWords(asked: string): Word[] {
  const phrase = taggedPhrase(asked)
  if (phrase?.rest) return phrase.rest
  const after = phrase?.after ?? []
  // Past the phrase's words and any adverb ("fully automated"), to the participle or the "been" before it.
  const past = after.findIndex((w) => !PHRASE_TAGS.has(w.pos) && w.pos !== 'ADV' && !/^['’]s?$/.test(w.text))
  const starts = (k: number) => participle(after[k]) || (after[k]?.lemma === 'be' && participle(after[k + 1]))
  return past >= 0 && starts(past) ? after.slice(past) : []
}

/**
 * Whether a name of two or more words has an acronym among them that spells none of the engine's concepts, and a word
 * in capitals ("CIS Benchmarks"; not "Web SSO", which names single sign-on).
 */
export const hasAcronym = (name: string) => {
  // Roman numerals ("Type II") are numbers, not acronyms.
  const acronyms = (name.match(/\b[A-Z]{2,}s?\b/g) ?? []).filter((w) => !/^[IVX]+$/.test(w))
  return (
    /\s/.test(name.trim()) &&
    /\b[A-Z][a-z]/.test(name) &&
    acronyms.length > 0 &&
    acronyms.every((acronym) => !terms(acronym).some((t) => t.startsWith('#')))
  )
}

export function participlePredicate(asked: string): string[] | undefined {
  const words = tagWords(collapseSpace(asked))
  // "Is/Are X ...?"; or, after another auxiliary, "Have X been ...?", "Can X be ...?" (checked below).
  if (words[0]?.lemma !== 'be' && words[0]?.pos !== 'AUX') return undefined
  const rest = predicateWords(asked)
  // Before a clause of its own: "retained, as deemed appropriate" asks "retained", "tested when restored" "tested",
  // "approved before they are deployed" "approved". A participle that qualifies a noun ("in encrypted form") is none.
  const opens = (k: number) => {
    const [w, next, after] = [rest[k]!, rest[k + 1], rest[k + 2]]
    // A subordinating word, a preposition or "when"/"where" that opens a clause with a subject and verb of its own or a
    // bare participle, not an adverb of the predicate ("securely stored") or a possessive ("by your servers").
    const opener = w.pos === 'SCONJ' || w.pos === 'ADP' || (w.pos === 'ADV' && w.lower.startsWith('wh'))
    return (
      opener &&
      (w.pos === 'SCONJ' ||
        (next?.pos === 'PRON' && (after?.pos === 'AUX' || after?.pos === 'VERB')) ||
        (participle(next) && !noun(after)))
    )
  }
  const clause = rest.findIndex((_, k) => k > 0 && opens(k))
  // A hyphenated participle before a noun names a kind of it ("short-lived tokens", "customer-managed keys").
  const attributive = (k: number) => (rest[k]!.lower.includes('-') || rest[k - 1]?.pos === 'DET') && noun(rest[k + 1])
  let at = rest.findLastIndex(
    (w, k) =>
      (clause < 0 || k < clause) && participle(w) && !attributive(k) && !rest.slice(k + 1).some((v) => v.text === '('),
  )
  if (at < 0) return undefined
  // "tested, reviewed, and approved": the list of participles ending in the last one.
  for (let k = at - 1; k >= 0; k--) {
    if (participle(rest[k])) at = k
    else if (rest[k]!.pos !== 'CCONJ' && rest[k]!.text !== ',') break
  }
  if (words[0]!.lemma !== 'be') {
    // The question's own "be"/"been" right before the participles, with nothing but adverbs around it ("Have X ever
    // been tested?"): a "be" further on belongs to a clause of its own ("Do you log events that are reviewed?").
    let k = at - 1
    while (rest[k]?.pos === 'ADV') k--
    if (rest[k]?.lemma !== 'be' || rest.slice(0, k).some((w) => w.pos !== 'ADV')) return undefined
  }
  // It ends where a clause of its own begins: a purpose ("to protect ..."), a condition, a relative clause.
  const end = rest.findIndex(
    (w, k) =>
      k > at &&
      (k === clause ||
        w.text === '(' ||
        w.text === '?' ||
        w.pos === 'SCONJ' ||
        w.pos === 'PRON' ||
        (w.pos === 'PART' && w.lower === 'to')),
  )
  const kept = rest.slice(at, end < 0 ? undefined : end)
  // "backed up": the verb and its particle are one word ("backup").
  return kept.flatMap((w, k) =>
    participle(w) && kept[k + 1]?.lower === 'up'
      ? [`${stem(w.lower)}up`]
      : participle(w) || ['NOUN', 'PROPN', 'ADJ'].includes(w.pos)
        ? [w.lower]
        : [],
  )
}
