import { GENERIC, stem, subjectStems, terms, words as stems } from '../retrieval/terms'
import { ending, gerund, tagWords, type Word } from '../retrieval/grammar'
import { isParaphrase } from '../retrieval/paraphrase.server'
import { asksIfThereIs, phraseAt, taggedPhrase, written, type Phrase } from './phrase'
import { alphanumerics, inCapitals, isPlainWord, wordList } from '../retrieval/text'

/**
 * The noun phrase a question is about, read from its grammar: the subject of "Are your hardening and build
 * standards documented?", the object of "Do you have a separate management network ...?", what follows "Is there
 * ...". A sentence that names none of the phrase's own words (nor a concept it names) is about something else, however
 * many of the question's other words it shares: "documented", "applied" and "network devices" are everywhere.
 */

/** Nouns that stand for the vendor, its product or data in general: a phrase of only these names no subject. */
export const GENERAL_NOUNS = new Set(
  wordList(`product products system systems application applications app apps service services solution solutions platform
  platforms software vendor vendors company organization organisation institution customer customers user users
  data website site tool tools team teams staff employee employees personnel environment environments
  infrastructure hosting network networks server servers database databases process processes program programs
  programme policy policies procedure procedures plan plans information security access thing things way ways manner
  frequency type types kind kinds level levels following part parts area areas aspect aspects method methods means
  practice practices mechanism mechanisms requirement requirements measure measures control controls standard standards
  capability capabilities technical criteria owner owners individual individuals person persons party parties role
  roles responsibility responsibilities record records template templates guideline guidelines`),
)

/** Words that are modifiers rather than what a phrase names: participles ("vended", "managed"). */
const isModifier = (w: string) => (isPlainWord(w) && w.length >= 5 && ending(w) === 'ed') || QUALIFIERS.has(w)
/** Adjectives that grade data or accounts ("sensitive data", "institutional accounts"): not what a phrase is about. */
const QUALIFIERS = new Set(
  wordList(`sensitive confidential personal private institutional restricted critical important relevant regulated protected
  proprietary different various such same other additional`),
)

/** The question's subject phrase, or undefined when its grammar is not one of the plain yes/no shapes. */
export function subjectPhrase(asked: string): string | undefined {
  const phrase = subjectOf(asked)
  return phrase?.words.length ? phrase.words.join(' ') : undefined
}

function subjectOf(asked: string): Phrase | undefined {
  const tagged = taggedPhrase(asked)
  if (!tagged) return undefined
  let phrase: Phrase = tagged
  // "Are processes, procedures, and technical measures for the secure management of passwords ...?": a phrase of
  // form words only is about what its modifier names ("with regards to user privacy").
  const form = (words: string[]) => formOnly(words.filter((w) => !isModifier(w)))
  for (let hop = 0; hop < 3 && form(phrase.words); hop++) {
    if (!phrase.after) {
      // "Are there procedures in place to make sure that X ...?", "Are policies written, approved, ... for X?": past the
      // form words' own predicate, the practice is what it is for.
      const beyond: Phrase | undefined = phrase.rest && purposeOf(phrase.rest)
      if (!beyond) break
      phrase = beyond
      continue
    }
    // "... a plan to comply with X", "... measures to protect X": after "to", the verb is not part of X.
    const infinitive =
      phrase.endedBy === 'to' && !/^(?:regards?|respect|relation|addition)$/i.test(phrase.words.at(-1) ?? '')
    phrase = phraseAt(infinitive ? phrase.after.slice(1) : phrase.after, 0)
  }
  // "Does your platform need access to X?", "Does the system support Y?": a subject that only stands for the
  // product asks, as "Do you ...?" does, about the object of its verb.
  if (phrase.words.length && !phrase.after && phrase.rest && productOnly(phrase.words)) {
    const object = objectOf(phrase.rest)
    if (object?.words.length) return object
  }
  return phrase
}

/** A phrase of general nouns only ("your application", "the system (servers/infrastructure)"): the product itself. */
const productOnly = (words: string[]) =>
  words.every((w) => alphanumerics(w).every((part) => part === 'and' || part === 'or' || GENERAL_NOUNS.has(part)))

/** The object of the verb that opens `rest` ("require access to X", "support or enforce Y"); undefined for "be". */
function objectOf(rest: Word[]): Phrase | undefined {
  let i = 0
  while (rest[i]?.pos === 'ADV') i++
  // A verb in its base form, as after "does" or a modal; a participle is the predicate of a "be" question.
  const verb = (w: Word | undefined) => w?.pos === 'VERB' && w.lemma !== 'be' && w.lemma === w.lower
  if (!verb(rest[i])) return undefined
  i++
  while ((rest[i]?.pos === 'CCONJ' && verb(rest[i + 1])) || rest[i]?.pos === 'ADV' || rest[i]?.pos === 'PART')
    i += rest[i]?.pos === 'CCONJ' ? 2 : 1
  return phraseAt(rest, i)
}

/**
 * "policies that require X", "procedures that guide how X are mitigated": the object of the relative clause opening
 * at `at`, its verb however tagged ("guide" reads as a noun there); undefined when no relative clause opens there.
 */
function relativeObject(rest: Word[], at: number): Phrase | undefined {
  const opener = rest[at]?.lower
  const verb = rest[at + 1]
  if ((opener !== 'that' && opener !== 'which') || !verb || OPENS_NO_VERB.has(verb.pos)) return undefined
  let j = at + 2
  while (rest[j]?.pos === 'ADV' || (rest[j]?.lower === 'that' && rest[j]?.pos === 'SCONJ')) j++
  return phraseAt(rest, j)
}

/**
 * The phrase a form word's predicate leads to: past its verbs ("exist", "established, documented, and maintained"),
 * adverbs and "in place", the phrase after "for" or "that", or the object of the verb after "to" ("to protect X",
 * "to ensure that X ..."). Undefined when the predicate leads nowhere (the question ends, or goes on otherwise).
 */
function purposeOf(rest: Word[]): Phrase | undefined {
  // "procedures outlining X", "policies requiring X", "policies and procedures implementing X": the verb's object.
  if (gerund(rest[0]) && rest[1] && rest[1].pos !== 'ADP') return phraseAt(rest, 1)
  const relative = relativeObject(rest, 0)
  if (relative) return relative
  // Past the predicate: its verbs, adverbs, commas and "in place" (an auxiliary only after the first word).
  // A gerund the model reads as an adjective ("guiding how X are done") is one.
  const governing = (w: Word | undefined) => gerund(w) || (w?.pos === 'ADJ' && ending(w.lower) === 'ing')
  let i = 0
  for (;;) {
    const w = rest[i]
    if (w?.lower === 'in' && rest[i + 1]?.lower === 'place') i += 2
    else if (
      w &&
      (['VERB', 'ADV', 'CCONJ'].includes(w.pos) || governing(w) || w.text === ',' || (w.pos === 'AUX' && i > 0))
    )
      i++
    else break
  }
  if (i === 0 && rest[0]?.lower !== 'for' && rest[0]?.lower !== 'to') return undefined
  // "procedures written, and duly kept, that require X": past the predicate, the relative clause's object.
  const after = relativeObject(rest, i)
  if (after) return after
  const w = rest[i]
  // "a policy, formally approved, governing how urgent fixes are shipped": what the gerund governs.
  const governs = rest.slice(0, i).some(governing)
  if (governs && w && ['NOUN', 'PROPN', 'ADJ'].includes(w.pos)) return phraseAt(rest, i)
  if (w?.lower === 'for' || (w?.lower === 'that' && w.pos === 'SCONJ')) return phraseAt(rest, i + 1)
  if (w?.lower !== 'to' || w.pos !== 'PART') return undefined
  // "to provide that X", "to review and take X": the verbs, then "that" or the object.
  let j = i + 1
  // A word between commas in the list, or after its last ", and", is one of its verbs, however tagged ("to identify,
  // report, and prioritize X"); "make sure that", "make certain that": the adjective belongs to the verb.
  const listed = (k: number) =>
    (rest[k - 1]?.text === ',' && rest[k + 1]?.text === ',') ||
    (rest[k - 1]?.pos === 'CCONJ' && rest[k - 2]?.text === ',') ||
    (rest[k]?.pos === 'ADJ' && rest[k + 1]?.lower === 'that')
  while (rest[j] && (['VERB', 'CCONJ', 'ADV'].includes(rest[j]!.pos) || rest[j]!.text === ',' || listed(j))) j++
  if (j === i + 1) return undefined
  return phraseAt(rest, rest[j]?.lower === 'that' ? j + 1 : j)
}

const GENERAL = new Set([...GENERAL_NOUNS].map(stem))
/** Tags of a word that cannot be a relative clause's verb ("policies that the team ..."). */
const OPENS_NO_VERB = new Set(['DET', 'PRON', 'ADP', 'AUX', 'PUNCT', 'CCONJ', 'SCONJ'])
/** A word as the phrase holds it, without the punctuation that ends it ("processes," is "processes"). */
export const bare = (w: string) => w.replace(/[,;:]+$/, '')
/** Prepositions that are also a phrasal verb's particle ("log out", "back up", "sign off", "shut down"). */
const PARTICLES = new Set(['out', 'up', 'off', 'down'])
/** Words that give a practice its form, never its subject, wherever they stand in the phrase. */
export const FORM_WORDS: ReadonlySet<string> = new Set(
  wordList(`process processes procedure procedures technical measure measures policy policies standard standards requirement
  requirements criteria mechanism mechanisms practice practices plan plans program programs programme programmes
  guideline guidelines template templates capability capabilities control controls method methods`),
)
/** What else a phrase of form words only may hold ("processes, procedures, and technical measures", "regards"). */
const FORM_TOO = new Set(
  `and or documents regard regards respect place means way ways it institutions organizations organisations`.split(' '),
)
const formOnly = (words: string[]) =>
  words.every((w) => {
    const word = bare(w.toLowerCase())
    return !word || FORM_WORDS.has(word) || FORM_TOO.has(word)
  })

/** `capitals`: the question is written in capitals, so a word in capitals is no acronym. */
function contentTerms(phrase: Phrase, capitals: boolean): string[] {
  const kept = phrase.words.flatMap((w, k) => {
    const word = bare(w)
    return word && !isModifier(word) && word !== 'written' && !FORM_WORDS.has(word)
      ? [{ word, text: bare(phrase.texts[k]!), tag: phrase.tags[k] }]
      : []
  })
  const words = kept.map((k) => k.word)
  // A general noun names no subject where it heads the phrase or an item of a list ("access controls", "sensitive
  // data", "systems, products, and business practices") but does as a modifier of the next noun ("identity and access
  // management", "user access") or after "of" ("management of your network"): the tags tell the conjunctions and the
  // "of" (the one preposition a phrase holds) from the nouns.
  const general = new Set<string>()
  kept.forEach(({ word }, i) => {
    const next = kept[i + 1]
    const afterOf = kept.slice(0, i).some((x) => x.tag === 'ADP')
    const modifies = next !== undefined && next.tag !== 'CCONJ' && next.tag !== 'ADP'
    if (!afterOf && !modifies) general.add(stem(word))
  })
  // A form word's stem is a subject when the phrase uses it as a noun ("documentation", not "documented").
  const asSubject = subjectStems(words.join(' '))
  // "Management" is the form of a practice as "process" is ("management of your network").
  const content = (t: string) =>
    t !== 'manag' && (!GENERIC.has(t) || asSubject.has(t)) && (!GENERAL.has(t) || !general.has(t))
  // "#policy" is the form of a practice (policies, standards, procedures), never its subject.
  const written = kept.map((k) => k.text).join(' ')
  return [...new Set(terms(written, capitals))].filter((t) => t !== '#policy' && (t.startsWith('#') || content(t)))
}

/** Where a question confines its subject, and the content terms of that place, party or purpose. */
export interface Scope {
  /** The preposition and the phrase after it, as the question writes them ("for laptops, phones, and tablets"). */
  phrase: string
  terms: string[]
}

/**
 * A question's subject read once: the terms a sentence must share with it to be about its subject (the subject
 * phrase's own content terms, concepts included, leaving out general nouns, modifiers and form words; empty: no check,
 * as the phrase names nothing particular or the question is not a plain yes/no shape), and its scope: the preposition
 * that ends the subject phrase and the phrase after it ("MFA for remote contractors", "keys for laptops, phones, and
 * tablets"). No scope when the subject phrase ends at no preposition ("Is MFA required for remote access?": the
 * preposition follows the verb) or the place it names is general ("patches on your servers"). `tagged`: the
 * question's words as the tagger reads them, when the caller has them already.
 */
export function readSubject(
  asked: string,
  tagged = tagWords(asked),
): { terms: string[]; head: string[]; scope?: Scope } {
  const phrase = subjectOf(asked)
  if (!phrase?.words.length) return { terms: [], head: [] }
  const capitals = inCapitals(asked)
  const terms = contentTerms(phrase, capitals)
  // "Is there a team responsible for ...?": after "there" the adjective describes the subject, it is no predicate.
  const scope = scopeAfter(phrase, capitals, !asksIfThereIs(tagged))
  return { terms, head: headTerms(phrase, terms, capitals), scope }
}

/**
 * The terms of the phrase's head: its last noun (form words aside: "offboarding" of "... offboarding policy"), the
 * nouns listed with it ("onboarding and offboarding"), each noun a form word follows ("intake" of "release intake
 * control, approval and testing process"), and the concepts the phrase names. A sentence that names only a modifier
 * ("emergency" of "emergency changes", "employee" of "employee onboarding") is about another thing. Where the head is
 * a general noun ("location or GPS data": its modifiers are the subject) only the nouns form words follow count
 * ("reconciliation" of "reconciliation policies of all employees"), and without one the head is empty (no check).
 */
function headTerms(phrase: Phrase, content: string[], capitals: boolean): string[] {
  const words = phrase.words.map((w) => bare(w))
  // A noun, or a verb the phrase holds as one ("build" of "build standards"); not a form word or a participle.
  const noun = (k: number) =>
    Boolean(words[k]) &&
    ['NOUN', 'PROPN', 'VERB', 'X'].includes(phrase.tags[k]!) &&
    !FORM_WORDS.has(words[k]!) &&
    !isModifier(words[k]!) &&
    words[k] !== 'written'
  let last = words.length - 1
  while (last >= 0 && !noun(last) && phrase.tags[last] !== 'CCONJ' && phrase.tags[last] !== 'ADP') last--
  if (last < 0 || !noun(last)) return []
  const general = GENERAL.has(stem(words[last]!))
  const heads = general ? [] : [last]
  for (let k = last; k >= 2 && !general;) {
    const conjunction = phrase.tags[k - 1] === 'CCONJ'
    const at = conjunction ? k - 2 : k - 1
    if (!(conjunction || phrase.words[k - 1]!.endsWith(',')) || !noun(at)) break
    heads.push(at)
    k = at
  }
  const first = heads.length ? Math.min(...heads) : -1
  words.forEach((w, k) => {
    if (k > 0 && FORM_WORDS.has(w) && noun(k - 1) && !heads.includes(k - 1)) heads.push(k - 1)
  })
  const own = new Set(heads.flatMap((k) => terms(bare(phrase.texts[k]!), capitals)))
  const distant = distantModifierTerms(phrase, first, capitals)
  return content.filter((t) => own.has(t) || (t.startsWith('#') && !distant.has(t)))
}

/**
 * The terms of the modifiers that stand two or more words before the head, within the head's own conjunct: "breach"
 * of "breach notification laws" qualifies the notification, not the laws, so a concept it alone spells (#incident) is
 * no head; a sentence on breaches does not name the laws. The word next to the head stays: "encryption keys" and
 * "multi-factor authentication" are one thing. Empty when the head is general (its modifiers are the subject).
 */
function distantModifierTerms(phrase: Phrase, head: number, capitals: boolean): Set<string> {
  let start = head
  while (start > 0 && phrase.tags[start - 1] !== 'CCONJ' && !phrase.words[start - 1]!.endsWith(',')) start--
  if (head - 1 <= start) return new Set()
  return new Set(
    terms(
      phrase.texts
        .slice(start, head - 1)
        .map(bare)
        .join(' '),
      capitals,
    ),
  )
}

/**
 * The scope: the phrase after the preposition that ends the subject phrase, or after an adjective that is all the
 * question's predicate ("Is a pen-test report available for the kiosk network?": the report is asked of that network).
 * A participle ("required for remote access") names a practice and its own object; "to" and "with" after an adjective
 * ask about its complement ("applicable to", "compliant with"), which other rules read.
 */
function scopeAfter(phrase: Phrase, capitals: boolean, predicate: boolean): Scope | undefined {
  const rest = phrase.rest ?? []
  const adjective = predicate && rest[0]?.pos === 'ADJ' && ending(rest[0].lower) !== 'ed' && rest[1]?.pos === 'ADP'
  const [after, by] =
    phrase.after && phrase.endedByTag === 'ADP'
      ? [phrase.after, phrase.endedBy!]
      : adjective
        ? [rest.slice(2), rest[1]!.lower]
        : []
  if (!after || !by || by === 'of' || (adjective && ['to', 'with', 'as'].includes(by))) return undefined
  // A verb's particle ("log out an account", "back up the ledgers") confines nothing: the account is what is logged out.
  if (PARTICLES.has(by) && after[0]?.lower !== 'of') return undefined
  const scope = phraseAt(after, 0)
  // A bare noun between two prepositions is part of a longer preposition ("with regard to users", "on behalf of
  // customers"): the scope is the phrase after the second one. A plural is a party of its own ("on contractors before
  // they start").
  const next = after[scope.end!]
  const longer =
    scope.start === 0 &&
    scope.words.length === 1 &&
    (next?.pos === 'ADP' || next?.lower === 'to') &&
    !/[^s]s$/i.test(scope.words[0] ?? '')
  const named = longer ? phraseAt(after, scope.end! + 1) : scope
  const terms = named.words.length ? contentTerms(named, capitals) : []
  if (!terms.length) return undefined
  // As the question writes it, its determiner and commas included ("for your laptops, phones, and tablets"), and
  // what an "of" after it says the thing is of ("for the fair use of branch kiosks").
  let end = named.end ?? named.start! + named.words.length
  if (after[end]?.lower === 'of') {
    const of = phraseAt(after, end + 1)
    if (of.words.length) end = of.end ?? of.start! + of.words.length
  }
  const words = after.slice(0, end)
  return { phrase: `${by} ${written(words)}`, terms }
}

/**
 * "Do you have any other comments ...?", "Is there anything else you would like to add?": the questionnaire asks for
 * the respondent's own remarks, which no evidence file holds.
 */
export function asksForRemarks(asked: string): boolean {
  return /\b(?:any|other|additional|further)\s+(?:other\s+|additional\s+|further\s+)?(?:comments?|remarks?|notes?|feedback)\b|\banything else\b/i.test(
    asked,
  )
}

/**
 * Whether a sentence (with its context) names any of the subject terms, itself or by a close paraphrase ("written
 * contracts" / "agreements": word vectors, retrieval/paraphrase.server.ts). A subject is a thing: a paraphrase in the
 * sentence names it only where the sentence uses that word as one, not as its verb ("build standards" are not named
 * by "products built and maintained by us", though the vectors hold "built" close to "build"). The sentence's words
 * are tagged to tell, only when a paraphrase is all that matches. The context (neighbours, heading) names the subject
 * only by its own terms: its words cannot be tagged, and a paraphrase there ("built" in the sentence before) put a
 * job applicant's privacy notice on "hardening and build standards".
 */
export function namesSubject(
  subject: string[],
  sentenceTerms: Set<string>,
  context: Set<string>,
  text: string,
): boolean {
  if (!subject.length || subject.some((t) => sentenceTerms.has(t) || context.has(t))) return true
  const words = subject.filter(isPlainWord)
  // Two general nouns stand for anything: "information" is no paraphrase of the "access" of "access control records".
  const paraphrase = (u: string) => words.some((t) => !(GENERAL.has(t) && GENERAL.has(u)) && isParaphrase(t, u))
  const found = [...sentenceTerms].filter(paraphrase)
  if (!found.length) return false
  const things = thingStems(tagWords(text))
  return found.some((u) => things.has(u))
}

/**
 * The stems of the words a tagged text uses as things, not as its verbs: a hyphenated word is one whatever its last
 * part's tag ("role-based"). What names a subject, a kind or a place.
 */
export function thingStems(tagged: Word[]): Set<string> {
  return new Set(tagged.flatMap((w) => (w.pos === 'VERB' && !w.lower.includes('-') ? [] : stems(w.lower))))
}
