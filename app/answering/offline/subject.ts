import { GENERIC, stem, subjectStems, terms } from '../retrieval/terms'

/**
 * The noun phrase a question is about, read from its grammar: the subject of "Are your hardening and build
 * standards documented?", the object of "Do you have a separate management network ...?", what follows "Is there
 * ...". A sentence that names none of the phrase's own words (nor a concept it names) is about something else, however
 * many of the question's other words it shares: "documented", "applied" and "network devices" are everywhere.
 */

/** Words that open a yes/no question. */
const AUX = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'do', 'does', 'did', 'can', 'could', 'will', 'would'])
/** Requests for text that name what they ask about as their object. */
const IMPERATIVE =
  /^(?:please\s+)?(?:select|list|describe|provide|explain|specify|identify|state|name|indicate|outline|detail|summari[sz]e)\s+/i
/** Who answers: "Do you ...", "Does your company ...", "Does the vendor ...". */
const RESPONDENT =
  /^(?:you|we|(?:your|the) (?:company|organi[sz]ation|firm|vendor|supplier|provider|team|institution)(?= (?!and\b|or\b)))\b\s*/i
/** Adverbs between the respondent and the verb ("Do you regularly test ..."). */
const ADVERB =
  /^(?:(?!(?:comply|apply|supply|reply|rely|multiply|family|assembly|anomaly)\b)\w{3,}ly|also|still|ever|already|now)\b\s*/i
const isAdverb = (w: string) => ADVERB.test(w)
const DETERMINER = /^(?:a|an|the|your|any|all|these|those|this|its|their|our|each|every|some|of)\b\s*/i
/** Verbs that follow the subject of "Do your X ...?" often enough to mark where it ends. */
const SUBJECT_VERBS = new Set(
  `have has use uses support supports cover covers include includes allow allows require requires perform performs
  provide provides contain contains meet meets apply applies run runs store stores follow follows employ employs
  undergo undergoes get gets receive receives offer offers maintain maintains enforce enforces be`.split(/\s+/),
)
/** Words that end a noun phrase: prepositions opening a modifier, clause openers, punctuation. */
const PHRASE_END = new Set(
  `for to in on at by with from before after that which who whom whose when where while if than as via across
  against within during into onto upon under over between through throughout without per including such like
  whether how since until unless because so`.split(/\s+/),
)
/** Predicate adjectives that end the subject of "Is X ...?" as a participle does. */
const PREDICATES = new Set(
  `available able responsible capable compliant accessible enabled possible present subject free aware
  willing ready necessary`.split(/\s+/),
)
/** Irregular participles that end the subject of "Is/Are X ...?" as "-ed" does. */
const PARTICIPLES = new Set(
  `kept held done made built run shown known given taken sent spent stored met seen found bound used`.split(/\s+/),
)
/** Nouns that stand for the vendor, its product or data in general: a phrase of only these names no subject. */
const GENERAL_NOUNS = new Set(
  `product products system systems application applications app apps service services solution solutions platform
  platforms software vendor vendors company organization organisation institution customer customers user users
  data website site tool tools team teams staff employee employees personnel environment environments
  infrastructure hosting network networks server servers database databases process processes program programs
  programme policy policies procedure procedures plan plans information security access thing things way ways type
  types kind kinds level levels following part parts area areas aspect aspects method methods means practice
  practices mechanism mechanisms requirement requirements measure measures control controls standard standards
  capability capabilities technical criteria owner owners individual individuals person persons party parties role
  roles responsibility responsibilities record records template templates guideline guidelines`.split(/\s+/),
)

const isParticiple = (w: string) =>
  /^[a-z]{3,}ed$/.test(w) || /^[a-z]{3,}(?:able|ible)$/.test(w) || PARTICIPLES.has(w) || PREDICATES.has(w)
/** Words that are modifiers rather than what a phrase names: participles ("vended", "managed") and adverbs. */
const isModifier = (w: string) => /^[a-z]{3,}ed$/.test(w) || isAdverb(w) || QUALIFIERS.has(w)
/** Adjectives that grade data or accounts ("sensitive data", "institutional accounts"): not what a phrase is about. */
const QUALIFIERS = new Set(
  `sensitive confidential personal private institutional restricted critical important relevant regulated protected
  proprietary different various such same other additional`.split(/\s+/),
)

interface Phrase {
  words: string[]
  /** The text after the phrase when a preposition ended it ("for the secure management of passwords"). */
  after?: string
  /** That preposition. */
  endedBy?: string
}

/**
 * The noun phrase at the start of `rest`, up to a preposition that ends it, or the verb: a participle or predicate
 * adjective ("Are your X documented?", "Is X available ...?") or, before its object ("Do your X cover the ...?"), a
 * verb that follows a subject (without a tagger: a known verb, an adverb or an article, else the last word).
 */
function phraseAt(rest: string, end: 'participle' | 'verb' | 'none'): Phrase {
  let text = rest
  while (DETERMINER.test(text)) text = text.replace(DETERMINER, '')
  const out: string[] = []
  const tokens = text.split(/\s+/)
  let endedByVerb = false
  for (const [i, raw] of tokens.entries()) {
    // A parenthesis ("(or parts thereof)") is an aside, not part of the phrase.
    if (raw.startsWith('(') || raw.startsWith('[')) break
    const w = raw.toLowerCase().replace(/[^a-z0-9/-]/g, '')
    if (!w) break
    if (PHRASE_END.has(w)) {
      if (end === 'verb' && out.length > 1) out.pop()
      return { words: out, after: tokens.slice(i + 1).join(' '), endedBy: w }
    }
    if (end === 'participle' && out.length && isParticiple(w)) break
    if (end === 'verb' && out.length && (SUBJECT_VERBS.has(w) || isAdverb(w))) {
      endedByVerb = true
      break
    }
    if (end === 'verb' && out.length > 1 && /^(?:a|an|the)$/.test(w)) {
      out.pop()
      endedByVerb = true
      break
    }
    if (/^(?:a|an|the|your|its|their|our)$/.test(w)) continue
    out.push(w)
    if (/[;:?.)(]$/.test(raw)) break
    if (out.length >= 8) break
  }
  if (end === 'verb' && !endedByVerb && out.length > 1) out.pop()
  return { words: out }
}

/** The question's subject phrase, or undefined when its grammar is not one of the plain yes/no shapes. */
export function subjectPhrase(asked: string): string | undefined {
  const phrase = subjectOf(asked)
  return phrase?.length ? phrase.join(' ') : undefined
}

function subjectOf(asked: string): string[] | undefined {
  let text = asked.replace(/\s+/g, ' ').trim()
  // "Describe / List / Select the X ...": the object; "How are your X encrypted?": as "Are your X encrypted?".
  const imperative = IMPERATIVE.exec(text)
  if (imperative) {
    // "Describe or provide a reference to X", "Provide details of X": X is the object; "... how X is handled" names
    // no phrase a parse this light can trust.
    const object = text
      .slice(imperative[0].length)
      .replace(/^(?:or|and|and\/or)\s+\w+\s+/i, '')
      .replace(
        /^(?:a\s+|any\s+)?(?:references?|details|description|information|documentation|overview|summary|copy|link|list)\s+(?:to|of|on|about|for|that\s+\w+)\s+/i,
        '',
      )
    if (/^(?:how|what|which|who|whom|whose|when|where|why|whether|if)\b/i.test(object)) return undefined
    return phraseAt(object, 'participle').words
  }
  text = text.replace(/^(?:how|when|where|why)\s+(?=(?:is|are|was|were|do|does|did)\b)/i, '')
  const first = /^(\w+)\s+(.*)$/.exec(text)
  if (!first || !AUX.has(first[1]!.toLowerCase())) return undefined
  const aux = first[1]!.toLowerCase()
  let rest = first[2]!
  let phrase: Phrase
  if (/^there\b/i.test(rest)) phrase = phraseAt(rest.replace(/^there\s+/i, ''), 'participle')
  else if (/^(?:it|this|that)\b/i.test(rest)) return undefined
  else if (RESPONDENT.test(rest)) {
    rest = rest.replace(RESPONDENT, '')
    while (ADVERB.test(rest)) rest = rest.replace(ADVERB, '')
    // "Do you review and/or audit X?": conjoined verbs share the object.
    const verb = /^[\w-]+(?:\s+(?:and\/or|and|or)\s+[\w-]+)?\s+(.*)$/.exec(rest)
    if (!verb) return undefined
    // "Have you implemented X?", "Do you have X?", "Do you monitor X?": the object is what the question is about.
    phrase = phraseAt(verb[1]!, 'none')
  } else if (['is', 'are', 'was', 'were', 'has', 'have'].includes(aux)) {
    // "Are your X documented?", "Is the management of your network outsourced?": the subject ends at the participle.
    phrase = phraseAt(rest.replace(ADVERB, ''), 'participle')
  } else {
    // "Do your X cover ...?", "Will institution data be shared ...?": the verb follows the subject.
    phrase = phraseAt(rest, 'verb')
  }
  // "Are processes, procedures, and technical measures for the secure management of passwords ...?": a phrase of
  // form words only is about what its modifier names.
  // form words only is about what its modifier names ("with regards to user privacy").
  const form = (words: string[]) => FORM.test(words.filter((w) => !isModifier(w)).join(' '))
  for (let hop = 0; hop < 3 && phrase.after && form(phrase.words); hop++) {
    // "... a plan to comply with X", "... measures to protect X": after "to", the verb is not part of X.
    const infinitive =
      phrase.endedBy === 'to' && !/^(?:regards?|respect|relation|addition)$/i.test(phrase.words.at(-1) ?? '')
    const after = infinitive ? phrase.after.replace(/^[\w-]+\s*/, '') : phrase.after
    phrase = phraseAt(after, 'participle')
  }
  return phrase.words
}

const GENERAL = new Set([...GENERAL_NOUNS].map(stem))
/** Words that give a practice its form, never its subject, wherever they stand in the phrase. */
const FORM_WORD =
  /^(?:process(?:es)?|procedures?|technical|measures?|policies|policy|standards?|requirements?|criteria|mechanisms?|practices?|plans?|programs?|programmes?|guidelines?|templates?|capabilit(?:y|ies)|controls?|methods?)$/i
/** A phrase of form words only (or none): "processes, procedures, and technical measures", "criteria", "regards". */
const FORM =
  /^(?:(?:and|or|,|processes|process|procedures|procedure|technical|measures|measure|policies|policy|standards|standard|requirements|requirement|criteria|mechanisms|mechanism|practices|practice|plans|plan|programs|program|guidelines|guideline|templates|template|documents|capabilities|capability|regards|regard|respect|place|means|way|ways|it|institutions|organizations|organisations)[,]?\s*)*$/i

function contentTerms(phrase: string): string[] {
  const words = phrase
    .split(/\s+/)
    .map((w) => w.replace(/[,;:]+$/, ''))
    .filter((w) => w && !isModifier(w.toLowerCase()) && !/^written$/i.test(w) && !FORM_WORD.test(w))
  // A general noun names no subject where it heads the phrase or an item of a list ("access controls", "sensitive
  // data", "systems, products, and business practices") but does as a modifier of the next noun ("identity and access
  // management", "user access") or after "of" ("management of your network").
  const general = new Set<string>()
  words.forEach((w, i) => {
    const next = words[i + 1]?.toLowerCase()
    const afterOf = words.slice(0, i).some((x) => /^of$/i.test(x))
    const modifies = next !== undefined && !/^(?:and|or|of|and\/or)$/.test(next)
    if (!afterOf && !modifies) general.add(stem(w.toLowerCase()))
  })
  // A form word's stem is a subject when the phrase uses it as a noun ("documentation", not "documented").
  const asSubject = subjectStems(words.join(' '))
  // "Management" is the form of a practice as "process" is ("management of your network").
  const content = (t: string) =>
    t !== 'manag' && (!GENERIC.has(t) || asSubject.has(t)) && (!GENERAL.has(t) || !general.has(t))
  // "#policy" is the form of a practice (policies, standards, procedures), never its subject.
  return [...new Set(terms(words.join(' ')))].filter((t) => t !== '#policy' && (t.startsWith('#') || content(t)))
}

/**
 * The terms a sentence must share with the question to be about its subject: the subject phrase's own content
 * terms (concepts included), leaving out general nouns, modifiers and form words. Empty: no check (the phrase names
 * nothing particular, or the question is not a plain yes/no shape).
 */
export function subjectTerms(asked: string): string[] {
  const phrase = subjectOf(asked)
  return phrase?.length ? contentTerms(phrase.join(' ')) : []
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

/** Whether a sentence (with its context) names any of the subject terms. */
export function namesSubject(subject: string[], sentenceTerms: Set<string>, context: Set<string>): boolean {
  return !subject.length || subject.some((t) => sentenceTerms.has(t) || context.has(t))
}
