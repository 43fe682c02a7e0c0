import { FLAG_THRESHOLD, type RuleName } from '../model'
import { cite, where } from './answers'
import { freeTextGap, questionWordGap } from './free-text'
import { isOwnRole, isRole, namesOwnParty } from './question-word'
import { ending, gerund, noun, nounCompounds, tagWords, type Word } from '../retrieval/grammar'
import {
  asksIfThereIs,
  definedAcronyms,
  everVerb,
  hasAcronym,
  predicateWords,
  schemeOf,
  taggedPhrase,
  written,
} from './phrase'
import { GENERIC, namesIn, stem, subjectStems, terms, words } from '../retrieval/terms'
import { conceptSpans } from '../retrieval/vocabulary'
import type { Hit } from '../retrieval/model'
import { isParaphrase } from '../retrieval/paraphrase.server'
import { isAcronym, stemToken } from '../retrieval/stem'
import { ASKS_PERMISSION, MIN_COVERAGE, STRONG_COVERAGE, type Ask, type Draft, type OfflineRule } from './ask'
import {
  asksDoneInPeriod,
  customerRulesOf,
  customersAtLarge,
  delegationIn,
  namesReceiver,
  recipientOf,
  refersToEarlier,
} from './scope'
import { bare, FORM_WORDS, GENERAL_NOUNS, namesSubject } from './subject'
import { asksForHolding, particularSubject } from './practices'
import {
  alphanumerics,
  capitalised,
  collapseSpace,
  hasWordCharacter,
  inCapitals,
  isLetterWord,
  isPlainWord,
  withoutFinalS,
  wordList,
} from '../retrieval/text'
import { MAX_VALUE_WORDS, MONTH_NAME, onlyDenies, polarity, statesRule } from './polarity'
import { quantitiesIn, requirementOf, unmetInSomeCells } from './quantities'

/** Whether the lead sentence or its context names a term, by stem or close paraphrase. */
const leadNames = (a: Ask, term: string): boolean =>
  a.leadWords.has(term) || [...a.leadWords].some((u) => isParaphrase(term, u))

/** Whether the lead sentence itself (its context aside) names a term, by stem or close paraphrase. */
const leadItselfNames = (a: Ask, term: string): boolean =>
  a.leadOwnWords.has(term) || [...a.leadOwnWords].some((u) => isParaphrase(term, u))

/**
 * A term as the question writes it ("encrypted" for "encrypt", "GPS" for "gps"), or the term itself. Each word is read
 * as the question reads it: "GPS" alone is all capitals, in a mixed-case question an acronym.
 */
const writtenAs = (a: Ask, term: string): string => writtenIn(a.asked, term, a.tagged)

/**
 * A term as a text writes it: a concept as spelled ("policies" for #policy), a word as the tagger holds it (a
 * hyphenated word whole: "read-only"). `tagged`: the text's words, when the caller has them already.
 */
export function writtenIn(text: string, term: string, tagged = tagWords(text)): string {
  if (term.startsWith('#')) {
    const span = conceptSpans(text).find((c) => c.id === term)
    return span ? text.slice(span.from, span.to) : term
  }
  const capitals = inCapitals(text)
  return tagged.find((w) => words(w.text, capitals).includes(term))?.text ?? term
}

/** Confidence raised when the quote names every subject itself; lowered when the match leans on its neighbours. */
const SUBJECTS_OWN_BONUS = 0.12
const CONTEXT_PENALTY = 0.05
const AGREEMENT_BONUS = 0.05
const HEDGE_PENALTY = 0.1
/** A denial, limit or plan read from wording stays below the flag threshold: a person confirms it. */
export const WORDING_CAP = 0.8

/**
 * The kinds the lead sentence does not name. A kind is a noun ("host-based": a host), so the sentence must use its
 * word as one: "services hosted in AWS" shares the stem but names no host (the tags are wink-nlp's); "role-based
 * access control" names a role although its words read as a concept.
 */
const unstatedKinds = (a: Ask) => {
  const sentence = a.lead.hit.sentence
  // Words, not terms: "role-based access control" is the concept #leastpriv, and still says "role". A hyphenated
  // word carries its last part's tag ("role-based": VERB): only a word of its own is a verb.
  return a.kinds.filter((k) => !a.leadThings.has(k.term) && !sentence.section.has(k.term))
}

/**
 * The place or party the question confines its subject to, when the lead sentence and its context name none of it. A
 * place or party is a thing, named by a word the sentence uses as one, as a kind is (unstatedKinds): "enforce the
 * policies" names no "law enforcement".
 */
const scopeUnstated = (a: Ask): string | undefined => {
  const scope = a.scope
  if (!scope) return undefined
  const sentence = a.lead.hit.sentence
  const named = new Set([...sentence.terms].filter((t) => t.startsWith('#') || a.leadThings.has(t)))
  // A party ("on contractors") the sentence itself must name: a neighbour on contractors says something else of them.
  const party = /^(?:on|for|of) /.test(scope.phrase) && scope.terms.some((t) => isRole(t) || PEOPLE_STEMS.has(t))
  const context = party ? new Set<string>() : sentence.section
  return namesSubject(scope.terms, named, context, sentence.text) ? undefined : `"${scope.phrase}"`
}

/**
 * Each verb or participle a question asks, with its own stems and the concept it spells ("encrypted": #encryption, as
 * a sentence's terms hold it), general ones aside; a verb with none is left out.
 */
const practiceStems = (verbs: string[]): { word: string; own: string[] }[] =>
  verbs.flatMap((word) => {
    const own = [...new Set([...words(word), ...terms(word)])].filter((t) => !GENERIC.has(t))
    return own.length ? [{ word, own }] : []
  })

/**
 * The practice a "Do you <verb> <data>?" question asks about, when its object names no subject of its own ("personal
 * data") and the lead sentence and its context name none of its verbs, by stem or close paraphrase: "Card data is
 * handled as our policy describes" does not say that card numbers are tokenized. Form verbs ("use", "perform") aside.
 * A passive question whose subject is general words only asks its participle the same way, and so does one that asks
 * what can be done, whatever its subject ("Can kiosk access be filtered ...?": logging the access is no filter).
 */
const practiceUnstated = (a: Ask): string | undefined => {
  // An object with a subject of its own ("Do you capture device information?") is what the sentence is matched on.
  // "Can kiosk access be limited ...?" asks the participle whatever its subject names, and so does "Are kiosk ledgers
  // reconciled ...?": a sentence on the ledgers that never says reconciled states something else of them.
  const participle = a.about.length ? subjectParticiple(a) : []
  if (!a.yesNo || (a.about.length && !participle.length && !(ASKS_ABILITY.test(a.asked) && a.passive))) return undefined
  // "Are your systems and services inspected remotely for flaws?": a subject of general words only leaves the
  // participle as the practice asked, as the verb is in "Do you scan ...?".
  const verbs = participle.length ? participle : a.verbs.length ? a.verbs : generalSubjectParticiple(a)
  const asked = practiceStems(verbs)
  if (!asked.length) return undefined
  if (asked.some((p) => p.own.some((t) => leadNames(a, t)))) return undefined
  const quoted = asked.map((p) => `"${p.word}"`)
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0]
}

/**
 * "Does the release process verify that every third-party library is still supported?": what a verb's "that" clause
 * says is what the question asks. A deciding sentence that names none of the clause's own words (those the main
 * clause does not already say, general ones aside), by stem or close paraphrase, states the process and not that. The
 * clause as the question writes it.
 */
const clauseUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const tagged = a.tagged
  const k = tagged.findIndex((w, i) => i > 2 && w.lower === 'that' && tagged[i - 1]?.pos === 'VERB')
  if (k < 0) return undefined
  const main = new Set(tagged.slice(0, k).flatMap((w) => words(w.text)))
  const clause = tagged.slice(k + 1).filter((w) => CLAUSE_WORDS.has(w.pos))
  const own = clause.flatMap((w) => words(w.text)).filter((t) => !GENERIC.has(t) && !main.has(t))
  if (!own.length || own.some((t) => leadNames(a, t))) return undefined
  return written(tagged.slice(k + 1).filter((w) => w.pos !== 'PUNCT'))
}
/**
 * "Are procedures in place to ensure ledgers are reconciled?" from "Ledgers are kept for seven years": a purpose
 * clause ("to ensure <subject> is <participle>") states what the practice is for, and its participle is what the
 * question asks; the deciding sentence and its context must name it, by stem or close paraphrase. The clause from its
 * subject to its participle, as written.
 */
const purposeUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const tagged = a.tagged
  const k = tagged.findIndex((w, i) => ENSURE.has(w.lower) && tagged[i - 1]?.lower === 'to')
  if (k < 0) return undefined
  const be = tagged.findIndex((w, i) => i > k && w.pos === 'AUX' && w.lemma === 'be')
  if (be < 0) return undefined
  let p = be + 1
  while (tagged[p]?.pos === 'ADV') p++
  const participle = tagged[p]
  // The tagger reads some participles as adjectives ("are reconciled").
  const isParticiple = participle?.pos === 'VERB' || (participle?.pos === 'ADJ' && ending(participle.lower) === 'ed')
  if (!participle || !isParticiple || tagged.slice(k + 1, be).some((w) => w.pos === 'VERB' || w.pos === 'AUX')) {
    return undefined
  }
  // A form word as written ("implemented") asks nothing; "processed" does, though "processes" is one.
  const own = [...subjectStems(participle.text)]
  if (!own.length || own.some((t) => leadNames(a, t))) return undefined
  const from = tagged[k + 1]?.lower === 'that' ? k + 2 : k + 1
  return written(tagged.slice(from, p + 1))
}
const ENSURE = new Set(wordList('ensure assure guarantee'))
/**
 * "Are criteria for opening a branch established?" from "The branch opening plan has been approved": a form word that
 * names what a practice is decided by ("criteria", "guidelines", "templates" for or of X: its subject phrase is X) asks
 * whether that document exists, not whether X does. The deciding sentence and its context must use the word's stem;
 * the word as written.
 */
const basisUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const tagged = a.tagged
  const basis = tagged.find((w, i) => BASIS.has(w.lower) && BASIS_OF.has(tagged[i + 1]?.lower ?? ''))
  if (!basis || words(basis.text).some((t) => a.leadWords.has(t))) return undefined
  return basis.text
}
/** Form words for the documents a practice is decided by; "requirements" and "standards" are stated by the rule itself. */
const BASIS = new Set(wordList('criteria criterion guidelines guideline templates template'))
/** The prepositions that join such a word to what it decides ("for", tagged as either). */
const BASIS_OF = new Set(['for', 'of', 'on'])
/**
 * "Are kiosk ledgers encrypted?" from "Till receipts are encrypted.", whose neighbour says "Kiosk ledgers are kept
 * unencrypted.": the lead names the question's subject only through its neighbours, and a neighbour under the same
 * heading that names the whole subject itself denies the practice. The lead is about another thing; what the evidence
 * says of the subject is the opposite. The neighbour, as written.
 */
const neighbourDenies = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || !a.about.length) return undefined
  if (a.about.some((t) => leadItselfNames(a, t))) return undefined
  const lead = a.lead.hit.sentence
  const neighbour = [a.index.sentences[lead.id - 1], a.index.sentences[lead.id + 1]].find(
    (n) =>
      n !== undefined &&
      n.passage.file === lead.passage.file &&
      // Under the same heading: its words are in the lead's section.
      [...n.terms].every((t) => lead.section.has(t)) &&
      a.about.every((t) => n.terms.has(t)) &&
      polarity(n.text, a.keyStems).negated,
  )
  return neighbour?.text
}
/**
 * "Are kiosks certified to the till standard?" from "We have started a till standard programme" while another sentence
 * on the subject says "We are not certified today": a sentence the question's subject passed, not the lead, that
 * denies the question's own practice (its participle or verb) where the lead does not name it, or, for a question
 * asked of every member or place ("all", "every", "wherever"), denies it at all ("the branch disk is not encrypted"
 * for "Is kiosk data encrypted wherever it is stored?"). The denial must name the question's subject, when it has one.
 * The denial, as written.
 */
const deniedElsewhere = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const beside = deniedBeside(a)
  if (beside) return beside
  const practice = [...(a.passive?.slice(0, 1) ?? []), ...a.verbs]
    .flatMap((w) => words(w))
    .filter((t) => !GENERIC.has(t))
  const every = EVERY_ASKED.test(a.asked)
  // "Do all production services have a standby?": asked of every member, what they are to have is the practice.
  const had =
    every && !practice.length && /^\s*(?:do|does)\b.*\bhave\b/i.test(a.asked)
      ? [...a.keyStems].filter((t) => !GENERIC.has(t) && !a.about.includes(t))
      : []
  // A practice of form words only ("Is X supported?"): another sentence on the whole subject that says it is not
  // available ("Kiosk sync is not yet available for EU tenants") denies it for some.
  if (!practice.length && a.about.length) {
    const lead = a.lead.hit.sentence
    const found = a.hits.find(
      (h) =>
        h.sentence !== lead &&
        h.sentence.text !== lead.text &&
        h.sentence.passage.file === lead.passage.file &&
        a.about.every((t) => h.sentence.terms.has(t)) &&
        STATUS_DENIED.test(h.sentence.text),
    )
    if (found) return found.sentence.text
  }
  if (!practice.length && !had.length) return undefined
  const denied = [...practice.filter((t) => every || !leadNames(a, t)), ...had]
  if (!denied.length) return undefined
  // Asked of every member, a denial of any of them counts, however little else of the question it says.
  const found = (every ? a.ranked : a.hits).find(
    (h) =>
      h !== a.lead.hit &&
      h.sentence.text !== a.lead.hit.sentence.text &&
      (every ? [...h.matched].some((t) => a.core.has(t) || had.includes(t)) : h.coverage >= MIN_COVERAGE) &&
      words(h.sentence.text).some((t) => denied.includes(t)) &&
      // Of the question's subject, when it has one ("Webhook delivery did not meet its RTO" denies nothing of the API).
      (!a.about.length || a.about.some((t) => h.sentence.terms.has(t))) &&
      polarity(h.sentence.text, new Set(denied)).negated,
  )
  return found?.sentence.text
}
/**
 * "Did any branch audit find missing till receipts?" answered from "The audit plan was revised in June" while the
 * sentence before it says "None of the year's branch audits found missing receipts": the ranking passed the denial over
 * because its own words do not spell the question's core ("audit" alone, not the concept), yet it states far more of
 * the rest of the question than the lead does (at least half of its weight, and twice the lead's) and denies it. In the
 * lead's passage only. The denial, as written.
 */
const deniedBeside = (a: Ask): string | undefined => {
  const lead = a.lead.hit
  const rest = a.query.filter((t) => !t.core)
  const own = (h: Hit) => rest.filter((t) => h.sentence.terms.has(t.term)).reduce((sum, t) => sum + t.weight, 0)
  const half = rest.reduce((sum, t) => sum + t.weight, 0) / 2
  return a.candidates.find(
    (h) =>
      !h.coreOwn &&
      h.sentence.passage === lead.sentence.passage &&
      h.sentence.text !== lead.sentence.text &&
      own(h) >= half &&
      own(h) >= 2 * own(lead) &&
      polarity(h.sentence.text, a.keyStems).negated,
  )?.sentence.text
}
/** A status denied: "is not available", "are not yet supported". */
const STATUS_DENIED = /\b(?:is|are)\s+not\s+(?:yet\s+)?(?:available|supported|offered|enabled|provided|included)\b/i
/**
 * "Can a branch audit the till?" from "A branch may audit the till on 30 days' notice" beside "The right to audit
 * applies only where the ledger shows a loss": a close sentence (one the answer was read among, of the same file)
 * that limits what the lead states outright; or the sentence right after the lead, in its passage, whose first
 * clause has no verb and limits ("Kiosks only in this release; tills later.") or that says it is an exception; or a
 * paragraph labelled "Exception:" later under the same heading that names two of the question's key words. The
 * limit, as written.
 */
const limitedNearby = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const lead = a.lead.hit.sentence
  const found = a.judged.find(
    (j) =>
      j !== a.lead &&
      j.label === 'PARTIALLY' &&
      j.hit.coverage >= 0.6 &&
      j.hit.sentence.passage.file === lead.passage.file &&
      Math.abs(j.hit.sentence.id - lead.id) <= 2 &&
      j.hit.sentence.text !== lead.text,
  )
  if (found) return found.hit.sentence.text
  // Or the sentence right after it, in the same passage, opens with a clause with no verb that limits ("Android only
  // in this release; ...", "Except the on-site appliance."): it can only qualify the one before.
  const next = a.index.sentences[lead.id + 1]
  if (!next || next.passage !== lead.passage) return undefined
  const first = tagWords(next.text.split(/[;:]/)[0]!)
  const verbless = !first.some((w) => w.pos === 'VERB' || w.pos === 'AUX')
  const limits = first.some((w) => w.lower === 'only') || /^\s*(?:except|excluding|not|no)\b/i.test(next.text)
  if (verbless && limits) return next.text
  // Or it names itself an exception to what comes before ("The one exception is ...", "This does not apply to ...").
  // An opening bracket aside: "(The one exception is ...)".
  const nextText = next.text.replace(/^\s*\(/, '')
  if (EXCEPTION_NEXT.test(nextText) || BACK_NOT_APPLY.test(nextText)) return next.text
  if (HOLDS_EXCEPTION.test(next.text)) return next.text
  // Or it leaves some out ("New starters are left out", "Test tills are exempt").
  if (SOME_LEFT_OUT.test(next.text)) return next.text
  // Or it denies the lead's own verb of a qualified part of the lead's thing ("Traffic to banking sites is not
  // decrypted" after "The gateway decrypts HTTPS traffic").
  if (qualifiedDenial(a, next.text)) return next.text
  // Or, up to three sentences on in the passage, one says another lacks it, pointing back ("The Basic plan does not
  // have this option yet").
  for (let k = lead.id + 1; k <= lead.id + LACKS_REACH; k++) {
    const later = a.index.sentences[k]
    if (!later || later.passage !== lead.passage) break
    if (LACKS_THIS.test(later.text)) return later.text
  }
  // Or a paragraph labelled as an exception ("Exception: ...") later under the same heading, that names two key words
  // of the question: it sets aside part of what the section states.
  for (let k = lead.id + 1; k <= lead.id + EXCEPTION_REACH; k++) {
    const later = a.index.sentences[k]
    if (!later || later.passage.file !== lead.passage.file || later.passage.location !== lead.passage.location) break
    if (EXCEPTION_LABEL.test(later.text) && new Set(words(later.text).filter((t) => a.keyStems.has(t))).size >= 2)
      return later.text
  }
  return undefined
}
/** "... does not have this option yet", "are not given the same": something lacks what was just stated. */
const LACKS_THIS =
  /\b(?:does|do|is|are)\s*(?:not|n['’]t)\s+(?:yet\s+)?(?:have|offer|support|include|get|given)\s+(?:this|that|these|the same)\b/i
/** How many sentences on a pointing-back denial is still read, in the passage. */
const LACKS_REACH = 3
/**
 * Whether a sentence opens with a noun the lead and the question share, qualified by a preposition ("Traffic to sites
 * ..."), and says it "is not" done by a verb the lead and the question share ("is not decrypted").
 */
const qualifiedDenial = (a: Ask, text: string): boolean => {
  const leadWords = new Set(words(a.lead.hit.sentence.text))
  const t = tagWords(text)
  const i = t[0]?.pos === 'DET' ? 1 : 0
  const head = t[i]
  if (!noun(head) || t[i + 1]?.pos !== 'ADP') return false
  const headStems = words(head!.text)
  if (!headStems.some((w) => leadWords.has(w) && a.keyStems.has(w))) return false
  const m = /\b(?:is|are)\s+not\s+([a-z]+)/i.exec(text)
  if (!m) return false
  const denied = words(m[1]!)
  return denied.some((w) => leadWords.has(w) && a.keyStems.has(w))
}
/** A sentence that says some are left out: "New starters are left out", "Test tills are exempt". */
const SOME_LEFT_OUT = /\b(?:is|are)\s+(?:left out|excluded|exempt(?:ed)?|not included|not covered|omitted)\b/i
/** A sentence that says some hold an exception to it: "Two test engineers hold an approved exception". */
const HOLDS_EXCEPTION =
  /\b(?:holds?|has|have|(?:is|are|was|were|been) (?:granted|given))\s+(?:an?\s+)?(?:approved\s+|documented\s+|temporary\s+|standing\s+)?exceptions?\b/i
/** How many sentences on a labelled exception is still read, under the same heading. */
const EXCEPTION_REACH = 12
/** A paragraph labelled as an exception: "Exception:", "Exceptions -". */
const EXCEPTION_LABEL = /^\s*exceptions?\s*[:\u2013\u2014-]/i
/** A sentence whose subject points back ("The allow-list does not apply to ..."): the lead's own thing, limited. */
const BACK_NOT_APPLY =
  /^\s*the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:does|do|is|are)\s*(?:not|n['’]t)\s+(?:apply|cover|extend)\b/i
/** A sentence that says it is an exception to the one before: "The one exception is ...", "This does not apply to". */
const EXCEPTION_NEXT =
  /^\s*(?:(?:the|one|an?)\s+)?(?:(?:one|only|sole|main)\s+)?exceptions?\b|^\s*(?:this|that|these|those|it|they)\s+(?:does|do|is|are)\s*(?:not|n['’]t)\s+(?:apply|cover|include|extend|available)|^\s*(?:this|these)\s+(?:excludes?|exempts?)\b/i
/**
 * "Are all clerks located within Norway?" from "Our clerks are based in Norway and Iceland": the question confines a
 * practice to a named place ("within", "only in", or of every member), and the deciding sentence names that place
 * with another beside it, joined by "and", "or" or a comma. The places as the sentence lists them.
 */
const placeWider = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const asked = CONFINED_TO.exec(a.asked)
  if (!asked || !(/\bwithin\b|\bonly\b/i.test(a.asked) || EVERY_ASKED.test(a.asked))) return undefined
  const place = asked[1]!.trim()
  const text = a.lead.hit.sentence.text
  const at = text.indexOf(place)
  if (at < 0) return undefined
  const listed = new RegExp(
    `(?:(?:the )?${NAME}(?:, (?:the )?${NAME})*,? (?:and|or|&) (?:the )?)?${escaped(place)}(?:(?:, (?:the )?${NAME})*,? (?:and|or|&) (?:the )?${NAME})?`,
  ).exec(text.slice(Math.max(0, at - 80)))
  const found = listed?.[0].replace(/[.,]+$/, '')
  return found && found !== place ? found : undefined
}
/** The place a question confines to: a capitalised name after "within", "in", "inside" or "from". */
const CONFINED_TO = /\b(?:within|in|inside|from) (?:the )?((?:[A-Z][\w.-]*)(?: (?:[A-Z][\w.-]*|of))*)/
/** A capitalised name of one to four words. */
const NAME = '[A-Z][\\w.-]*(?: [A-Z][\\w.-]*){0,3}'
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * "Were any of the affected clerks under 18?" from "18 March: we told the branches": a number of the question that the
 * deciding sentence writes only as a day of a date, where the question's is none. The date, as written.
 */
const numberAsDate = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const text = a.lead.hit.sentence.text
  for (const n of a.asked.match(/\b\d{1,2}\b/g) ?? []) {
    // A month is written with a capital: "18 may" is no date.
    const dates = new RegExp(`\\b${n}\\s+${MONTH_NAME}|${MONTH_NAME}\\s+${n}\\b`, 'g')
    if (!a.lead.hit.matched.has(n) || new RegExp(dates.source).test(a.asked)) continue
    const asNumber = new RegExp(`\\b${n}\\b`, 'g')
    const dated = text.match(dates) ?? []
    if (dated.length && dated.length === (text.match(asNumber) ?? []).length) return dated[0]
  }
  return undefined
}
/**
 * "Does the kiosk app support single sign-on?" from "For our own staff, we use a single identity provider": the
 * question asks what the product does, and the deciding sentence says what the vendor does for its own people. The
 * words that say so, as written.
 */
const ownStaffOnly = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  if (!ASKS_OF_PRODUCT.test(a.asked)) return undefined
  return OWN_STAFF.exec(a.lead.hit.sentence.text)?.[0]
}
/** A question on what the product does: its subject is the product, the application, the service or the like. */
const ASKS_OF_PRODUCT =
  /^\s*(?:does|do|is|are|can|will)\s+(?:the|your)\s+(?:\w+\s+)?(?:product|application|app|solution|service|platform|software|system)s?\b/i
/** What the vendor does for its own people. */
const OWN_STAFF =
  /\b(?:for|of) our (?:own )?(?:staff|employees|workforce|personnel|engineers)\b|\bour (?:own )?(?:staff|employees|workforce) (?:use|sign|log)/i
/** A question asked of every member, place or time. */
const EVERY_ASKED = /\b(?:all|every|each|wherever|whenever|always)\b/i

/**
 * "Is the help desk staffed 24x7?" from "The help desk answers calls on weekdays": the question asks for a practice
 * round the clock ("24x7", "24/7", "24 hours a day", "around the clock") and the deciding sentence does not say so,
 * nor "at all times" or "continuously". The question's words, as written.
 */
const roundTheClockUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const asked = ROUND_THE_CLOCK.exec(a.asked)
  if (!asked || ROUND_THE_CLOCK.test(a.lead.hit.sentence.text) || ALWAYS.test(a.lead.hit.sentence.text))
    return undefined
  return asked[0]
}
/** Round the clock, as questionnaires write it ("24x7x365", "24 x 7", "24/7", "24 hours a day"). */
const ROUND_THE_CLOCK = /\b24\s*[x×/]\s*7\b|\b24 hours a day\b|\b(?:a?round)[- ]the[- ]clock\b/i
/** What else says it: without a pause. */
const ALWAYS = /\bat all times\b|\bcontinuous(?:ly)?\b|\bnon-?stop\b/i
/**
 * "Are you ISO 27001 certified?" from "Our sister company, Acme Kiosks, is ISO 27001 certified": a question on what
 * the vendor holds (a certificate, an audit, compliance), and a deciding sentence whose own subject, the words before
 * its first verb, is another party: a provider, a vendor or supplier, a parent, sister, subsidiary or affiliate, and
 * not "we"; or that names the thing as another party's ("we read the provider's SOC 2 report"). What the sentence
 * says holds it, as written.
 */
const otherHolder = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || !asksForHolding(a.asked)) return undefined
  // A question on what the other party holds ("Do your suppliers comply ...?") is answered by what it holds.
  if (a.query.some((t) => HOLDERS_ELSEWHERE.has(t.term)) || a.tagged.some((w) => OTHER_PARTIES.has(w.lower))) {
    return undefined
  }
  const said = a.leadTagged
  // "we read the provider's SOC 2 report": what another party holds, by its possessive ("the provider's").
  const owner = said.findIndex(
    (w, i) =>
      (OTHER_PARTIES.has(w.lower) || PROVIDERS.has(w.lower) || terms(w.text).some((t) => HOLDERS_ELSEWHERE.has(t))) &&
      /^['’]s?$/.test(said[i + 1]?.text ?? ''),
  )
  if (owner >= 0) {
    const before = said[owner - 1]
    return written(before?.pos === 'DET' ? [before, said[owner]!] : [said[owner]!])
  }
  // The first verb after a noun: "hosting" of "Our hosting provider holds ..." is the provider's modifier.
  const verb = said.findIndex((w, i) => (w.pos === 'VERB' || w.pos === 'AUX') && said.slice(0, i).some(noun))
  if (verb < 1) return undefined
  const subject = said.slice(0, verb)
  // A noun phrase, possessives and an appositive in commas included ("Our sister company, Acme Kiosks,"): not "we".
  const phrase = (w: Word, i: number) =>
    SUBJECT_WORDS.has(w.pos) || POSSESSIVES.has(w.lower) || (w.pos === 'VERB' && noun(subject[i + 1]))
  if (!subject.every(phrase)) return undefined
  const text = written(subject)
  const other = subject.some((w) => OTHER_PARTIES.has(w.lower)) || terms(text).some((t) => HOLDERS_ELSEWHERE.has(t))
  // "Our sister company" inside the reason reads "our sister company"; a name keeps its capital.
  const opening = subject[0]!.pos === 'DET' || POSSESSIVES.has(subject[0]!.lower)
  return other ? (opening ? lowerFirst(text) : text).replace(/[,;:]+$/, '') : undefined
}
/** Words that name another company or product as a sentence's subject ("our sister product", "the parent company"). */
const OTHER_PARTIES = new Set(
  wordList('sister parent subsidiary subsidiaries affiliate affiliates affiliated partner partners'),
)
/** Another party that supplies the vendor. */
const PROVIDERS = new Set(wordList('provider providers supplier suppliers vendor vendors subprocessor subprocessors'))
const SUBJECT_WORDS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART', 'PUNCT', 'NUM'])
const POSSESSIVES = new Set(['our', 'its', 'their'])
/** Concepts that name a provider or supplier. */
const HOLDERS_ELSEWHERE = new Set(['#thirdparty', '#cloudhost'])
/**
 * "It is vital that a branch keeps its ledgers locked": advice to anyone, not what the vendor does. The deciding
 * sentence says it is important, critical, essential or the like that an indefinite party does something ("that an
 * organization maintains a plan", "for a company to ..."). The advice, from "it is", as written.
 */
const generalAdvice = (a: Ask): string | undefined => {
  const said = a.leadTagged
  for (let i = 0; i + 4 < said.length; i++) {
    if (said[i]!.lower !== 'it' || said[i + 1]!.lemma !== 'be') continue
    let j = i + 2
    while (said[j]?.pos === 'ADV') j++
    if (said[j]?.pos !== 'ADJ' || !ADVICE_OPENERS.has(said[j + 1]?.lower ?? '')) continue
    const party = said[j + 2]
    if (party && INDEFINITE.has(party.lower) && noun(said[j + 3])) return written(said.slice(i, j + 4))
  }
  return undefined
}
/** What opens the clause advice governs: "that an organization ...", "for a company to ...". */
const ADVICE_OPENERS = new Set(['that', 'for'])
/** Determiners of a party that is anybody ("an organization", "any company"). */
const INDEFINITE = new Set(['a', 'an', 'any'])
/** Tags of the words that say what a clause states. */
const CLAUSE_WORDS = new Set(['NOUN', 'PROPN', 'ADJ', 'VERB'])

/**
 * "Can any clerk open the safe?" from "Only the branch manager may open the safe.": the sentence grants the practice
 * to one party, and the question asks it of any or every member of another, its subject ("any clerk", "all clerks",
 * "anyone"). The sentence's verb reads as a Yes, and the sentence says the opposite. The party it names, as written.
 */
const onlyOtherParty = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const asked = a.tagged
  // The question's subject, right after its auxiliary: a quantifier and its noun, or a pronoun for anyone.
  const quantifier = asked[1]
  if (!quantifier || asked[0]?.pos !== 'AUX') return undefined
  const anyone = ANYONE.has(quantifier.lower)
  // The quantifier's own noun, its adjectives aside ("any branch clerk"); "any of your servers" asks of things.
  let nounAt = 2
  while (asked[nounAt]?.pos === 'ADJ' || asked[nounAt + 1]?.pos === 'NOUN') nounAt++
  const member = asked[nounAt]
  if (!anyone && !(QUANTIFIERS.has(quantifier.lower) && noun(member))) return undefined
  const said = a.leadTagged
  const k = said.findIndex((w) => w.lower === 'only')
  if (k < 0) return undefined
  let j = k + 1
  while (said[j] && PARTY_WORDS.has(said[j]!.pos)) j++
  const party = said.slice(k + 1, j)
  const head = party.filter(noun).at(-1)
  if (!head || !['AUX', 'VERB'].includes(said[j]?.pos ?? '')) return undefined
  if (!anyone && words(head.text).some((t) => words(member!.text).includes(t))) return undefined
  return written(party)
}
/** A sentence's first word as a phrase inside another ("Customers on ..." → "customers on ..."), acronyms kept. */
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text)
/** Quantifiers that ask a practice of every member of a party ("any clerk", "all clerks"). */
const QUANTIFIERS = new Set(['any', 'all', 'every', 'each'])
/** Pronouns that ask it of anybody at all. */
const ANYONE = new Set(['anyone', 'anybody', 'everyone', 'everybody'])
/** Tags of the words of a party's name after "only" ("the branch manager", "authorized personnel"). */
const PARTY_WORDS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'VERB'])

/**
 * The heading a Yes's sentence stands under, when it excludes what it lists ("Out of scope", "Exclusions", "Not
 * covered"): "Phishing of staff" under "Out of scope" says the test left it out. Or the words by which the sentence
 * itself leaves what it names out ("Kiosk rooms are not included in the scope of this report").
 */
const listedAsExcluded = (a: Ask): { under: boolean; text: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || EXCLUDING.test(a.asked)) return undefined
  const heading = a.lead.hit.sentence.passage.location.split(' > ').at(-1) ?? ''
  if (EXCLUDING.test(heading)) return { under: true, text: heading }
  // A label that opens the sentence is its heading: "Out of scope: the mobile app; the staging environment."
  const label = /^\s*([^:.;]{3,30}):/.exec(a.lead.hit.sentence.text)?.[1]
  if (label && EXCLUDING.test(label)) return { under: true, text: label.trim() }
  // Or the sentence says so of what it names: "... are not included in the scope of this report".
  const left = LEFT_OUT.exec(a.lead.hit.sentence.text)?.[0]
  return left ? { under: false, text: left } : undefined
}
/** A sentence that leaves what it names out of a scope. */
const LEFT_OUT =
  /\b(?:(?:is|are) not (?:included|covered) (?:in|by) (?:the |its |this |our )?scope|(?:is|are) (?:out of|outside (?:of )?(?:the |its |this |our )?)scope|excluded from (?:the |its |this |our )?scope|carved[- ]out|falls? outside (?:the |its |this |our )?(?:scope|document|policy|standard))\b/i
/** Headings (and questions) about what is left out. */
const EXCLUDING =
  /\b(?:out of scope|not in scope|outside (?:the |of )?scope|exclusions?|excluded|not covered|not included|limitations|not supported|not offered|what we do not)\b/i

/**
 * "Can clerks opt out of kiosk logging?" from "No. The kiosk logs each sign-in once ...": an FAQ's answer opens with
 * its answer word, which answers the FAQ's question; the rest of the sentence read the other way (a Yes after "No.")
 * shows that question was another. The answer word as written.
 */
const answerWordOpens = (a: Ask): string | undefined => {
  if (!a.yesNo) return undefined
  const opening = ANSWER_WORD.exec(a.lead.hit.sentence.text.trim())
  if (!opening) return undefined
  const no = !/^yes/i.test(opening[1]!)
  return no === (a.lead.label === 'YES') ? opening[1] : undefined
}
/** An answer word opening a sentence, with its stop: "No.", "Yes,", "Not at this time:". */
const ANSWER_WORD = /^(yes|no|not (?:at this time|currently|yet))\s*[.,;:!\u2013\u2014-](?!\d)/i

/**
 * "Do kiosk tokens expire?" from "Yes | Kiosk API with signed tokens.", the answer cells of a questionnaire's row whose
 * question, the sentence before it in the row, asks something else ("Does the kiosk offer an API?"): the answer word
 * answers that question, and it shares less than half of this one's key words. That question, as written.
 */
const answersOtherQuestion = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const lead = a.lead.hit.sentence
  if (!ROW_ANSWER.test(lead.text)) return undefined
  const before = a.index.sentences[lead.id - 1]
  if (!before || before.passage !== lead.passage || !/\?\s*$/.test(before.text)) return undefined
  const asked = new Set(words(before.text))
  const keys = [...a.keyStems]
  const shared = keys.filter((t) => asked.has(t)).length
  // Its number cell aside ("10\tDoes the kiosk ...?").
  return shared * 2 < keys.length ? before.text.replace(/^\s*[\w.-]{1,6}\t/, '').trim() : undefined
}
/** A row's answer cell opening the sentence: "Yes" or "No" and a tab, or with a stop. */
const ROW_ANSWER = /^\s*(?:yes|no)\s*(?:\t|[.,;:!\u2013\u2014-](?!\d))/i

/**
 * "Does the company restrict entry to its data centres?" from "Acme relies on Kiosk Cloud to operate physical access
 * controls": a provider does it. Not when the question itself names a provider ("Does your hosting provider ...?").
 */
const providerPerforms = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  if (a.query.some((t) => PROVIDER_TERMS.has(t.term))) return undefined
  return delegationIn(a.lead.hit.sentence.text)
}
const PROVIDER_TERMS = new Set(['#cloudhost', '#thirdparty'])

/**
 * "Is two-factor sign-in enforced for all users?" from "Two-factor sign-in is enforced for branch managers": the
 * question asks a practice of every member of a party, after a preposition ("for all users", "on all employees"), of
 * a named place ("stored in the US"), of every member of a kind ("applied to servers"), as done by a party ("approved
 * by the board") or of every member of its verb's object ("cover all production systems"), and the deciding sentence
 * says it after the same preposition (one naming what it is done to, for a kind; the same verb, for an object) of
 * another party, place or kind ("in the EU", "on every laptop"), naming the question's nowhere. Read first:
 * other ends of a "between" (endsOther), places for an "outside" (insideFor), a party narrowed or another by role
 * (partyNarrowed). Both, as written.
 */
const scopeNarrower = (a: Ask): { said: string; asked: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const ends = endsOther(a) ?? insideFor(a)
  if (ends) return ends
  const narrowed = partyNarrowed(a)
  if (narrowed) return narrowed
  const asked = a.tagged
  // "for all users": a quantifier after a preposition; "in the US", "by Acme": a name after one; "by the board":
  // the party that does it.
  const agent = (i: number) => asked[i - 1]?.lower === 'by' && people(nounPhrase(asked, i).filter(noun).at(-1))
  // "applied to servers": a plural with no determiner names every member of its kind, as "all servers" does.
  const target = (i: number) =>
    TARGET.has(asked[i - 1]?.lower ?? '') &&
    asked[i - 2]?.pos === 'VERB' &&
    noun(asked[i]) &&
    plural(nounPhrase(asked, i).filter(noun).at(-1))
  // "cover all production systems": every member of what the question's verb is done to.
  const object = (i: number) => asked[i - 1]?.pos === 'VERB' && EVERY.has(asked[i]!.lower) && noun(asked[i + 1])
  const k = asked.findIndex(
    (w, i) =>
      (asked[i - 1]?.pos === 'ADP' && (QUANTIFIERS.has(w.lower) || namedAt(asked, i) || agent(i) || target(i))) ||
      object(i),
  )
  if (k < 0) return undefined
  const verbStem = object(k) ? words(asked[k - 1]!.text)[0] : undefined
  const byName = !QUANTIFIERS.has(asked[k]!.lower)
  const preposition = asked[k - 1]!.lower
  const party = nounPhrase(asked, byName ? k : k + 1)
  const head = party.filter(noun).at(-1)
  if (!head) return undefined
  const said = a.leadTagged
  // The same preposition, after a word the question says ("enforced for", "performed on"): the same practice's party.
  const own = new Set(asked.flatMap((w) => words(w.text)))
  const j = said.findIndex(
    (w, i) =>
      (verbStem !== undefined && w.pos === 'VERB' && words(w.text)[0] === verbStem) ||
      ((w.lower === preposition || (target(k) && TARGET.has(w.lower))) &&
        // Next to it; or further back before a quantified party ("installed and kept up to date on every laptop"), the
        // party that does it ("approved each year by the manager") or what it is done to ("installed on laptops").
        said
          .slice(
            Math.max(0, i - (QUANTIFIERS.has(said[i + 1]?.lower ?? '') || preposition === 'by' || target(k) ? 6 : 2)),
            i,
          )
          .some((v) => words(v.text).some((t) => own.has(t)))),
  )
  // "on every laptop" is a party of its own; "for all users" from "for every user" is the question's, named below.
  const every = QUANTIFIERS.has(said[j + 1]?.lower ?? '') ? 1 : 0
  if (
    j < 0 ||
    (!every && QUANTIFIERS.has(said[j + 1]?.lower ?? '')) ||
    (byName && !namedAt(said, j + 1) && !agent(k) && !target(k))
  )
    return undefined
  const other = nounPhrase(said, j + 1 + every)
  const otherHead = other.filter(noun).at(-1)
  // "for the whole company": everybody, the question's party too.
  if (!otherHead || EVERYBODY.has(otherHead.lower)) return undefined
  // The question's party named anywhere in the sentence or its section ("for all users, managers first") is named.
  const named = (t: string) => a.leadOwnWords.has(t) || a.lead.hit.sentence.section.has(t)
  // "on all plans" from "on the Gold plan": the same kind, narrowed by a word the question does not say.
  const sameKindNarrowed =
    !byName &&
    !every &&
    words(otherHead.text).some((t) => words(head.text).includes(t)) &&
    other.slice(0, -1).some((w) => ['PROPN', 'ADJ', 'NOUN'].includes(w.pos) && !words(w.text).some((t) => own.has(t)))
  // A name by its letters too: "US" is no stop word "us" there.
  if (!sameKindNarrowed && (words(head.text).some(named) || said.some((w) => w.lower === head.lower))) return undefined
  return {
    said: `${said[j]!.lower} ${written(said.slice(j + 1, j + 1 + every + other.length))}`,
    // The verb's object as written ("all production systems"); a party or place with its preposition.
    asked: `${verbStem === undefined ? `${preposition} ` : ''}${written(asked.slice(k, k + (byName ? 0 : 1) + party.length))}`,
  }
}
/**
 * "Is traffic between branches encrypted?" from "Traffic between tills and the branch server is encrypted": the
 * question asks of a connection between ends, and the deciding sentence's "between" names other ends, none of the
 * question's words after its "between" (its examples in brackets included) nor the question's ends anywhere. Both, as
 * written.
 */
const endsOther = (a: Ask): { said: string; asked: string } | undefined => {
  const asked = a.tagged
  const k = asked.findIndex((w) => w.lower === BETWEEN)
  const said = a.leadTagged
  const j = said.findIndex((w) => w.lower === BETWEEN)
  if (k < 0 || j < 0) return undefined
  const askedEnds = endsFrom(asked, k + 1)
  const saidEnds = endsFrom(said, j + 1)
  if (!askedEnds.some(noun) || !saidEnds.length) return undefined
  const after = new Set(asked.slice(k + 1).flatMap((w) => words(w.text)))
  if (saidEnds.some((w) => words(w.text).some((t) => after.has(t)))) return undefined
  if (askedEnds.some((w) => words(w.text).some((t) => a.leadOwnWords.has(t)))) return undefined
  return { said: `${BETWEEN} ${written(saidEnds)}`, asked: `${BETWEEN} ${written(askedEnds)}` }
}
/**
 * "Is two-factor sign-in enforced for all clerks?" from "Clerks at the head office sign in with two factors": the
 * question asks a practice of every member of a party ("all clerks", "every clerk"; after a preposition, or as its
 * subject when that is people, quantified or a bare plural: "Can customers ...?"), and the deciding sentence names that
 * party narrowed, by a phrase or clause after it ("on the Enterprise plan", "joining the night shift") or words before
 * it that the question does not say ("senior clerks", "Business and Premium customers"), with no quantifier of its
 * own; or, for a subject, names another role as its own subject ("engineers who ..."). Both, as written.
 */
const partyNarrowed = (a: Ask): { said: string; asked: string } | undefined => {
  const asked = a.tagged
  // After a preposition ("for all customers"): the party a practice applies to. Or the question's subject, when it is
  // people ("Are all employees required to ...?", "Can all customers ...?"), before the question's verb.
  // No verb when the tagger reads it as a noun ("Can all customers export ...?"): the subject's phrase ends it.
  const firstVerb = asked.findIndex((w, i) => i > 0 && w.pos === 'VERB')
  const verb = firstVerb < 0 ? asked.length : firstVerb
  const k = asked.findIndex(
    (w, i) =>
      EVERY.has(w.lower) &&
      noun(asked[i + 1]) &&
      (asked[i - 1]?.pos === 'ADP' || (i < verb && asked[0]?.pos === 'AUX' && nounPhrase(asked, i + 1).some(people))),
  )
  // "completed by all engineering staff": the party that does it is the sentence's subject.
  if (k >= 0) return partyNarrowedAt(a, k, asked[k - 1]?.pos !== 'ADP' || asked[k - 1]!.lower === 'by')
  // "Can customers export ...?": a bare plural of people as the subject asks it of all of them too.
  return asked[0]?.pos === 'AUX' && plural(asked[1]) && people(asked[1]) ? partyNarrowedAt(a, 0, true) : undefined
}

/** partyNarrowed from the quantifier at k (or, for a bare plural subject, the word before it). */
const partyNarrowedAt = (a: Ask, k: number, bySubject: boolean): { said: string; asked: string } | undefined => {
  const asked = a.tagged
  // A verb the tagger reads as a noun after the subject ("Can all customers use ...?") is none of it.
  const phrase = nounPhrase(asked, k + 1)
  const party = bySubject ? phrase.slice(0, phrase.findLastIndex(people) + 1) : phrase
  const head = party.filter(noun).at(-1)
  if (!head) return undefined
  const headStems = words(head.text)
  const said = a.leadTagged
  const own = new Set(asked.flatMap((w) => words(w.text)))
  // The quantifier with its party ("all customers"); a bare plural alone ("customers").
  const from = EVERY.has(asked[k]!.lower) ? k : k + 1
  const askedAs = `${bySubject ? '' : `${asked[k - 1]!.lower} `}${written(asked.slice(from, k + 1 + party.length))}`
  // "checks on all employees" from "checks are carried out for engineers with production access".
  const other = otherRoleFor(said, headStems, bySubject)
  if (other !== undefined)
    return {
      said: `${said[other - 1]?.pos === 'ADP' ? said[other - 1]!.lower : 'of'} ${lowerFirst(written(nounPhrase(said, other)))}`,
      asked: askedAs,
    }
  for (let j = 0; j < said.length; j++) {
    const w = said[j]!
    // The sentence's own subject stands for the question's ("Tenants on the Enterprise plan can ..." for "Can all
    // customers ...?"): what the sentence says they can do is what the question asks of every customer.
    const standsFor = bySubject && j === subjectHead(said)
    if (!noun(w) || (!words(w.text).some((t) => headStems.includes(t)) && !standsFor)) continue
    const quantified = said.slice(Math.max(0, j - 3), j).some((v) => QUANTIFIERS.has(v.lower))
    // A phrase after it that narrows it: a preposition and a noun phrase with a noun or name ("on the Enterprise plan"),
    // or a clause ("joining the kiosk team", "who work at a branch").
    const after = said[j + 1]
    const phrase =
      after && NARROWING.has(after.lower)
        ? nounPhrase(said, j + 2)
        : after &&
            (CLAUSE_OPENERS.has(after.lower) ||
              (after.pos === 'VERB' && ['ing', 'ed'].includes(ending(after.lower) ?? '')))
          ? clauseAfter(said, j + 1)
          : []
    // The party's own word opening the sentence reads in lower case inside the reason ("Customers on ..."); a word
    // before it may be a name ("Enterprise customers").
    const narrower = (from: number, to: number) => ({
      said: `of ${from === j ? lowerFirst(written(said.slice(from, to))) : written(said.slice(from, to))}`,
      asked: askedAs,
    })
    // "all employees based in the United Kingdom": every member of a party a name narrows is still some of it.
    if (quantified && !phrase.some((v) => v.pos === 'PROPN')) return undefined
    if (phrase.some(noun) && !phrase.some((v) => words(v.text).some((t) => own.has(t)))) {
      return narrower(j, j + 1 + phrase.length + (NARROWING.has(after!.lower) ? 1 : 0))
    }
    if (quantified) return undefined
    // A word before it that the question does not say ("senior clerks", "Enterprise customers", "backend engineering
    // team"): every modifier before it, those joined by "and" too ("Business and Premium customers").
    const modifier = (w: Word | undefined) => ['ADJ', 'PROPN', 'NOUN', 'X'].includes(w?.pos ?? '')
    let from = j
    while (modifier(said[from - 1]) || (said[from - 1]?.pos === 'CCONJ' && noun(said[from - 2]))) from--
    const modifiers = said.slice(from, j).filter(modifier)
    if (modifiers.some((w) => !words(w.text).some((t) => own.has(t)))) return narrower(from, j + 1)
    return undefined
  }
  return undefined
}
/**
 * Where a sentence that never names the question's party names another by role after a preposition ("for engineers
 * with production access"): the index of that phrase. Words for everybody ("staff", "personnel", the whole company)
 * are the whole party.
 */
const otherRoleFor = (said: Word[], party: string[], bySubject = false): number | undefined => {
  if (said.some((w) => words(w.text).some((t) => party.includes(t) || party.some((p) => isParaphrase(p, t)))))
    return undefined
  // Of a subject the question asks, the sentence's own subject ("Engineers who ... sign in with keys").
  if (bySubject) {
    const j = subjectAt(said)
    const head = j === undefined ? undefined : nounPhrase(said, j).filter(noun).at(-1)
    return head && isRole(head.lower) && !EVERYBODY.has(head.lower) ? j : undefined
  }
  for (let j = 1; j < said.length; j++) {
    if (said[j - 1]!.pos !== 'ADP' || QUANTIFIERS.has(said[j]!.lower)) continue
    const phrase = nounPhrase(said, j)
    const head = phrase.filter(noun).at(-1)
    if (head && isRole(head.lower) && !EVERYBODY.has(head.lower)) return j
  }
  return undefined
}
/** Prepositions that name what a practice is done to ("applied to servers", "installed on laptops"). */
const TARGET = new Set(['to', 'on', 'onto', 'across'])
/** A plural noun as tagged ("servers"): its lemma is not the word. */
const plural = (w: Word | undefined): boolean =>
  w?.pos === 'NOUN' && w.lemma !== w.lower && w.lower.endsWith('s') && isLetterWord(w.lower)
/** Where a sentence's subject starts: its first noun phrase before its first verb that no preposition opens. */
const subjectAt = (said: Word[]): number | undefined => {
  for (let j = 0; j < said.length; j++) {
    const w = said[j]!
    if (w.pos === 'VERB' || w.pos === 'AUX') return undefined
    if (w.pos === 'ADP') {
      // "Inside Acme, ...": a phrase a preposition opens is no subject.
      while (said[j + 1] && ['DET', 'ADJ', 'NOUN', 'PROPN'].includes(said[j + 1]!.pos)) j++
      continue
    }
    if (noun(w)) return j
  }
  return undefined
}
/** The head of a sentence's subject: the last noun of the phrase that starts it ("Enterprise tenants"). */
const subjectHead = (said: Word[]): number | undefined => {
  const j = subjectAt(said)
  if (j === undefined) return undefined
  let end = j
  // "Business and Premium customers": words joined by "and" before the head are its modifiers.
  for (;;) {
    if (noun(said[end + 1])) end++
    else if (said[end + 1]?.pos === 'CCONJ' && noun(said[end + 2])) end += 2
    else return end
  }
}
/** Words that open a clause after a noun that narrows it ("staff who work at a branch"). */
const CLAUSE_OPENERS = new Set(['who', 'that', 'whose', 'which'])
/** A clause's words after a noun, up to its end (a comma, a stop, a bracket). */
const clauseAfter = (said: Word[], from: number): Word[] => {
  let end = from
  let verb = false
  while (said[end] && !/^[,.;:()]$/.test(said[end]!.text) && end - from < 9) {
    // The clause has one verb ("who will have"): the sentence's own ends it ("engaged for three months receive ...").
    const w = said[end]!
    const verbal = w.pos === 'AUX' || (w.pos === 'VERB' && !w.lower.includes('-'))
    const last = said[end - 1]
    const group = end > from && (last?.pos === 'AUX' || last?.pos === 'VERB' || last?.pos === 'PART')
    if (verbal && verb && !group) break
    verb ||= verbal
    end++
  }
  return said.slice(from, end)
}
/** Words for people a question may ask a practice of, all of them ("all users", "every customer"). */
const people = (w: Word | undefined): boolean =>
  !!w && (isRole(w.lower) || EVERYBODY.has(w.lower) || PEOPLE.has(w.lower))
const PEOPLE = new Set(wordList('users customers clients tenants contractors members'))
const EVERYBODY = new Set(
  wordList(
    'staff personnel employees workforce workers people everyone everybody company organization organisation firm',
  ),
)
/** The stems of words for people and for the parties that supply the vendor. */
const PEOPLE_STEMS = new Set([...PEOPLE, ...EVERYBODY, ...PROVIDERS].flatMap((w) => words(w)))
/** Quantifiers that ask a practice of every member ("any" asks whether one may: only-other-party reads it). */
const EVERY = new Set(['all', 'every', 'each'])
/** Prepositions whose phrase after a party narrows it ("customers on the Enterprise plan", "clerks at the branch"). */
const NARROWING = new Set(['on', 'in', 'at', 'with', 'from', 'under'])
/**
 * "Is kiosk data stored outside the EU?" from "Kiosk data is stored in the EU and Norway": the question asks whether a
 * practice reaches outside a place, and the deciding sentence says where it is done ("in", "within" a named place)
 * without "outside": it names the places, and the question's answer depends on them. Both, as written.
 */
const insideFor = (a: Ask): { said: string; asked: string } | undefined => {
  const asked = a.tagged
  const k = asked.findIndex((w) => w.lower === 'outside')
  if (k < 0) return undefined
  const said = a.leadTagged
  if (said.some((w) => w.lower === 'outside')) return undefined
  const j = said.findIndex((w, i) => INSIDE.has(w.lower) && namedAt(said, i + 1))
  if (j < 0) return undefined
  const from = asked[k + 1]?.lower === 'of' ? k + 2 : k + 1
  return {
    said: `${said[j]!.lower} ${written(endsFrom(said, j + 1))}`,
    asked: `outside ${written(endsFrom(asked, from))}`,
  }
}
/** Prepositions that say where a practice is done. */
const INSIDE = new Set(['in', 'within'])
const BETWEEN = 'between'
/** The ends after "between": a noun phrase and its conjuncts ("trusted and untrusted networks", "you and us"). */
const endsFrom = (tagged: Word[], from: number): Word[] => {
  let end = from
  while (tagged[end] && ENDS.has(tagged[end]!.pos)) end++
  return tagged.slice(from, end)
}
const ENDS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'CCONJ', 'NUM'])
/** A name from `from`, of a place or a party: a proper noun, after a determiner or not ("the EU", "Canada", "Acme"). */
const namedAt = (tagged: Word[], from: number) =>
  (tagged[from]?.pos === 'DET' ? tagged[from + 1] : tagged[from])?.pos === 'PROPN'
/** The words of a noun phrase from `from`: determiners, adjectives and nouns. */
const nounPhrase = (tagged: Word[], from: number): Word[] => {
  let end = from
  // "X": a word the tagger cannot place, inside a name ("the Fleet Pro plan").
  while (tagged[end] && ['DET', 'ADJ', 'NOUN', 'PROPN', 'X'].includes(tagged[end]!.pos)) end++
  return tagged.slice(from, end)
}

/**
 * "Are ledgers encrypted with AES-256?" from "Ledgers are encrypted with AES-128": the question names a standard or
 * algorithm with its number (a version, a key length: "TLS 1.2", "AES-256", "SOC 2") and the deciding sentence names
 * the same name with other numbers only. Where the question accepts more ("TLS 1.2 or higher") a larger number meets
 * it; a sentence's "TLS 1.0 and above" does not. Both, as written.
 */
const versionOther = (a: Ask): { said: string; asked: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const text = a.lead.hit.sentence.text
  const orHigher = OR_HIGHER.test(a.asked)
  for (const [asked, name, number] of a.asked.matchAll(NAMED_NUMBER)) {
    const said = [...text.matchAll(NAMED_NUMBER)].filter((m) => m[1] === name)
    if (!said.length || said.some((m) => m[2] === number)) continue
    // "TLS 1.2 or higher" is met by a larger number; "TLS 1.0 and above" is a smaller one, whatever follows it.
    const meets = (m: RegExpMatchArray) => orHigher && Number(m[2]) > Number(number)
    if (said.some(meets)) continue
    return { said: said[0]![0], asked }
  }
  // "Is AES-256 used for all data at rest?" from one row of a table whose other rows name AES-128: asked of all, the
  // table's other rows say it too.
  const { passage } = a.lead.hit.sentence
  if (passage.context && EVERY_ASKED.test(a.asked)) {
    const rows = a.index.sentences.filter(
      (s) => s.passage.file === passage.file && s.passage.context === passage.context,
    )
    const named = rows.flatMap((s) => [...s.text.matchAll(NAMED_NUMBER)])
    for (const [asked, name, number] of a.asked.matchAll(NAMED_NUMBER)) {
      const other = named.find((m) => m[1] === name && m[2] !== number && !(orHigher && Number(m[2]) > Number(number)))
      if (other) return { said: other[0], asked }
    }
  }
  // "a Type I report" for "a SOC 2 Type II report": a report's type, in figures or roman numerals.
  const typeAsked = TYPE_NUMBER.exec(a.asked)
  const typesSaid = [...text.matchAll(new RegExp(TYPE_NUMBER.source, 'gi'))]
  if (typeAsked && typesSaid.length && !typesSaid.some((m) => typeOf(m[1]!) === typeOf(typeAsked[1]!)))
    return { said: typesSaid[0]![0], asked: typeAsked[0] }
  return undefined
}
/** A report's type: "Type II", "Type 1". */
const TYPE_NUMBER = /\bType\s+(III|II|I|[1-3])\b/i
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3 }
const typeOf = (written: string) => ROMAN[written.toLowerCase()] ?? Number(written)
/** A name in capitals and its number: "AES-256", "TLS 1.2", "SOC 2", "ISO 27001". */
const NAMED_NUMBER = /\b([A-Z]{2,6})(?:[- ]?v)?[- ]?(\d+(?:\.\d+)?)\b/g
/** A number that asks for itself or more. */
const OR_HIGHER = /\b(?:or|and) (?:higher|above|later|newer|greater|stronger)\b|\bat least\b|\bminimum\b/i

/**
 * "Do you have a written security policy?": a question whether a document exists, whose subject names
 * nothing particular (general nouns and one form word), is answered by a sentence that names that kind of document.
 * One that names the practice by a sibling form word ("procedures for responding to incidents") or by none does not
 * say the policy exists. The form word as the question writes it, when neither the deciding sentence nor its heading
 * uses its stem.
 */
const documentUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || a.about.length || !asksExistence(a)) return undefined
  const forms = (taggedPhrase(a.asked)?.words ?? []).map((w) => bare(w.toLowerCase())).filter((w) => FORM_WORDS.has(w))
  if (forms.length !== 1) return undefined
  const { passage } = a.lead.hit.sentence
  const heading = new Set(words(`${passage.location} ${passage.context ?? ''}`))
  return words(forms[0]!).some((t) => a.leadOwnWords.has(t) || heading.has(t)) ? undefined : forms[0]
}

/** A question that asks what can be done ("Can kiosk access be limited ...?"). */
const ASKS_ABILITY = /^\s*(?:can|could|may)\b/i

/**
 * The participle an "Is/Are <subject> <participle> ...?" question asks of its subject ("Are deployment logs reviewed
 * ...?"): the first after the subject's nouns, when no other follows it (one that does describes the subject: "policies
 * sponsored by leadership established and approved") and it is no phrasal verb ("backed up"). Empty when there is none.
 */
const subjectParticiple = (a: Ask): string[] => {
  const tagged = a.tagged
  if (tagged[0]?.pos !== 'AUX' || tagged[0].lemma !== 'be') return []
  const participle = (w: Word | undefined) =>
    !!w && ['VERB', 'ADJ'].includes(w.pos) && ['ed', 'en'].includes(ending(w.lower) ?? '')
  const first = tagged.findIndex(
    (w, k) => k > 1 && participle(w) && tagged.slice(1, k).some((v) => ['NOUN', 'PROPN'].includes(v.pos)),
  )
  if (first < 0) return []
  const w = tagged[first]!
  if (['up', 'out', 'off', 'down'].includes(tagged[first + 1]?.lower ?? '')) return []
  if (tagged.slice(first + 2).some((v) => v.pos === 'VERB' && participle(v))) return []
  return [w.lower]
}

/**
 * The participle a passive question asks of a subject made of general words only ("Are your systems and services
 * inspected for flaws [that are then fixed]?": "inspected"), or of any subject when it asks what can be done ("Can
 * kiosk access be limited by address?": "limited"): the first one after the subject, before any bracket or clause of
 * its own. None when the subject names anything particular in a question of another kind, or the question is not
 * passive.
 */
const generalSubjectParticiple = (a: Ask): string[] => {
  if (!a.passive) return []
  const phrase = taggedPhrase(a.asked)
  const own = (phrase?.words ?? []).flatMap((w) => words(w))
  // "Can X be restricted ...?" asks what may be done to X, whatever X is: the participle is what is asked.
  if (!own.length || (own.some((t) => !GENERIC.has(t)) && !ASKS_ABILITY.test(a.asked))) return []
  for (const w of phrase?.rest ?? []) {
    if (['(', '['].includes(w.text) || ['SCONJ', 'PRON'].includes(w.pos)) break
    if ((w.pos === 'VERB' || w.pos === 'ADJ') && ending(w.lower) === 'ed') return [w.lower]
  }
  return []
}

/**
 * A compound the question is about whose head is a general noun ("rural banking customers", "redundant cooling
 * strategies": the subject is what the modifiers name), when the lead sentence and its context name its adjective but
 * none of its nouns, by stem or close paraphrase: a queue "rural in nature" is no rural banking, and a branch's
 * redundant network links no redundant cooling. A sentence that names the thing and leaves out a qualifier
 * ("password policy" for "strong password policies") is read by the other rules. The compound as the question writes
 * it.
 */
const compoundUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || a.head.length || a.about.length < 2) return undefined
  const tokens = a.tagged.filter((w) => hasWordCharacter(w.text))
  const at = a.about.map((t) => tokens.findIndex((w) => words(w.lower).includes(t) || terms(w.lower).includes(t)))
  if (at.some((k) => k < 0)) return undefined
  const first = Math.min(...at)
  const last = Math.max(...at)
  // One compound: its words side by side, no list inside it.
  if (last - first + 1 !== new Set(at).size) return undefined
  const nouns = a.about.filter((_, k) => noun(tokens[at[k]!]))
  if (!nouns.length || nouns.length === a.about.length || nouns.some((t) => leadNames(a, t))) return undefined
  if (!a.about.some((t) => leadNames(a, t))) return undefined
  // Quoted as the question writes it, commas and the general noun it qualifies included ("safe, secure working
  // environments").
  const start = a.tagged.indexOf(tokens[first]!)
  let end = a.tagged.indexOf(tokens[last]!)
  while (noun(a.tagged[end + 1])) end++
  return written(a.tagged.slice(start, end + 1))
}

/** A tagged word's stems and the concepts it spells. */
const termsOf = (w: Word) => new Set([...words(w.lower), ...terms(w.lower)])

/**
 * The terms of each word of a noun compound, with the concepts two words or more spell ("physical security",
 * "incident response") given to the last of them.
 */
function compoundTerms(compound: Word[]): Set<string>[] {
  const own = compound.map(termsOf)
  for (let len = 2; len <= compound.length; len++)
    for (let i = 0; i + len <= compound.length; i++)
      for (const t of terms(written(compound.slice(i, i + len))))
        if (t.startsWith('#') && !own.some((ts) => ts.has(t))) own[i + len - 1]!.add(t)
  return own
}

/** The concept a policy, standard or procedure spells: a document's head noun. */
const DOCUMENT = terms('policy')[0]!

/**
 * A compound of the question ("kiosk audit tooling") whose core term the deciding sentence names only inside a
 * compound of its own that is another thing: as the qualifier of a noun the question's compound does not hold
 * ("kiosk badge"), or as a head qualified by another noun while none of the question's qualifiers is named ("badge
 * policy" for "kiosk audit policy"), or its head only by pointing at one named before ("this list" for "kiosk access
 * list", pointedHead). A sentence that names the question's head elsewhere is read by the other rules; one that does
 * not name the term itself (its heading does) is too. Both compounds as written, or undefined.
 */
const compoundElsewhere = (a: Ask): { said: string; asked: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const core = a.core
  const said = a.leadTagged
  const saidCompounds = nounCompounds(said)
  // The sentence's words read as the question's are: a concept its compound spells in two words belongs to the last.
  const saidTerms = new Map(said.map((w) => [w, termsOf(w)]))
  for (const c of saidCompounds) compoundTerms(c).forEach((ts, k) => saidTerms.set(c[k]!, ts))
  const stems = (w: Word) => words(w.lower)
  for (const asked of nounCompounds(a.tagged)) {
    const own = compoundTerms(asked)
    // The question's words outside the compound: a sentence naming one of them names what the question asks.
    const outside = new Set(
      a.tagged.filter((w) => !asked.includes(w) && (w.pos !== 'VERB' || gerund(w))).flatMap(stems),
    )
    const askedElsewhere = (w: Word) => stems(w).some((x) => outside.has(x))
    // A word of the question's compound, from a position on (by stem, concept or close paraphrase).
    const inAsked = (w: Word, from = 0) =>
      [...termsOf(w)].some((u) => own.slice(from).some((ts) => ts.has(u) || [...ts].some((v) => isParaphrase(u, v))))
    const head = asked.at(-1)!
    const qualifiers = asked.slice(0, -1).flatMap((m) => (noun(m) ? stems(m) : []))
    // The sentence names the compound's head: alone, or in a compound of its own that holds the term too. A head of
    // its own ("hands-free update" for "training updates") is another thing, unless the head is a general or form
    // word ("card information", "escalation procedures"), which anything may qualify.
    const namesHead = (w: Word, term: string) => {
      if (!stems(w).some((s) => stems(head).includes(s))) return false
      const holder = saidCompounds.find((c) => c.includes(w))
      return (
        !holder ||
        GENERAL_NOUNS.has(head.lower) ||
        FORM_WORDS.has(head.lower) ||
        holder.some((x) => saidTerms.get(x)!.has(term))
      )
    }
    // Each core term of the compound, where the sentence names it.
    for (const [k, term] of own.flatMap((ts, k) => [...ts].filter((t) => core.has(t)).map((t) => [k, t] as const))) {
      const places = said.filter((w) => saidTerms.get(w)!.has(term))
      const holders = places.map((w) => saidCompounds.find((c) => c.includes(w)))
      // "kiosk training" for whether a clerk's training covers security awareness: the training the question names.
      if (!places.length || holders.some((h) => !h) || places.some(askedElsewhere)) continue
      const other =
        k < asked.length - 1
          ? // The question's term qualifies its head; the sentence's qualifies something else, though not a document
            // ("kiosk policy" is about kiosks): a noun the question's compound does not hold after the term ("repair
            // kiosk" for "kiosk repair logs" is a kiosk).
            places.every((w, j) => {
              const qualified = holders[j]!.at(-1)!
              // "third-party audits" for a yearly audit by a third party specialist: the audit the question asks about.
              return (
                qualified !== w &&
                !inAsked(qualified, k + 1) &&
                !askedElsewhere(qualified) &&
                !terms(qualified.lower).includes(DOCUMENT) &&
                // A plan for the procedures the question asks of: two forms of one practice.
                !(FORM_WORDS.has(qualified.lower) && FORM_WORDS.has(head.lower))
              )
            }) && !said.some((w) => namesHead(w, term))
          : // The question's term is its head; the sentence's is qualified by a noun of another thing ("badge", not a
            // "state-of-the-art" grade), while the question's noun qualifiers are named nowhere in the sentence.
            places.every(
              (w, j) =>
                holders[j]!.at(-1) === w &&
                holders[j]!.slice(0, -1).some(
                  (m) => noun(m) && !m.lower.includes('-') && !inAsked(m) && !askedElsewhere(m),
                ),
            ) &&
            qualifiers.length > 0 &&
            !qualifiers.some((s) => said.some((w) => stems(w).includes(s)))
      // The same compound as the question's ("Tier 1 kiosk services" for "all kiosk services") is no other thing.
      if (other && written(holders[0]!).toLowerCase() !== written(asked).toLowerCase())
        return { said: written(holders[0]!), asked: written(asked) }
    }
    const pointed = pointedHead(a, asked)
    if (pointed) return { said: pointed, asked: written(asked) }
  }
  return undefined
}

/** Determiners that point at a thing named before ("this list", "these reviews"). */
const DEMONSTRATIVES = new Set(['this', 'these', 'that', 'those'])

/**
 * The question's compound ("kiosk access list") when the deciding sentence names its head only by pointing at one
 * ("this list", "these new lists") or by what it is of ("a long list of safeguards"), and names nowhere the noun that
 * qualifies it in the question ("access"): the list it points at is one named before, of anything; the one it says is
 * of something is a list of that. The sentence's words as written, or undefined.
 */
const pointedHead = (a: Ask, asked: Word[]): string | undefined => {
  const qualifier = asked.at(-2)
  if (!noun(qualifier)) return undefined
  const headTerms = termsOf(asked.at(-1)!)
  if (![...headTerms].some((t) => a.lead.hit.matched.has(t))) return undefined
  const said = a.leadTagged
  const own = words(qualifier!.lower)
  if (said.some((w) => words(w.lower).some((s) => own.includes(s)))) return undefined
  for (const [k, w] of said.entries()) {
    if (w.pos !== 'DET' || !DEMONSTRATIVES.has(w.lower)) continue
    // Adjectives may stand between ("these new lists"); the head must follow them.
    let end = k + 1
    while (said[end]?.pos === 'ADJ') end++
    const head = said[end]
    if (head && noun(head) && [...termsOf(head)].some((t) => headTerms.has(t))) return written(said.slice(k, end + 1))
  }
  // Or says what its head is of ("a long list of safeguards"): another list, its qualifier named nowhere.
  for (const [k, w] of said.entries()) {
    if (!noun(w) || ![...termsOf(w)].some((t) => headTerms.has(t)) || said[k + 1]?.lower !== 'of') continue
    let end = k + 2
    while (said[end] && ['DET', 'ADJ'].includes(said[end]!.pos)) end++
    if (noun(said[end])) {
      let from = k
      while (from > 0 && ['DET', 'ADJ'].includes(said[from - 1]!.pos)) from--
      return written(said.slice(from, end + 1))
    }
  }
  return undefined
}

/** The conjunctions that open a condition. */
const CONDITIONS = new Set(['if', 'unless'])

/**
 * The condition a sentence only supposes, when it holds the question's terms the sentence names: "If a clerk loses a
 * kiosk key, the branch pays for the new lock" names the clerk and the key only in its condition (a leading "if" or
 * "unless" clause, to its first comma), and states only what follows from it. The condition as written, or undefined
 * when the clause after it names any of the question's terms.
 */
const supposedOnly = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const tagged = a.leadTagged
  if (tagged[0]?.pos !== 'SCONJ' || !CONDITIONS.has(tagged[0].lower)) return undefined
  const comma = tagged.findIndex((w) => w.text === ',')
  if (comma < 0) return undefined
  const asked = new Set(a.query.map((t) => t.term))
  const names = (part: Word[]) => terms(written(part)).some((t) => asked.has(t))
  return names(tagged.slice(1, comma)) && !names(tagged.slice(comma + 1)) ? written(tagged.slice(0, comma)) : undefined
}

/** "Does X include A, B, C and D?": the verb that asks for the parts a thing must hold, and what follows it. */
const ASKS_PARTS =
  /\b(?:includes?|covers?|contains?|consists? of)\s+(?:at least\s+|all of the following[:;]?\s+)?(.*)$/i

/**
 * The parts a question asks its subject to include ("include peer approval, rollback plans, staging trials, and
 * release notes before kiosk changes ship"), when it lists three or more and the lead sentence and its context name
 * fewer than half of them, by stem or concept: a sentence that names rollback plans among a process's steps says
 * nothing of the other steps. Each part is named by any of its own words; the list ends where a clause or a
 * preposition's phrase begins. The parts not named, as the question writes them.
 */
const partsUnstated = (a: Ask): string[] | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const listed = ASKS_PARTS.exec(a.asked)?.[1]
  if (!listed) return undefined
  const kept: string[] = []
  for (const w of tagWords(listed)) {
    // A gerund is a part ("testing"); any other verb, a preposition or a pronoun opens a phrase of its own.
    if (['ADP', 'SCONJ', 'PART', 'AUX', 'PRON'].includes(w.pos) && w.lower !== 'of') break
    if (w.pos === 'VERB' && !gerund(w)) break
    if (w.text === '?' || w.text === '(') break
    kept.push(w.text)
  }
  const parts = kept
    .join(' ')
    .split(/\s*(?:,|;|\band\b|\bor\b)\s*/i)
    .map((p) => p.trim())
    .filter((p) => terms(p).some((t) => !GENERIC.has(t)))
  if (parts.length < 3) return undefined
  // By stem or concept only: a list's parts are near one another in the word vectors ("impact" and "change",
  // "analysis" and "data"), so a paraphrase would name parts the sentence does not.
  const named = (part: string) => terms(part).some((t) => !GENERIC.has(t) && a.leadWords.has(t))
  const missing = parts.filter((p) => !named(p))
  return (parts.length - missing.length) * 2 < parts.length ? missing : undefined
}

/**
 * The question's acronyms ("MAC address", "IDS") that the lead sentence has only as a plain word of the same letters
 * ("Windows, Mac and Linux workstations", "user ids"): the same term to the index, another word to the reader. A
 * question or a sentence written in capitals tells nothing by its case.
 */
const acronymsUnstated = (a: Ask): string[] => {
  if (!a.yesNo || a.lead.label !== 'YES' || inCapitals(a.q.text)) return []
  // The whole question: an example ("e.g., MAC address") is what the sentence was matched on.
  const acronyms = [...new Set(alphanumerics(a.q.text).filter(isAcronym))]
  const text = a.lead.hit.sentence.text
  if (!acronyms.length || inCapitals(text)) return []
  const tokens = alphanumerics(text)
  return acronyms.filter((acronym) => {
    const term = stemToken(acronym)
    const same = tokens.filter((t) => stemToken(t) === term)
    return same.length > 0 && !same.some(isAcronym)
  })
}

/** The asking party's rules the question names ("institutional policies"), when the lead names no customer's rules. */
const customerRulesUnstated = (a: Ask): string | undefined => {
  const rules = a.yesNo && a.lead.label === 'YES' ? customerRulesOf(a.asked) : undefined
  if (!rules) return undefined
  // The customer's own rules, named as such: "customer data" names the customer, not its policies.
  return customerRulesOf(a.lead.hit.sentence.text) ? undefined : `"${rules}"`
}

/**
 * "Will you provide scan results to the institution?" asks whether the vendor gives something to the asking party.
 * A sentence that names the thing but neither the giving (the question's verb, by stem or close paraphrase) nor any
 * receiver (the customer, "on request") says the vendor has it, not that the party gets it: a retention schedule
 * listing "scan results, 6 months" is no promise to share them.
 */
const recipientUnstated = (a: Ask): { verbs: string[]; party: string } | undefined => {
  const party = a.yesNo && a.lead.label === 'YES' ? recipientOf(a.asked) : undefined
  // A passive question gives by its participles ("Are reports made available to customers?").
  const verbs = a.verbs.length
    ? a.verbs
    : a.tagged.filter((w) => w.pos === 'VERB' && w.lemma !== w.lower && !gerund(w)).map((w) => w.lower)
  if (!party || !verbs.length) return undefined
  const sentence = a.lead.hit.sentence
  // Customers at large are named in every section of a page written for them: the sentence itself must name them.
  const context = customersAtLarge(party) ? new Set<string>() : sentence.section
  if (namesReceiver(sentence.text, context, party)) return undefined
  if (verbs.some((verb) => words(verb).some((t) => !GENERIC.has(t) && leadNames(a, t)))) return undefined
  return { verbs, party }
}

/**
 * The standards or names the question asks about or gives as examples ("SOC 2", "ISO 27701", "InCommon", and a lone
 * proper name the tagger reads in the question itself: phrase.ts askedNames), when the lead sentence and its context
 * name none of them: "a SOC 3 report" or "our privacy measures" is not the SOC 2 audit or the named framework asked
 * about. A term the question puts in quotation marks ("read-only") is meant as written too. (Where no evidence file
 * names any name, rule name-never-mentioned left the row.)
 */
/** A sentence that says a thing of every plan ("on all plans", "every tier"). */
const EVERY_PLAN = /\b(?:all|every|any|each)\s+(?:\w+\s+)?(?:plans?|tiers?|editions?|packages?|subscriptions?)\b/i
const nameUnstated = (a: Ask): string | undefined => {
  // A capitalised word the evidence writes in lower case is a common one ("Internet"), not a name to quote. Example
  // lists are left out: their items are capitalised as items ("Extranet"), kinds more often than names.
  const lone = a.names.lone.filter((name) => !a.index.writesLower(name))
  const acronymic = a.names.proper.filter(hasAcronym)
  const names = [...new Set([...a.names.standards, ...a.parts.examples.flatMap(namesIn), ...lone, ...acronymic])]
  // A quoted verb the respondent is asked about ("Do you "anonymize" ...?") is the practice, which other rules read.
  const asked = new Set(a.verbs.map((v) => words(v).join(' ')))
  const quoted = a.names.quoted.filter((term) => !asked.has(words(term).join(' ')))
  // "AES-256": its scheme, whichever number (rule version-other reads the numbers), in the sentence itself: a
  // neighbour's "AES-256 for audio files" says how something else is encrypted.
  const schemes = a.names.versioned.filter((v) => !words(schemeOf(v), false).every((t) => a.leadOwnWords.has(t)))
  // "dynamic application security testing (DAST)": a technique the question names; where no file writes the acronym,
  // the sentence must name each of its words (by stem, concept or close paraphrase).
  const defined = definedAcronyms(a.asked)
    .filter(({ acronym }) => a.index.df(words(acronym, false)[0] ?? '') === 0)
    .filter(({ words: spelled }) => !terms(spelled).every((t) => GENERIC.has(t) || leadNames(a, t)))
    .map(({ acronym }) => acronym)
  // "the Business plan": a plan's name in the sentence itself, unless it says all plans.
  const plans = EVERY_PLAN.test(a.lead.hit.sentence.text)
    ? []
    : a.names.plans.filter((plan) => !words(plan).every((t) => a.leadOwnWords.has(t)))
  // Each of these the sentence must name, whatever names the context gives.
  const unnamed = [...schemes, ...defined, ...plans]
  if (unnamed.length) return unnamed.map((n) => `"${n}"`).join(', ')
  if (!names.length && !quoted.length) return undefined
  // Every word of it: "SOC 3" does not name "SOC 2", nor "NIST" the "NIST Privacy Framework". A quoted term is common
  // words, which the evidence may write in others ("need to know" for "need-to-know").
  const named = (name: string) => words(name).every((t) => a.leadWords.has(t))
  const said = (term: string) => words(term).every((t) => leadNames(a, t))
  if (names.some(named) || quoted.some(said)) return undefined
  return [...names, ...quoted].map((n) => `"${n}"`).join(', ')
}

/**
 * The verb of a "Do <subject> ever <verb> ...?" question (phrase.ts `everVerb`) when a Yes is read from a sentence that
 * never names it, by stem or close paraphrase: a sentence on the site's backup generators says nothing of whether
 * backups ever leave the region.
 */
const occurrenceUnstated = (a: Ask): string | undefined => {
  const verb = a.yesNo && a.lead.label === 'YES' ? everVerb(a.asked) : undefined
  const own = verb ? words(verb).filter((t) => !GENERIC.has(t)) : []
  if (!own.length) return undefined
  return own.some((t) => leadNames(a, t)) ? undefined : verb
}

/** "Required": the deontic word a sentence that states a rule ("shall", "must", "is required") says in other words. */
const REQUIRED = stem('required')
/** "Mandatory", "compulsory": near "required" in the word vectors, though not near enough to count as its paraphrase. */
const DEONTIC_SIMILARITY = 0.6

/** Words with no verb, as tagged: a title or a list item ("Kiosk Ledger Policy", "Availability of kiosk logs"). */
const noVerb = (words: Word[]) => !words.some((w) => w.pos === 'VERB' || w.pos === 'AUX')
/**
 * Words with no verb but gerunds: a list item or a heading ("Logging and auditing of admin access"). Where a title's
 * or a topic's words are read, a gerund counts as a verb: "Monitoring kiosk logs" may state a practice.
 */
const verbless = (words: Word[]) => clauseVerbs(words).every(gerund)
/** Words with no verb of a clause: a list item, its participles after nouns aside (gerunds count as verbs here). */
const noClause = (words: Word[]) => clauseVerbs(words).length === 0
/** The words tagged as verbs that are verbs of a clause (nounsVerb). */
const clauseVerbs = (words: Word[]) =>
  words.filter((w, k) => (w.pos === 'VERB' || w.pos === 'AUX') && !nounsVerb(words, k))

/**
 * A word tagged as a verb that is no verb of a clause: a participle after its noun ("ledger data submitted by clerks"),
 * an item between commas of a list of nouns ("fairness, scope, onward review, and access"), which the model
 * sometimes reads as a verb, or a gerund that qualifies the noun after it ("Ledger retention and aging features":
 * a list item naming a topic, though "aging" is tagged as a verb). A gerund that opens a phrase ("Using kiosk
 * tokens ...") still heads one.
 */
const nounsVerb = (words: Word[], k: number): boolean => {
  const w = words[k]!
  if (w.pos !== 'VERB') return false
  if (ending(w.lower) === 'ed' && noun(words[k - 1])) return true
  const before = words[k - 1]?.pos === 'ADV' ? k - 2 : k - 1
  if (words[before]?.text === ',' && [',', 'and', 'or'].includes(words[k + 1]?.lower ?? '')) return true
  // A gerund inside a noun phrase, before its noun ("retention and aging features", "automated testing tools").
  return gerund(w) && ATTRIBUTIVE_BEFORE.has(words[k - 1]?.pos ?? '') && words[k + 1]?.pos === 'NOUN'
}
/** Tags a word may have before a gerund that qualifies the noun after it, rather than heads a clause. */
const ATTRIBUTIVE_BEFORE = new Set(['NOUN', 'ADJ', 'CCONJ', 'DET'])

/**
 * The property a "Is/Are <subject> <adjective>?" question asks its subject to have ("geographically diverse",
 * "mandatory": phrase.ts adjectivePredicate), when the lead sentence and its context name neither the adjective nor
 * its adverbs, by stem or close paraphrase: "Badge readers guard both server rooms" is about the server rooms, and
 * says nothing of where they are. A deontic adjective ("mandatory") is stated by a sentence that states a rule ("All
 * staff must complete the training"). A passive "Are <subject> <participle> ...?" question ("stored in a central
 * location") is read the same way when the lead sentence has no verb of its own (a list item naming the subject:
 * "Logging and auditing of admin access"): it names the thing, and says nothing of what is done with it; or when the
 * participle is all the question asks ("Are the standby generators tested?"). Elsewhere a sentence with a verb states
 * a practice that coverage weighs, and the participle is too often stated in other words.
 */
const predicateUnstated = (a: Ask): string | undefined => {
  // "24 hours or less" bounds a quantity, which the quantity rules read; it is no property asked.
  const bound = a.predicate?.every((w) => BOUNDS.has(w)) && requirementOf(a.asked) !== undefined
  const asked = a.yesNo && !bound ? a.predicate : undefined
  const named = (t: string) =>
    leadNames(a, t) ||
    ((t === REQUIRED || isParaphrase(t, REQUIRED, DEONTIC_SIMILARITY)) && statesRule(a.lead.hit.sentence.text))
  if (asked) return asked.some((word) => words(word).some(named)) ? undefined : asked.join(' ')
  // A passive predicate: the participle and what follows it, form words ("performed", "in place") aside; any one of
  // them named is enough. Read from a verbless lead, from a lead that matched nothing but the question's core (it
  // names the subject and says something else of it: "Are logs protected from tampering?" from "Logs are kept for
  // 14 days"), or from any lead when the participle is all the question asks of its subject ("Are the standby
  // generators tested?").
  const bare = a.passive?.length === 1 && alphanumerics(a.asked).at(-1)?.toLowerCase() === a.passive[0]
  const passive =
    a.yesNo && a.lead.label === 'YES' && (bare || verbless(a.leadTagged) || saysNothingAfter(a)) ? a.passive : undefined
  const own = (passive ?? []).map((word) =>
    [...new Set([...words(word), ...terms(word)])].filter((t) => !GENERIC.has(t)),
  )
  if (!own.some((t) => t.length)) return undefined
  return own.some((t) => t.some(named)) ? undefined : spanOf(a.tagged, passive!)
}

/**
 * What a passive question asks of its participle ("encrypted with customer-managed keys", "forwarded to a SIEM"): its
 * complement's own words (general ones and quantities aside, which the quantity rules read). The lead names none of
 * the complement's words, by stem, concept or close paraphrase, whether or not it names the participle ("Every laptop
 * runs the agent" for "Is the agent deployed on production servers?"). The complement as written.
 */
const complementUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || !a.passive?.length) return undefined
  const participle = a.passive[0]!
  if (requirementOf(a.asked)) return undefined
  // The phrase a preposition opens right after the participle ("with customer-managed keys"): not a list of
  // participles ("developed, identified and acquired"), an adverb ("appropriately") or a role ("as part of").
  const at = a.tagged.findIndex((w) => w.lower === participle)
  const opener = a.tagged[at + 1]
  // Or the object of an infinitive that says what it is done for ("Are kiosk laptops configured to block all
  // removable drives?").
  // Its object opens with a determiner or an adjective: "to appropriate personnel" is read as a verb and its object.
  const infinitive =
    opener?.lower === 'to' && a.tagged[at + 2]?.pos === 'VERB' && ['DET', 'ADJ'].includes(a.tagged[at + 3]?.pos ?? '')
  if (!infinitive && (opener?.pos !== 'ADP' || opener.lower === 'as' || opener.lower === 'by')) return undefined
  // A hyphenated word is one whatever the tagger reads its last part as ("customer-managed").
  const from = infinitive ? at + 3 : at + 2
  let end = from
  while (a.tagged[end] && (nounPhrase(a.tagged, end).length || a.tagged[end]!.text.includes('-'))) end++
  const span = a.tagged.slice(from, end)
  // An infinitive's object is named by its nouns: "removable" in a neighbouring sentence names no removable drive.
  const own = span
    .filter((w) => noun(w) || (!infinitive && (w.pos === 'ADJ' || w.text.includes('-'))))
    .flatMap((w) => [...words(w.text), ...terms(w.text)])
    .filter((t) => !GENERIC.has(t) && !a.core.has(t))
  if (!own.length || own.some((t) => leadNames(a, t))) return undefined
  return written(a.tagged.slice(at + 1, end))
}

/**
 * The participle a passive question asks ("Is kiosk data accessed ...?") where the lead says its own subject is done
 * something else to ("Kiosk data is hosted in ..."): the lead's subject, a form of "be" and a participle of another
 * stem, no paraphrase of the one asked and none the question asks too ("stored encrypted"), and the lead itself does
 * not name the one asked (its heading may: "Data location and access"). Form verbs ("performed", "maintained") say
 * nothing of their own. Both, as written.
 */
const otherParticiple = (a: Ask): { said: string; asked: string } | undefined => {
  // The participle right after the subject ("Is kiosk data accessed ..."), not one that takes an infinitive
  // ("designed to process", "trained to respond"), which says what it is for.
  const rest = predicateWords(a.asked)
  const first = rest.findIndex((w) => w.pos !== 'ADV')
  const asked = rest[first]?.lower
  if (!a.yesNo || a.lead.label !== 'YES' || !asked) return undefined
  if (!a.passive?.includes(asked) || rest[first + 1]?.lower === 'to') return undefined
  const own = words(asked).filter((t) => !GENERIC.has(t))
  // The sentence itself names it: a heading on "access" says nothing of what this sentence says is done.
  if (!own.length || own.some((t) => leadItselfNames(a, t))) return undefined
  const said = a.leadTagged
  const be = said.findIndex((w, i) => w.lemma === 'be' && w.pos === 'AUX' && i > 0 && noun(said[i - 1]))
  const participle = said[be + 1]
  if (be < 0 || participle?.pos !== 'VERB' || ending(participle.lower) !== 'ed') return undefined
  // "Are passwords stored encrypted?" from "Passwords are encrypted": a participle the question asks too.
  if (a.passive?.includes(participle.lower)) return undefined
  const theirs = words(participle.lower).filter((t) => !GENERIC.has(t))
  if (!theirs.length) return undefined
  return { said: participle.lower, asked }
}

/**
 * Whether the lead matched nothing but the question's core and its subject's words, and none of the words from the
 * question's participle to its end ("protected from tampering"), by stem or close paraphrase: it names the subject
 * and says something else of it.
 */
function saysNothingAfter(a: Ask): boolean {
  const participle = a.passive?.[0]
  // What it matched names the subject only: the core, and (read so) the subject phrase's own words.
  const subject = (t: string) => a.core.has(t) || a.about.includes(t)
  if (!participle || ![...a.lead.hit.matched].every(subject)) return false
  const at = a.tagged.findIndex((w) => w.lower === participle)
  // The predicate's own participle, not one inside a phrase ("available to authorized stakeholders") or brackets.
  if (at < 0 || ['ADP', 'DET', 'PART'].includes(a.tagged[at - 1]?.pos ?? '')) return false
  if (a.tagged.slice(0, at).some((w) => w.text === '(')) return false
  // The practice rule says it already of a participle that is the question's verb ("Can logs be saved ...?"), and
  // the quantity rules read a period or an amount asked where the lead states one ("reviewed at least quarterly" from
  // "every quarter").
  if (practiceUnstated(a)) return false
  const required = requirementOf(a.asked)
  if (required && quantitiesIn(a.lead.hit.sentence.text).some((q) => q.kind === required.kind)) return false
  // Its words, and the concepts they spell ("single sign-on" is the lead's "SSO").
  const span = a.tagged.slice(at)
  const concepts = terms(span.map((w) => w.text).join(' ')).filter((t) => t.startsWith('#'))
  const after = [...span.flatMap((w) => (CLAUSE_WORDS.has(w.pos) ? words(w.text) : [])), ...concepts]
  return !after.some((t) => !GENERIC.has(t) && leadNames(a, t))
}

/**
 * The words as the tagged text writes them, from the first to the last ("exercised and tested", "stored in a central
 * location"), when they stand in that order; else the words joined.
 */
export function spanOf(tagged: Word[], words: string[]): string {
  let from = -1
  let to = -1
  for (const word of words) {
    const at = tagged.findIndex((w, k) => k > to && w.lower === word)
    if (at < 0) return words.join(' ')
    if (from < 0) from = at
    to = at
  }
  return from < 0 ? words.join(' ') : written(tagged.slice(from, to + 1))
}

/**
 * The manner the question asks a practice be done in: an "-ly" adverb before its participle ("securely stored",
 * "automatically applied"), general ones aside ("regularly", "periodically": a period states those), when the lead
 * sentence itself names it neither by stem nor by close paraphrase. A manner qualifies the verb of its own sentence:
 * a heading or a neighbour that says "secure" does not say that this sentence's storing is.
 */
const mannerUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || !a.passive) return undefined
  const named = (t: string) => leadItselfNames(a, t)
  const tagged = a.tagged
  const participle = (w: Word | undefined) =>
    !!w &&
    ['VERB', 'ADJ'].includes(w.pos) &&
    ['ed', 'en'].includes(ending(w.lower) ?? '') &&
    a.passive!.includes(w.lower)
  for (const [k, w] of tagged.entries()) {
    if (w.pos !== 'ADV' || ending(w.lower) !== 'ly') continue
    const next = tagged[k + 1]
    // "securely stored"; or after it, "saved externally", "stored securely in ...".
    const before = participle(next) && !['NOUN', 'PROPN', 'ADJ'].includes(tagged[k + 2]?.pos ?? '')
    const after = participle(tagged[k - 1])
    // "per organizationally designed requirements": a participle before a noun describes it; it asks nothing.
    if (!before && !after) continue
    const verb = before ? next! : tagged[k - 1]!
    // Listed as written: "regularly" is a general word, "securely" is not (though "security" is).
    const stems = [...subjectStems(w.lower)]
    if (stems.length && !stems.some(named)) return before ? `${w.lower} ${verb.lower}` : `${verb.lower} ${w.lower}`
  }
  return undefined
}

/**
 * The period a question requires ("reviewed at least annually", "tested annually") when the deciding sentence does not
 * state it of the act asked: it states no period, or one of another act ("the recovery test is run annually" for
 * "are the policies reviewed annually?"). An act is named by the question's verb ("reviewed", "updated") or its
 * noun ("the annual review of this policy"), by stem or close paraphrase. A duration the question requires ("within
 * 24 hours") the deciding sentence itself must state. The period or duration as the question writes it.
 */
const periodUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const required = requirementOf(a.asked)
  const duration = required?.kind === 'duration'
  if (required?.kind !== 'period' && !duration) return undefined
  const text = a.lead.hit.sentence.text
  const stated = quantitiesIn(text).some(
    (q) => q.kind === required!.kind && !(q.kind === 'period' && periodOfOther(a, text, q.text)),
  )
  // A duration ("within 24 hours", "for at least one year") is stated of what the sentence says ("kept for 400 days"
  // for "retained for at least 12 months"): the sentence must state one; the threshold rule reads whether it meets it.
  if (duration) return stated ? undefined : `${required!.atLeast ? 'for at least' : 'within'} ${required!.text}`
  // Every verb, general ones too: "reviewed" and "updated" are the act whose period is asked. A verb of doing names
  // no act: "Are backups performed daily?" asks the period of the backups, its subject.
  const verbs = a.tagged.filter((w) => w.pos === 'VERB')
  const doing = verbs.some((w) => DOING.has(w.lemma))
  const acts = verbs.filter((w) => !DOING.has(w.lemma)).flatMap((w) => words(w.lower))
  const names = (t: string) => leadItselfNames(a, t)
  // "Do you carry out badge audits at least yearly?": what the respondent is asked to do names the act too ("Badge
  // audits are conducted every year."), when its head is no general noun. Not so in a passive question
  // ("Are the kiosk policies revised yearly?"), where the subject is what the act is done to, unless its verb is
  // one of doing.
  const thing = (a.verbs.length > 0 || doing) && a.head.length > 0 && a.head.every(names)
  const named = acts.some(names) || thing
  return stated && (named || !acts.length) ? undefined : required.text
}

/**
 * Whether a period the sentence states qualifies another thing: written right before a noun phrase ("quarterly
 * external vulnerability scans") none of whose nouns is the question's subject, head ("penetration testing") or one
 * of its acts ("at their yearly revision" for "revised").
 */
function periodOfOther(a: Ask, text: string, period: string): boolean {
  const at = text.toLowerCase().indexOf(period.toLowerCase())
  if (at < 0) return false
  const after = tagWords(text.slice(at + period.length))
  let end = 0
  while (after[end] && ['ADJ', 'NOUN', 'PROPN'].includes(after[end]!.pos)) end++
  const nouns = after
    .slice(0, end)
    .filter(noun)
    .flatMap((w) => words(w.text))
    .filter((t) => !GENERIC.has(t))
  if (!nouns.length) return false
  // What the question asks of: its subject, and its acts by their nouns ("at their yearly revision" for "revised").
  const acts = a.tagged.filter((w) => w.pos === 'VERB').flatMap((w) => words(w.lower))
  const asked = new Set([...a.about, ...a.head, ...a.core, ...acts])
  return !nouns.some((t) => asked.has(t) || [...asked].some((u) => isParaphrase(u, t)))
}

/** Comparatives that bound a quantity ("24 hours or less", "8 characters or more"). */
const BOUNDS = new Set(wordList('less more fewer greater higher lower longer shorter'))
/** Verbs of doing: what is done is their object, or in a passive question their subject. */
const DOING = new Set(wordList('do perform conduct carry undertake execute'))

/**
 * The lead sentence as the document writes it breaks off mid-phrase: a bracket it opens and never closes, or a last
 * word that needs one after it (a preposition, article or conjunction: "... (see section about"), with no stop. Text
 * extraction and page layout cut such sentences; what they would have said is not in the quote. Its end as written.
 */
const cutOff = (a: Ask): string | undefined => {
  const text = collapseSpace(a.lead.hit.sentence.text)
  const words = a.leadTagged.filter((w) => hasWordCharacter(w.text))
  const last = words.at(-1)
  const count = (marks: string) => [...text].filter((c) => marks.includes(c)).length
  const opened = count('([') > count(')]')
  const dangling =
    !!last && words.length >= 4 && !capitalised(last.text) && ['ADP', 'DET', 'CCONJ', 'SCONJ'].includes(last.pos)
  // A stop ends it, whatever quotes or brackets close after it.
  let end = text.length - 1
  while (end > 0 && `"'”’)]`.includes(text[end]!)) end--
  if ((!opened && !dangling) || '.!?:;'.includes(text[end] ?? '')) return undefined
  return text.split(' ').slice(-4).join(' ')
}

/**
 * The question's instances ("e.g., hardened base images", "such as kiosk badges") when the lead sentence and its
 * context name none of any list's own words (general ones aside), by stem or close paraphrase: the instances say
 * which sense of the question's words is meant, and a sentence that shares those words may use them in another
 * ("altering system configurations" for a configuration management process). The list as the question writes it.
 */
const instancesUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  return a.parts.instances.find((list) => {
    const own = [...new Set(terms(list))].filter((t) => !GENERIC.has(t))
    return own.length > 0 && !own.some((t) => leadNames(a, t))
  })
}

/** What a rule makes of a practice, spelled once for the question that asks and the sentence that states it. */
const MANDATED = '(?:required|mandatory|enforced|compulsory)'
/**
 * A question whether the vendor requires or enforces something ("Do you require MFA for administrators?", "Is MFA
 * mandatory?") answered from a sentence that states only that it can be done ("The option to require MFA is
 * available.", "Admins can enable MFA."): a product's ability is not the vendor's rule. A sentence that states a rule
 * ("must", "shall", "is required") or says it is enforced answers it.
 */
const ASKS_MANDATE = new RegExp(
  `^\\s*(?:(?:do|does)\\s+(?:you|your\\s+\\w+(?:\\s+\\w+)?|the\\s+\\w+(?:\\s+\\w+)?)\\s+(?:require|enforce|mandate)\\b|(?:is|are)\\b[^?]*\\b${MANDATED}\\b)`,
  'i',
)
/** "MFA is enforced for every administrator": stated as done, whatever else the sentence allows. */
const STATES_MANDATE = new RegExp(`\\b(?:is|are|was|were)\\s+(?:\\w+ly\\s+)?${MANDATED}\\b`, 'i')
const STATES_ABILITY =
  /\b(?:ability to|able to|options?\b|optional(?:ly)?|can|could|may|available|allows?|enables?|lets|supports?|configurable)\b/i
const abilityOnly = (a: Ask): boolean => {
  if (!a.yesNo || a.lead.label !== 'YES' || !ASKS_MANDATE.test(a.asked)) return false
  const text = a.lead.hit.sentence.text
  if (!STATES_ABILITY.test(text) || statesRule(text)) return false
  return !STATES_MANDATE.test(text)
}

/** The respondent's verbs that ask whether something is in place and running, by stem. */
const PUTS_IN_PLACE = new Set(wordList('implement deploy employ run operate').map(stem))
/** A product's ability named as such ("Ability to support ...", "able to", "optional"), not a thing done. */
const ABILITY = new Set(wordList('ability able optional optionally configurable'))
/** The verbs by which a product lets its users do something ("enables teams to ...", "helps customers to ..."). */
const LETS = new Set(wordList('enable allow let help empower'))
/**
 * Whether the words name an ability: one of those, "support for" ("Support for intrusion detection"), or a product
 * letting someone else do the thing ("enables branch clerks to lock their kiosks": the locking is theirs).
 */
const namesAbility = (sentence: Word[]) =>
  sentence.some(
    (w, k) =>
      ABILITY.has(w.lower) ||
      (w.lower === 'support' && w.pos === 'NOUN' && sentence[k + 1]?.lower === 'for') ||
      (w.pos === 'VERB' && LETS.has(w.lemma) && lets(sentence, k)),
  )
/** After a verb that lets: a noun phrase, then "to" and a verb ("enables [branch clerks] to lock the kiosk"). */
const lets = (sentence: Word[], k: number) => {
  let j = k + 1
  while (sentence[j] && ['DET', 'PRON', 'ADJ', 'NOUN', 'PROPN'].includes(sentence[j]!.pos)) j++
  return j > k + 1 && sentence[j]?.lower === 'to' && sentence[j + 1]?.pos === 'VERB'
}
/**
 * A question whether the respondent put something in place ("Have you implemented a kiosk tamper alarm?", "Do you
 * deploy ...?", "Has a tamper alarm been implemented?"), answered from a sentence that names only a product's ability
 * ("Support for tamper alarms: the ability to connect one to every kiosk", "enables clerks to connect one"): what the
 * product can do, or lets others do, is not what the vendor runs. The respondent's verb (or the passive participle) is
 * read by its stem; "may" and "can" are not read as ability here (a notification that "may" be sent states a
 * practice).
 */
const abilityNotPractice = (a: Ask): boolean => {
  if (!a.yesNo || a.lead.label !== 'YES') return false
  if (![...a.verbs, ...(a.passive ?? [])].some((v) => PUTS_IN_PLACE.has(stem(v)))) return false
  return namesAbility(a.leadTagged) && !statesRule(a.lead.hit.sentence.text)
}

/**
 * "Do you encrypt exported ledgers?" from "Customers can encrypt their exported ledgers with their own keys": the
 * respondent asked to do a thing itself (a verb other than one of offering it), and a sentence whose subject is the
 * customer that can or may do it. The customer's option is not the vendor's practice.
 */
const customerDoes = (a: Ask): boolean => {
  if (!a.yesNo || a.lead.label !== 'YES' || !a.verbs.length || a.verbs.some((v) => OFFERS.has(stem(v)))) return false
  const said = a.leadTagged
  const k = said.findIndex((w) => w.pos === 'VERB' || w.pos === 'AUX')
  const subject = said.slice(0, Math.max(0, k)).filter(noun)
  return (
    subject.length > 0 &&
    CUSTOMERS.has(stem(subject.at(-1)!.lower)) &&
    ['can', 'may', 'could'].includes(said[k]?.lower ?? '')
  )
}
/** The respondent's verbs of offering a thing to others, by stem: "Do you support SSO?" is answered by what users can do. */
const OFFERS = new Set(wordList('support offer provide allow enable permit let give have').map(stem))
/** The customer as a sentence's subject, by stem. */
const CUSTOMERS = new Set(wordList('customer client tenant institution').map(stem))

/** What the quote says where the question asks for a rule or a practice and the quote states an ability. */
const abilityGap = (a: Ask): string | undefined => {
  if (abilityOnly(a)) return 'says it can be done, not that you require it'
  if (abilityNotPractice(a)) return 'names what the product can do, not that you run it'
  if (customerDoes(a)) return 'says the customer can do it, not that you do'
  if (mayOnly(a)) return 'says it may be done, not that it is'
  return undefined
}

/**
 * "Do you audit the tills?" from "The branch manager may audit the tills": the question asks whether a thing is done,
 * not whether it is allowed, and the deciding sentence only permits what it says of the question ("may audit the
 * tills", no "must", "shall" or "will" beside it).
 */
const mayOnly = (a: Ask): boolean => {
  if (!a.yesNo || a.lead.label !== 'YES' || ASKS_LEAVE.test(a.q.text) || asksExistence(a)) return false
  const said = a.leadTagged
  if (said.some((w) => MANDATES.has(w.lower))) return false
  // What "may" permits is what the sentence matched of the question ("may run phishing exercises"), not another
  // thing in its clause ("after which we may delete it").
  const matched = a.lead.hit.matched
  const permits = (k: number) => {
    const end = said.findIndex((w, j) => j > k && w.pos === 'PUNCT')
    const text = written(said.slice(k + 1, end < 0 ? undefined : end))
    return [...words(text), ...terms(text)].some((t) => matched.has(t))
  }
  return said.some(
    (w, k) =>
      w.lower === 'may' &&
      w.text !== 'MAY' &&
      (said[k + 1]?.pos === 'VERB' || (said[k + 1]?.lemma === 'be' && said[k + 2]?.pos === 'VERB')) &&
      permits(k),
  )
}
/** A question on what is allowed or possible: "Can ...?", "May ...?", "Do you allow ...?", "Is it possible ...?". */
const ASKS_LEAVE = /^\s*(?:can|may|could)\b|\b(?:allow\w*|permit\w*|possible|able|option\w*|may|can)\b/i
/** Words that make a sentence a rule, not a permission. */
const MANDATES = new Set(['must', 'shall', 'will', 'required', 'requires', 'mandatory'])

/** "Do you have", "Does your branch have": the respondent asked to have something. */
const ASKS_TO_HAVE = /^\s*(?:do|does)\s+(?:you|your(?:\s+\S+){0,2}?)\s+have\b/i
/**
 * "Do you have ...?", "Is there ...?": the question asks whether something exists, which a document's title in a
 * list of policies may answer. Any other question asks for a practice or a property, which a title never states.
 */
const asksExistence = (a: Ask) => ASKS_TO_HAVE.test(a.asked) || asksIfThereIs(a.tagged)

/**
 * The lead sentence is a title ("Application Logging & Monitoring Policy"): no verb, and every content word
 * capitalised. A list item in plain case ("Encryption at rest" among a report's controls) states what it lists.
 */
const titleOnly = (a: Ask): boolean => {
  if (!a.yesNo || asksExistence(a)) return false
  const words = a.leadTagged
  const content = words.filter((w) => ['NOUN', 'PROPN', 'ADJ', 'ADV'].includes(w.pos))
  return content.length >= 2 && noVerb(words) && content.every((w) => capitalised(w.text))
}

/**
 * A list item with no verb ("Availability of kiosk log storage", "Monitoring of badge readers") deciding a question
 * that asks for a practice: it names a topic, and says what the question asks of it only if it names every word the
 * question asks about. The first such word it leaves out, as the question writes it.
 */
const topicOnly = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || asksExistence(a)) return undefined
  if (!noClause(a.leadTagged)) return undefined
  // What the question says is done (its verbs) a topic cannot state; the things it names, the topic must.
  const capitals = inCapitals(a.asked)
  const stems = (...tags: string[]) =>
    new Set(a.tagged.filter((w) => tags.includes(w.pos)).flatMap((w) => words(w.text, capitals)))
  const done = stems('VERB')
  // The word after "at" in a set phrase ("at least", "at rest") is no thing of its own to quote.
  const set = new Set(a.tagged.flatMap((w, k) => (a.tagged[k - 1]?.lower === 'at' ? words(w.text, capitals) : [])))
  const missing = a.query.filter(
    (t) => t.group === undefined && !done.has(t.term) && !set.has(t.term) && !leadItselfNames(a, t.term),
  )
  // A thing it leaves out is quoted before a quality, and both before a manner or a linking word ("fully", "while");
  // a particular word before a form word ("notifications", not "measures").
  const things = stems('NOUN', 'PROPN')
  const qualities = stems('ADJ')
  const order = [...missing.filter((t) => !GENERIC.has(t.term)), ...missing.filter((t) => GENERIC.has(t.term))]
  const quoted = order.find((t) => things.has(t.term)) ?? order.find((t) => qualities.has(t.term)) ?? order[0]
  return quoted && writtenAs(a, quoted.term)
}

/**
 * A sentence whose main verb is an aim ("We want to protect ...", "We strive to patch ...", "Our goal is to ...", "We
 * do our best to ..."): it names what the writer means to do, not what is done.
 */
const STATES_GOAL =
  /^(?:we|our\s+(?:[\w-]+\s+)?(?:team|teams|company|staff|organi[sz]ation))\s+(?:(?:always|also|constantly|continually)\s+)?(?:(?:want|wants|aim|aims|strive|strives|seek|seeks|hope|hopes|try|tries|endeavou?rs?)\s+to\b|(?:do|does)\s+(?:our|its|their)\s+best\s+to\b)|^our\s+(?:[\w-]+\s+)?(?:goal|aim|objective|ambition|mission)\s+is\s+to\b/i

/**
 * "Are you (classified as) a kiosk operator?", "Are you a covered entity?": the question asks what the respondent
 * is. The thing it names with its article, as written (up to a comma, a bracket or a clause of its own).
 */
const IDENTITY =
  /^\s*are\s+you\s+(?:(?:currently|formally|legally|officially)\s+)?(?:(?:classified|considered|registered|designated|recogni[sz]ed|defined|categori[sz]ed|regarded|treated|acting|operating)\s+as\s+)?(an?\s+[^?,;([]+?)(?:\s+(?:under|by|for|in|according|pursuant|as defined)\b[^?]*)?\s*\??\s*$/i
/** A sentence in which the writer says what it is ("We are a ...", "We act as a ...", "we're a ..."). */
const SAYS_WHAT_WE_ARE =
  /\b(?:we\s+(?:are|act\s+as|operate\s+as|serve\s+as|qualify\s+as|function\s+as|have\s+been\s+(?:classified|designated|registered|certified)\s+as)|we['’]re)\b/gi

/**
 * What an identity question asks the respondent to be ("a kiosk operator"), when the lead sentence of a Yes never
 * says the writer is it: a sentence on the providers the respondent uses states the opposite relation.
 */
const identityUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const thing = IDENTITY.exec(a.asked)?.[1]?.trim()
  if (!thing) return undefined
  const asked = new Set([...terms(thing), ...words(thing)])
  const text = a.lead.hit.sentence.text
  for (const m of text.matchAll(SAYS_WHAT_WE_ARE)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 80)
    if ([...terms(after), ...words(after)].some((t) => asked.has(t))) return undefined
  }
  return thing
}

/**
 * An instruction for a question whether something is done: the lead sentence opens with a verb in its dictionary
 * form and no subject before it ("Configure the kiosk firewall before go-live.", "Extend badge readers to
 * every branch."), and the question is passive ("Are X reviewed?", "Have X been trained?"). Set-up guides address the
 * reader and lists of goals name work still to do: neither says it is done. A feature list in the same mood ("Manage
 * users in the console.") does say what a product lets one do, so a question on what it has or can do is left alone.
 * "Scans run nightly" (a noun) and "Keeping systems patched: ..." (a gerund heading) are no instructions; nor is "Use
 * of ..." (a noun the tagger may read as a verb). Whatever the question's shape, a Yes from an aim (STATES_GOAL)
 * counts as one too.
 */
const instructs = (a: Ask): boolean => {
  const text = a.lead.hit.sentence.text.trimStart()
  if (a.lead.label === 'YES' && (STATES_GOAL.test(text) || recommends(a.leadTagged))) return true
  if (a.lead.label !== 'YES' || !a.passive) return false
  const [first, next, third] = a.leadTagged
  // A capitalised word of letters, then a word: "Configure the ...", not "IT ..." nor "Use, ..."; or a list of verbs
  // ("Review, test and design ...": the grammar reads the words a list joins to a verb as verbs).
  const listed = next?.text === ',' && third?.pos === 'VERB'
  if (
    !first ||
    !capitalised(first.text) ||
    !isPlainWord(first.text.slice(1)) ||
    !next ||
    (next.pos === 'PUNCT' && !listed)
  )
    return false
  return first.pos === 'VERB' && first.lemma === first.lower && !gerund(first) && next.lower !== 'of'
}

/**
 * A sentence whose verb recommends ("Our auditors recommend rotating kiosk keys", "We suggest that clerks ..."): it
 * says what someone thinks should be done, not that it is. A participle ("the controls recommended by ...") is not
 * the sentence's verb, and "is recommended" is a hedge (polarity.ts).
 */
const recommends = (said: Word[]): boolean =>
  said.some((w) => w.pos === 'VERB' && RECOMMENDING.has(w.lemma) && ending(w.lower) !== 'ed' && !gerund(w))
/** Verbs that say what should be done, by their lemma. */
const RECOMMENDING = new Set(['recommend', 'suggest', 'advise', 'urge'])

/**
 * A practice the sentence says was done and is no more: "We used to run a yearly test", "Ledgers were encrypted until
 * 2019", "Until 2021 we ran tests": a pronoun's "used to", or a year after "until" in a sentence in the past tense.
 * The span that says so, as written.
 */
const pastPractice = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const said = a.leadTagged
  // "In 2023 our scanning found a staging bucket that held test data": an event told in the past, for a question on
  // what is done now ("Is ...?", "Do you ...?").
  if (PRESENT_ASKED.has(a.tagged[0]?.lower ?? '')) {
    const opening = EVENT_OPENING.exec(a.lead.hit.sentence.text)
    if (opening && said.some(past)) return opening[0].trim()
  }
  for (const [k, w] of said.entries()) {
    const [next, after] = [said[k + 1], said[k + 2]]
    if (w.lower === 'used' && said[k - 1]?.pos === 'PRON' && next?.lower === 'to' && after?.pos === 'VERB')
      return written(said.slice(k - 1, k + 3))
    if (w.lower === 'until' && next?.pos === 'NUM' && /^\d{4}$/.test(next.text) && said.some(past))
      return written(said.slice(k, k + 2))
  }
  return undefined
}
/** Questions on what is done now. */
const PRESENT_ASKED = new Set(['is', 'are', 'do', 'does'])
/**
 * A sentence that opens on when a thing happened: "In 2023", "In March 2024", "In early 2022", "In the past year", "In
 * the October 2024 test", "During the 2024 audit".
 */
const EVENT_OPENING =
  /^\s*(?:In|During) (?:(?:the )?(?:early |late |mid-)?(?:[A-Z][a-z]+ )?(?:19|20)\d\d|the (?:last|past) (?:year|quarter))\b/
/** A verb in the past tense: "was", "were", "had", or a verb not in its dictionary form after no auxiliary ("ran"). */
const past = (w: Word, k: number, said: Word[]): boolean =>
  ['was', 'were', 'had'].includes(w.lower) ||
  (w.pos === 'VERB' && w.lower !== w.lemma && !gerund(w) && !w.lower.endsWith('s') && said[k - 1]?.pos !== 'AUX')

/**
 * "in the consultant's possession": a party named by its possessive. A sentence on how the vendor encrypts its own
 * disks does not say what a consultant does with the data.
 */
const POSSESSIVE = /\b(?:the|a|an|your|its|their|each|any)\s+([a-z][a-z-]+)['’]s?(?=\s)/gi

/**
 * The particular party the question names by a possessive, when the lead sentence and its context never name it; or
 * the one who acts in it ("Will the consultant require ...?", practices.ts), when the lead sentence itself does not:
 * a neighbour on consulting does not make the sentence's act the consultant's.
 */
const partyUnstated = (a: Ask): string | undefined => {
  const unnamed = (word: string, said: Set<string>) => {
    if (GENERAL_NOUNS.has(word) || GENERAL_NOUNS.has(`${word}s`)) return false
    const own = words(word)
    return own.length > 0 && !own.some((t) => said.has(t))
  }
  // Only one that acts: "Is the confidentiality of backups ensured?" names what is done, not who does it.
  const actor = a.tagged[0]?.lemma === 'be' ? undefined : particularSubject(a.tagged)
  if (actor && unnamed(actor, a.leadOwnWords)) return `the ${actor}`
  // "Does the password manager encrypt ...?": a compound's head is the one that acts, and a sentence on passwords whose
  // context never names a manager says nothing of what the manager does. The head follows the actor (particularSubject
  // reads "Does the <actor>").
  const head = actor ? a.tagged[3] : undefined
  if (head?.pos === 'NOUN' && isLetterWord(head.text) && unnamed(head.lower, a.leadWords)) {
    return `the ${actor} ${head.lower}`
  }
  const party = [...a.asked.matchAll(POSSESSIVE)].map((m) => m[1]!.toLowerCase()).find((w) => unnamed(w, a.leadWords))
  if (party) return `the ${party}`
  return agentUnstated(a)
}

/**
 * "Are high-severity patches applied within 30 days?" from "Critical patches are applied within 14 days": the question
 * names a severity (of a vulnerability, finding, patch, issue or incident; or a level by number, "Severity 2") and the
 * deciding sentence names only others.
 * The severities the sentence names.
 */
const SEVERITY_ASKED =
  /\b(critical|high|medium|moderate|low)(?=[- ](?:severity|risk|priority|rated)\b|\b(?:\s+(?:and|or)\s+\w+)?\s*[- ]?(?:severity|risk|priority)?\s+(?:vulnerabilit|finding|patch|issue|bug|incident)\w*)/gi
const severityOther = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const text = a.lead.hit.sentence.text
  // A severity by number ("Severity 2", "Sev 1", "P1", "Priority 3").
  const level = (m: RegExpMatchArray) => m[1] ?? m[2]!
  const levels = new Set([...a.asked.matchAll(SEVERITY_LEVEL)].map(level))
  const saidLevels = [...text.matchAll(SEVERITY_LEVEL)]
  if (levels.size && saidLevels.length && !saidLevels.some((m) => levels.has(level(m))))
    return saidLevels.map((m) => m[0]).join(', ')
  const asked = new Set([...a.asked.matchAll(SEVERITY_ASKED)].map((m) => m[1]!.toLowerCase()))
  if (!asked.size) return undefined
  const said = new Set([...text.matchAll(SEVERITY_SAID)].map((m) => m[1]!.toLowerCase()))
  if (!said.size || [...asked].some((s) => said.has(s))) return undefined
  return [...said].join(', ')
}
/** A severity or priority level by number: "Severity 2", "Sev-1", "P1", "Priority 3" (the number captured). */
const SEVERITY_LEVEL = /\b(?:sev(?:erity)?|priority)[\s-]?(\d)\b|\bP([0-4])\b/gi
/** A severity anywhere in a sentence. */
const SEVERITY_SAID = /\b(critical|high|medium|moderate|low)\b/gi

/**
 * Whether the lead is a row of a table whose columns are offerings a customer chooses between: its heading or the
 * table's header row names plans, tiers, editions or packages ("Retention by plan").
 */
const byOffering = (a: Ask): boolean => {
  const { location, context } = a.lead.hit.sentence.passage
  return OFFERING.test(`${location} ${context ?? ''}`)
}
const OFFERING = /\b(?:plans?|tiers?|editions?|packages?|subscriptions?)\b/i

/**
 * "Do temporary clerks complete till training?" from "Employees finish till training in their first month": the
 * question asks it of people who work for the vendor without being its employees (contractors, consultants, temporary
 * or seasonal workers, interns), and the deciding sentence names none of them, only its employees or staff. What holds
 * for employees may not hold for them. Both parties, as written.
 */
const workforceOther = (a: Ask): { said: string; asked: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const asked = a.tagged.filter((w) => NOT_EMPLOYEES.has(w.lower))
  if (!asked.length) return undefined
  const lead = a.leadTagged
  if (lead.some((w) => NOT_EMPLOYEES.has(w.lower))) return undefined
  const said = lead.find((w) => EMPLOYEES.has(w.lower))
  if (!said) return undefined
  // "temporary workers": an adjective with its noun.
  const phrases = asked.map((w) => {
    const next = a.tagged[a.tagged.indexOf(w) + 1]
    return w.pos === 'ADJ' && noun(next) ? `${w.lower} ${next!.lower}` : w.lower
  })
  return { said: said.lower, asked: phrases.join(' or ') }
}
/**
 * "Do you fit alarms at your branch locations?" from "The Leeds branch has alarms on every door": the question asks
 * of things in the plural (a compound's head: "branch locations", "kiosks"), and the deciding sentence names one of
 * them, in the singular, by a proper name before it ("the Leeds branch"), and none in the plural. It says it of one;
 * the others may differ. The one, as written.
 */
const oneNamed = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  // The nouns of each plural phrase: the head and the nouns before it.
  const q = a.tagged
  const stems = new Set<string>()
  for (let i = 0; i < q.length; i++) {
    const w = q[i]!
    if (w.pos !== 'NOUN' || noun(q[i + 1]) || !/[^s]s$/.test(w.lower)) continue
    let k = i
    while (k > 0 && q[k - 1]!.pos === 'NOUN') k--
    for (const v of q.slice(k, i + 1)) for (const t of words(v.text)) stems.add(t)
  }
  if (!stems.size) return undefined
  const l = a.leadTagged
  const names = (v: Word) => words(v.text).some((t) => stems.has(t))
  if (l.some((v) => names(v) && /s$/.test(v.lower))) return undefined
  // A plain name, not a standard's ("the AES-256 algorithm"), after "the", "our" or "its".
  for (let k = 2; k < l.length; k++) {
    const w = l[k]!
    if (w.pos !== 'NOUN' || !names(w)) continue
    if (
      l[k - 1]!.pos !== 'PROPN' ||
      !/^[A-Z][a-z]+$/.test(l[k - 1]!.text) ||
      !['the', 'our', 'its'].includes(l[k - 2]!.lower)
    )
      continue
    return `${l[k - 2]!.lower} ${l[k - 1]!.text} ${w.text}`
  }
  return undefined
}
/**
 * "Do controls stop bulk exports from the ledger?" from "Controls over ledger exports are described in the Kiosk
 * Standard (KS-04)": the deciding sentence says only where the practice is written down, in another document it names
 * in capitals, and the question asks whether it is done, not whether it is documented (no form word such as "policy",
 * "documented", "written"). The reference, as written.
 */
const describedElsewhere = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || ASKS_DOCUMENT.test(a.asked)) return undefined
  return DESCRIBED_IN.exec(a.lead.hit.sentence.text)?.[0]
}
/** "are described in the Cloud Security Standard", "is set out in our Kiosk Policy": a reference to a named document. */
const DESCRIBED_IN =
  /\b(?:is|are)\s+(?:described|documented|set out|defined|detailed|specified|covered|addressed)\s+in\s+(?:the|our|a|its)\s+(?:separate\s+)?(?:[A-Z][\w-]*\s+){0,4}(?:Standard|Policy|Procedure|Plan|Manual|Handbook|Guide|Programme|Program)\b(?:\s*\([^)]{1,30}\))?/
/** A question that asks whether a practice is written down. */
const ASKS_DOCUMENT = /\b(?:documented|document|written|policy|policies|procedures?|standards?|plan|formali[sz]ed)\b/i

/**
 * "Is kiosk training based on the 2021 edition of the Till Guide?" from "Kiosk training is built around the Till
 * Guide": the question names a year's edition of a named standard or guide, and the deciding sentence names the guide
 * without that year. The name and the year, as written.
 */
const editionUnstated = (a: Ask): { name: string; year: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const m = EDITION_ASKED.exec(a.asked)
  if (!m) return undefined
  const [year, name] = [m[1]!, m[2]!]
  const text = a.lead.hit.sentence.text
  const first = name.split(/\s+/)[0]!
  if (!new RegExp(`\\b${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text) || text.includes(year))
    return undefined
  return { name, year }
}
/** "the 2021 edition of the OWASP Top 10", "the 2022 version of ISO 27001": a year's edition of a named standard. */
const EDITION_ASKED =
  /\b((?:19|20)\d\d)\s+(?:edition|version|release|revision|update)\s+of\s+(?:the\s+)?([A-Z][\w/-]*(?:\s+[A-Z0-9][\w/-]*){0,3})/
/**
 * "Is kiosk data copied to the standby site continuously?" from the row "Till ledger | 4 hours | Continuous copy to the
 * standby site" of a table whose other rows say "Nightly batch copy": the deciding sentence is a table row named by what
 * it is about (a first cell of words, none the question's own, nor in the cells before the one that states it), and
 * another row of the same table (the same header row) gives another short value in that column. It holds for that
 * row; the question asks of more. The row's name and the other value, as written.
 */
const rowOnly = (a: Ask): { label: string; other: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const lead = a.lead.hit.sentence
  const context = lead.passage.context
  if (!context) return undefined
  const cells = lead.text.split('\t').map((c) => c.trim())
  if (cells.length < 3) return undefined
  const label = cells[0]!
  // A row named by what it is about ("Core database"), not by a number or a code ("5", "HR-04").
  if ((label.match(/[A-Za-z]{3,}/g) ?? []).length < 2) return undefined
  if (words(label).some((t) => a.keyStems.has(t))) return undefined
  const k = cells.findIndex((c, i) => i > 0 && words(c).filter((t) => a.keyStems.has(t)).length >= 2)
  if (k < 0 || cells.slice(1, k).some((c) => words(c).some((t) => a.keyStems.has(t)))) return undefined
  if (cells[k]!.split(/\s+/).length > MAX_VALUE_WORDS) return undefined
  const stated = new Set(words(cells[k]!).filter((t) => a.keyStems.has(t)))
  for (const s of a.index.sentences) {
    if (s === lead || s.passage.file !== lead.passage.file || s.passage.context !== context) continue
    const other = s.text.split('\t').map((c) => c.trim())[k]
    if (!other || other.split(/\s+/).length > MAX_VALUE_WORDS || words(other).some((t) => stated.has(t))) continue
    if (/^(?:not applicable|n\/a|none|-|—)$/i.test(other)) continue
    return { label, other }
  }
  return undefined
}
/**
 * "May clerks take ledgers home?" from "Clerks must keep ledgers in the branch safe" or "A clerk took a ledger home
 * last May": the question asks whether something is allowed ("May ...?", "... allowed?", "... permitted?"), and the
 * deciding sentence gives no leave at all (no "may", "can", "allowed", "permitted", "able to", "option"): a rule, an
 * event or a description does not say it is allowed.
 */
const permissionUnstated = (a: Ask): true | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  if (!ASKS_PERMISSION.test(a.asked) && !ENDS_ALLOWED.test(a.asked)) return undefined
  return GIVES_LEAVE.test(a.lead.hit.sentence.text) ? undefined : true
}
/** A question that ends by asking whether it is allowed: "... allowed?", "... permitted?". */
const ENDS_ALLOWED = /\b(?:allowed|permitted)\s*\?\s*$/i
/** Words that give leave. */
const GIVES_LEAVE =
  /\b(?:may|can|could|allowed|permitted|permits?|allows?|able to|free to|enabled|possible|options?|opt)\b/i
/**
 * "Is your current kiosk audit score 110?" from "We posted our kiosk audit score in November": the question asks a
 * figure (a number after a word in lower case: not a name's number, "ISO 27001", "TLS 1.2", nor a year, nor a quantity
 * with its unit, which the quantity rules read) that the deciding sentence does not give. The figure, as written.
 */
const figureUnstated = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const text = a.lead.hit.sentence.text
  for (const m of a.asked.matchAll(FIGURE_ASKED)) {
    const figure = m[1]!
    if (/^(?:19|20)\d\d$/.test(figure) || quantitiesIn(`${figure}${m[2] ?? ''}`).length) continue
    if (!new RegExp(`(?<![\\d.])${figure.replace('.', '\\.')}(?![\\d])`).test(text)) return figure
  }
  return undefined
}
/** A figure after a word in lower case, and what follows it: "score 110", "at 99.9 %". */
const FIGURE_ASKED = /(?<=\b[a-z][a-z-]*\s)(\d+(?:\.\d+)?)(\s*%|\s+[a-z]+)?/g
/**
 * "Do your sending kiosks print receipts?" from "Kiosks we own but do not use for sales print test receipts": the
 * deciding sentence's subject is defined by what it does not do (a relative clause with "not" before the main verb),
 * and the question asks nothing negative: the quote speaks of the others. The subject, as written.
 */
const subjectDenied = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || /\bnot?\b|n['’]t\b/i.test(a.asked)) return undefined
  const l = a.leadTagged
  // A subject that is a noun phrase, not "We do not ...".
  if (!noun(l[0]) && l[0]?.pos !== 'ADJ' && l[0]?.pos !== 'DET') return undefined
  const k = l.findIndex(
    (w, i) => i < SUBJECT_REACH && (w.lower === 'not' || w.lower === "n't") && l[i - 1]?.pos === 'AUX',
  )
  if (k < 0 || !l.slice(1, k - 1).some((w) => RELATIVE.has(w.lower))) return undefined
  // The main verb: the first verb after the denied one's object ("use for email publish"), a noun.
  const verb = l.findIndex((w, i) => i > k + 2 && (w.pos === 'VERB' || w.pos === 'AUX'))
  return verb < 0 || !l.slice(k + 2, verb).some(noun) ? undefined : written(l.slice(0, verb))
}
/** How far into the sentence a subject's relative clause is read. */
const SUBJECT_REACH = 10
/** Words that open a relative clause on the subject ("that", "which", "we ... but"). */
const RELATIVE = new Set(wordList('that which who we but'))
/** Words for people who work for the vendor without being its employees. */
const NOT_EMPLOYEES = new Set(
  wordList(
    'contractor contractors subcontractor subcontractors consultant consultants temporary temps interns intern freelancers freelancer seasonal volunteers',
  ),
)
/** Words for the vendor's employees. */
const EMPLOYEES = new Set(wordList('employee employees staff'))

/**
 * "Are site cabins fitted with alarms?" from "Cabin locks and alarms are the landlord's responsibility": the deciding
 * sentence gives the practice to a party as its responsibility ("the <party>'s responsibility", "the responsibility
 * of <party>"), a party named in lower case (a name may be the vendor's own) whose last word is none of the vendor's
 * own roles ("team", "officer") and which the question does not name. It says who answers for it, not that it is done.
 * The party, as written.
 */
const responsibilityOther = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  for (const m of a.lead.hit.sentence.text.matchAll(RESPONSIBILITY)) {
    const party = (m[1] ?? m[2])!.trim()
    const last = party.split(/\s+/).at(-1)!.toLowerCase()
    if (/[A-Z]/.test(party) || OURS.test(party) || isOwnRole(last)) continue
    if (words(party).some((t) => a.keyStems.has(t))) continue
    return party
  }
  return undefined
}
const RESPONSIBLE_PARTY = String.raw`((?:(?!(?:and|or|to|for|in|on|at|with|by|who|which|that)\b)[a-z][\w-]*\s*){1,4})`
const RESPONSIBILITY = new RegExp(
  String.raw`\b(?:is|are|remains?|stays?)\s+(?:the\s+|a\s+)?(?:sole\s+)?((?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)['’]s?\s+responsibility\b|\b(?:is|are|remains?|stays?)\s+(?:the\s+)?(?:sole\s+)?responsibility\s+of\s+(?:the\s+|a\s+)?${RESPONSIBLE_PARTY}`,
  'g',
)
const OURS = /^(?:our|we|us|its|their)\b/i

/**
 * "Are lost kiosks wiped within 24 hours of being reported?" from "Lost kiosks must be reported within 24 hours": the
 * question times its act from another event ("within <time> of being reported", "after being approved"), and the
 * deciding sentence names that event but not the act itself, by stem or close paraphrase: the time it gives is the
 * event's. Both verbs, as written.
 */
const durationOtherAct = (a: Ask): { act: string; event: string } | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const timed = TIMED_FROM.exec(a.asked)
  if (!timed) return undefined
  // The act: the last verb before the time that is no modifier of a noun ("lost" of "lost devices").
  const before = tagWords(a.asked.slice(0, timed.index))
  const act = before.findLast((w, k) => k > 0 && w.pos === 'VERB' && !noun(before[k + 1]))?.lower
  if (!act) return undefined
  const event = timed[1]!
  const stems = (w: string) => words(w).filter((t) => !GENERIC.has(t))
  const acted = stems(act)
  if (!acted.length || acted.some((t) => leadItselfNames(a, t))) return undefined
  return stems(event).some((t) => leadItselfNames(a, t)) ? { act, event } : undefined
}
/** An act timed from another event: "within 24 hours of being reported", "after being approved". */
const TIMED_FROM =
  /\b(?:within\s+[^?]{1,40}?\s+of|after|following)\s+(?:(?:its|their|being|having been)\s+)+([a-z]+(?:ed|en))\b/i

/**
 * "Is kiosk data in scope of the recovery test?" from "Action (Dana): confirm whether kiosk data is in scope of the
 * recovery test": every key word the deciding sentence shares with the question stands after "whether" or "if" that
 * a verb of finding out opens ("confirm whether", "check if", "asked whether"). It asks the thing, it does not state
 * it. The opening, as written.
 */
const askedWhether = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const text = a.lead.hit.sentence.text
  const m = FINDS_OUT.exec(text)
  if (!m) return undefined
  const before = new Set(words(text.slice(0, m.index)))
  return [...a.keyStems].some((t) => before.has(t)) ? undefined : m[0]
}
const FINDS_OUT =
  /\b(?:confirm|check|find out|clarify|establish|ask|asked|asks|wondered|investigate|determine)\s+(?:whether|if)\b/i

/**
 * "Can clerks defer a till update?" from "A clerk can defer a till update, but no update can be deferred for more than
 * seven days": the question asks whether something may be done ("Can ...?", "May ...?", "Is ... allowed to ...?") and
 * the deciding sentence caps it ("no more than", "not ... longer than", "for up to", "at most", "a maximum of"). The
 * cap, as written.
 */
const permissionCapped = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const first = a.tagged[0]?.lower ?? ''
  if (!MODALS.has(first) && !a.tagged.some((w) => PERMITTED.has(w.lower))) return undefined
  return CAPPED.exec(a.lead.hit.sentence.text)?.[0]
}
const CAPPED =
  /\b(?:no|not)\b[^.;:]{0,40}?\b(?:more|longer) than(?:\s+[\w'’-]+){1,3}|\b(?:for up to|at most|a maximum of)(?:\s+[\w'’-]+){1,3}/i

/**
 * "Is payment history reported to all three credit bureaus?" from "... reports it to one or more agencies": the
 * question asks a practice of all or each of something ("all", "every", "each", "both", "all three"), and the deciding
 * sentence gives an indefinite share of it ("one or more", "at least one", "some", "certain", "selected", "a subset
 * of"). What the sentence says, as written.
 */
const someOfAll = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES' || !ALL_ASKED.test(a.asked)) return undefined
  return SOME_SAID.exec(a.lead.hit.sentence.text)?.[0]
}
const ALL_ASKED = /\b(?:all|every|each|both)\b/i
const SOME_SAID =
  /\b(?:one or more|at least one|some|certain|selected|a subset of)\b(?! (?:of the )?(?:time|cases?|extent|degree|form)\b)/i

/**
 * "Are students able to export their record?" from "Institution administrators can export any student's record": the
 * question asks what a party can do ("Can <party> ...?", "Are <party> able, allowed or permitted to ...?"), and every
 * "can" of the deciding sentence has another party as its subject (nouns none of which is the party's word, by stem,
 * close paraphrase or short form). What the sentence says, as "<its party> can, not <the question's>".
 */
const otherAbleActor = (a: Ask): string | undefined => {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const t = a.tagged
  const modal = MODALS.has(t[0]?.lower ?? '')
  if (!modal && t[0]?.lemma !== 'be') return undefined
  let p = 1
  while (t[p]?.pos === 'DET' || ['your', 'our'].includes(t[p]?.lower ?? '')) p++
  // The party: the nouns and adjectives up to the verb, or up to "able" ("Are students able to ...?").
  const run: Word[] = []
  while (t[p] && ['NOUN', 'PROPN', 'ADJ'].includes(t[p]!.pos) && !PERMITTED.has(t[p]!.lower)) run.push(t[p++]!)
  if (!modal && !PERMITTED.has(t[p]?.lower ?? '')) return undefined
  const own = run.flatMap((w) => words(w.text)).filter((x) => !GENERIC.has(x))
  // "Can logs be exported ...?" asks what can be done to a thing, not what a party can do.
  if (!own.length || !run.some(noun) || t[p]?.lemma === 'be') return undefined
  const actor = written(run)
  const said = a.leadTagged
  // Every "can" of the sentence, with the people before it ("Any user can ..., and administrators can ...").
  const subjects = said.flatMap((w, k) => {
    if (!MODALS.has(w.lower) || w.pos !== 'AUX' || said[k + 1]?.lemma === 'be') return []
    // "you can set ...": a guide addresses its reader, whoever that is.
    if (said[k - 1]?.pos === 'PRON') return [said.slice(k - 1, k)]
    const subject: Word[] = []
    for (let i = k - 1; i >= 0 && ['NOUN', 'PROPN', 'ADJ', 'DET'].includes(said[i]!.pos); i--) subject.unshift(said[i]!)
    return subject.some(noun) ? [subject] : []
  })
  if (!subjects.length || subjects.some((subject) => subject[0]!.pos === 'PRON')) return undefined
  // The same people by another word or a short form ("admins" for "administrators").
  const same = (x: string, u: string) =>
    x === u || isParaphrase(x, u) || (Math.min(x.length, u.length) >= 4 && (x.startsWith(u) || u.startsWith(x)))
  if (subjects.some((subject) => subject.some((w) => words(w.text).some((u) => own.some((x) => same(x, u))))))
    return undefined
  const subject = subjects[0]!
  return `${written(subject)} can, not ${actor}`
}
/** The modal verbs of ability and permission. */
const MODALS = new Set(['can', 'could', 'may'])
/** "Are <party> able, allowed or permitted to ...?" */
const PERMITTED = new Set(['able', 'allowed', 'permitted'])

/**
 * "Are the tests carried out by an independent firm?": the agent of a passive question, when it is an outside party
 * (independent, external, or a third party by concept), and the deciding sentence never says its outsideness: "Tests
 * are carried out twice a year" says when, not by whom, and "a witness from Internal Audit" names no independent
 * auditor. The agent as written ("an independent firm").
 */
const agentUnstated = (a: Ask): string | undefined => {
  const said = a.tagged
  for (const [k, w] of said.entries()) {
    // The participle, a particle ("carried out by") aside.
    const verb = ['ADP', 'PART', 'ADV'].includes(said[k - 1]?.pos ?? '') ? said[k - 2] : said[k - 1]
    if (w.lower !== 'by' || !verb || verb.pos !== 'VERB' || verb.lemma === verb.lower || gerund(verb)) continue
    const phrase: Word[] = []
    for (const x of said.slice(k + 1)) {
      if (!AGENT_WORDS.has(x.pos)) break
      phrase.push(x)
    }
    const own = phrase.filter((x) => x.pos !== 'DET' && isLetterWord(x.text) && !GENERAL_NOUNS.has(x.lower))
    const outside =
      own.some((x) => OUTSIDE.has(x.lower)) || terms(written(phrase)).some((t) => HOLDERS_ELSEWHERE.has(t))
    if (outside) return saysOutside(a) ? undefined : written(phrase)
  }
  return undefined
}
/** Whether the lead sentence says a party is an outside one: "a witness from Internal Audit" names none. */
const saysOutside = (a: Ask): boolean =>
  OUTSIDE_SAID.test(a.lead.hit.sentence.text) || [...HOLDERS_ELSEWHERE].some((t) => a.leadOwnWords.has(t))
/** The words of an agent's noun phrase. */
const AGENT_WORDS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN'])
/** What makes an agent an outside party. */
const OUTSIDE = new Set(['independent', 'external'])
/** A sentence that says a party is an outside one. */
const OUTSIDE_SAID = /\b(?:independent(?:ly)?|external(?:ly)?|outside)\b/i

/** The question's second question, when the lead sentence and its context name none of the words only it has. */
const unansweredSecond = (a: Ask): string | undefined => {
  const parts = a.twoQuestions
  if (!parts) return undefined
  // The first question's words count by stem as well as by concept ("change management" is a concept; "changes" in
  // the second question is its word again, not a word of the second's own).
  const first = new Set([...terms(parts.first), ...words(parts.first).map(stem)])
  const own = terms(parts.second).filter((t) => !first.has(t))
  const sentence = a.lead.hit.sentence
  // Its own words as written: a paraphrase that lets a sentence name a subject is too loose to say a part is answered.
  const named = own.some((t) => sentence.terms.has(t) || sentence.section.has(t))
  if (own.length && !named) return parts.second
  // Nor is a second question that asks a quality of its subject answered by a sentence on the subject alone: "and is
  // the ledger public?" asks "public" (by stem or close paraphrase). Its predicate is the first verb or adjective after
  // a noun or pronoun; a verb ("and are they tested") is left to the words above.
  const second = tagWords(parts.second)
  const quality = second.find(
    (w, k) => (w.pos === 'VERB' || w.pos === 'ADJ') && k > 1 && (noun(second[k - 1]) || second[k - 1]!.pos === 'PRON'),
  )
  const asked = quality?.pos === 'ADJ' ? words(quality.lower).filter((t) => !GENERIC.has(t) && !first.has(t)) : []
  return asked.length && !asked.some((t) => leadNames(a, t)) ? parts.second : undefined
}

/**
 * The hyphenated participles of a Yes/No question ("a co-located data center", "an institution-hosted instance")
 * whose participle (the last part: "located") the lead sentence and its context never name, by stem or close
 * paraphrase: "only staff with badges enter the data center" says nothing of where it is or whose it is. The part
 * before the hyphen is a prefix or a modifier ("pre-defined" is stated by "defined"). A participle that is a general
 * word ("defined", "managed") or part of a concept ("multi-factor") asks nothing of its own; "-based" is a kind,
 * read above.
 */
function unstatedQualities(a: Ask): string[] {
  if (!a.yesNo || a.lead.label !== 'YES' || !a.asked.includes('-')) return []
  return a.tagged.flatMap(({ lower }) => {
    const last = lower.split('-').at(-1)!
    if (last === lower || last === 'based' || ending(last) !== 'ed') return []
    const own = words(last).filter((t) => !GENERIC.has(t))
    if (!own.length || terms(lower).some((t) => t.startsWith('#')) || own.some((t) => leadNames(a, t))) return []
    return [lower]
  })
}

/** General nouns for the vendor's things (not its people, documents or the form of a practice): a kind is one of these. */
const THINGS = new Set(
  wordList(`product products system systems application applications app apps service services solution solutions
  platform platforms software website websites site sites tool tools environment environments infrastructure network
  networks server servers database databases data`),
)

/**
 * The kinds a Yes/No question gives a general noun ("kiosk systems", "vendor databases"): the noun before it, when
 * the lead sentence names the general noun itself but never the kind, by stem or close paraphrase, nor does its
 * context. "Altering system configurations must be restricted" is about systems in general, not kiosk systems.
 */
function unstatedCompounds(a: Ask): string[] {
  // Tagged only when it can match: this runs on every Yes.
  if (!a.yesNo || a.lead.label !== 'YES' || !alphanumerics(a.asked).some((w) => THINGS.has(w.toLowerCase()))) return []
  const sentence = a.lead.hit.sentence
  const tagged = a.tagged
  return tagged.flatMap((w, k) => {
    const head = tagged[k + 1]
    if (!head || !noun(w) || head.pos !== 'NOUN' || !THINGS.has(head.lower)) return []
    if (GENERAL_NOUNS.has(w.lower) || !isPlainWord(w.lower)) return []
    const own = words(w.lower).filter((t) => !GENERIC.has(t))
    const general = words(head.lower)
    if (!own.length || !general.every((t) => sentence.terms.has(t))) return []
    if (terms(`${w.lower} ${head.lower}`).some((t) => t.startsWith('#'))) return []
    // The context (neighbours, heading) names the kind by its own words only, as it names a subject (namesSubject):
    // a paraphrase in the next row of a table ("customer" for "client") is about that row.
    const named = (t: string) => sentence.section.has(t) || leadItselfNames(a, t)
    return own.some(named) ? [] : [`about "${w.lower} ${head.lower}" (the quote names only "${head.lower}")`]
  })
}

/** The words that say something is written down ("documented", "written"). */
const WRITTEN = new Set(wordList('documented documentation written'))
/** The nouns that name a document of some kind (a policy, plan, procedure, standard, programme...), by stem. */
const DOCUMENT_NOUNS = new Set(
  wordList('document policy plan procedure standard program programme guideline manual handbook playbook runbook').map(
    stem,
  ),
)
/**
 * A word that names a document (a noun of DOCUMENT_NOUNS; "planning" is an activity, "standard antivirus" a kind) or
 * says that something is written down.
 */
const namesDocument = (w: Word): boolean =>
  WRITTEN.has(w.lower) || (noun(w) && ending(w.lower) !== 'ing' && DOCUMENT_NOUNS.has(stem(w.lower)))

/**
 * "Do you have a kiosk repair plan?", "Does your branch have a policy and procedure for ...?": the question asks
 * whether a document exists, every head of the object of its "have" (a run of nouns and adjectives, "and" joining
 * heads) a document noun. "Do your kiosks have encryption and policies?" asks for encryption too.
 */
const asksToHaveDocument = (a: Ask): boolean => askedDocuments(a).length > 0

/** The document nouns a "Do you have a policy/procedure/plan ...?" question asks for (lower case); else none. */
export const askedDocuments = (a: Ask): string[] => {
  if (!ASKS_TO_HAVE.test(a.asked)) return []
  const tagged = a.tagged
  const at = tagged.findIndex((w) => w.lower === 'have')
  const heads: Word[] = []
  let k = at + 1
  while (tagged[k]?.pos === 'DET') k++
  for (; k < tagged.length; k++) {
    const w = tagged[k]!
    if (noun(w) && !noun(tagged[k + 1]) && tagged[k + 1]?.pos !== 'ADJ') heads.push(w)
    if (noun(w) || w.pos === 'ADJ' || (w.pos === 'VERB' && w.lower.endsWith('ed') && k === at + 1)) continue
    if (w.pos === 'CCONJ' && (noun(tagged[k + 1]) || tagged[k + 1]?.pos === 'ADJ')) continue
    break
  }
  return heads.length > 0 && heads.every(namesDocument) ? heads.map((w) => w.lower) : []
}

/**
 * Whether the lead sentence names a document that may be the one asked for: a document word that is not the head of
 * a compound qualified by a noun the question never uses ("our kiosk disclosure policy" is about disclosures).
 */
const namesOwnDocument = (a: Ask): boolean => {
  const said = a.leadTagged
  const compounds = nounCompounds(said)
  const asked = new Set(a.tagged.flatMap((w) => words(w.lower)))
  return said.some((w) => {
    if (!noun(w) || !namesDocument(w)) return false
    const holder = compounds.find((c) => c.at(-1) === w)
    const qualifiers = (holder ?? []).slice(0, -1).filter(noun)
    return !qualifiers.length || qualifiers.some((m) => words(m.lower).some((s) => asked.has(s)))
  })
}

/**
 * What the question asks the practice to be that the deciding sentence does not say: an "X-based" kind, "documented"
 * when the sentence names no document (a sentence about accessibility testing does not say that accessibility
 * documentation exists), a hyphenated participle ("co-located"), or the kind of a general noun ("client systems").
 */
function unstated(a: Ask): string[] {
  const kinds = unstatedKinds(a).map((k) => `"${k.word}"`)
  if (a.yesNo && a.tagged.some((w) => WRITTEN.has(w.lower)) && !a.leadTagged.some(namesDocument))
    kinds.push('documented')
  else if (a.yesNo && asksToHaveDocument(a) && !namesOwnDocument(a)) kinds.push('documented')
  return [...kinds, ...unstatedQualities(a).map((q) => `"${q}"`), ...unstatedCompounds(a)]
}

/**
 * The question's heaviest core word (as the question writes it), when the evidence uses it but neither the deciding
 * sentence nor its context does: another passage speaks of what this one leaves out ("external" authentication
 * systems, answered from a sentence on access management in general).
 */
export function keyWordElsewhere(a: Ask): string | undefined {
  const core = a.query.filter((t) => t.group === undefined && t.core && !t.term.startsWith('#'))
  if (!core.length) return undefined
  const key = core.reduce((best, t) => (t.weight > best.weight ? t : best)).term
  const s = a.lead.hit.sentence
  if (a.index.df(key) === 0 || s.terms.has(key) || s.section.has(key)) return undefined
  return writtenAs(a, key)
}

/**
 * "Do you sell pupil data to third parties?" answered from a sentence on the service providers that hold pupil data:
 * the question's own verb (form verbs aside) is what it asks, and when the lead sentence and its context never name it,
 * by stem or close paraphrase, while another retrieved sentence names it together with the question's subject ("We do
 * not sell pupil data"), the evidence speaks of the practice elsewhere and the lead states something else. The verb as
 * the question writes it.
 */
function verbElsewhere(a: Ask): string | undefined {
  if (!a.yesNo || !a.about.length) return undefined
  const asked = practiceStems(a.verbs)
  if (!asked.length || asked.some((p) => p.own.some((t) => leadItselfNames(a, t)))) return undefined
  const lead = a.lead.hit.sentence
  const other = a.ranked.find(
    ({ sentence }) =>
      sentence !== lead &&
      asked.some((p) => p.own.some((t) => sentence.terms.has(t))) &&
      a.about.some((t) => sentence.terms.has(t)),
  )
  return other && asked.find((p) => p.own.some((t) => other.sentence.terms.has(t)))!.word
}

/** A note mark after a word: superscript figures or a dagger ("99.9 %¹", "Q4 2025†"), or a figure in brackets. */
const NOTE_MARK =
  /(?<=\S)\s?([\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+|[\u2020\u2021]+|[([]\d{1,2}[)\]])(?=[\s.,;:|]|$)/g

/** A note named in words: "(see note 1)", "see footnote 2". */
const NOTE_NAMED = /\bsee (?:foot)?note\s+(\d{1,2})\b/i
/** The last heading of a passage's location that names notes ("Notes", "Footnotes", "Table notes"). */
const NOTES_HEADING = /(?:^|>\s*)[^>]*\b(?:foot)?notes\s*$/i

/**
 * "critical patches within 7 days (2)" with "(2) Hosts running the legacy reporting service are excluded ..." below the
 * table: a mark in the quote that a note of the same file opens with points to what qualifies it, and notes carry the
 * exceptions. Figures in brackets that count through the quote ("(1) ... (2) ...") enumerate; they point nowhere.
 * The note's opening words.
 */
function noteReferenced(a: Ask): string | undefined {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const lead = a.lead.hit.sentence
  // "(see note 1)": a note named in words, which opens with its name ("Note 1: ...").
  const named = NOTE_NAMED.exec(lead.text)
  if (named) {
    const label = new RegExp(`^\\s*(?:foot)?note\\s+${named[1]}\\b\\s*[:.)-]?\\s*`, 'i')
    const note = a.index.sentences.find(
      (s) => s !== lead && s.passage.file === lead.passage.file && label.test(s.passage.text),
    )
    if (note) return note.text.replace(label, '').trim().split(/\s+/).slice(0, 14).join(' ')
    // Or an item of a numbered list under a heading that names the notes ("## Notes", "3. Restricted data ...").
    const item = new RegExp(`(?:^|\\n)\\s*${named[1]}[.)]\\s+(\\S[^\\n]*)`)
    for (const s of a.index.sentences) {
      if (s.passage.file !== lead.passage.file || !NOTES_HEADING.test(s.passage.location ?? '')) continue
      const body = item.exec(s.passage.text)?.[1]
      if (body) return body.trim().split(/\s+/).slice(0, 14).join(' ')
    }
  }
  const marks = [...lead.text.matchAll(NOTE_MARK)].map((m) => m[1]!)
  const figures = marks.filter((m) => /^[([]/.test(m))
  if (!marks.length || figures.length > 1 || lead.text.trimStart().startsWith(marks[0]!)) return undefined
  for (const mark of marks) {
    const note = a.index.sentences.find(
      (s) => s !== lead && s.passage.file === lead.passage.file && s.passage.text.trimStart().startsWith(mark),
    )
    const body = note?.text.trimStart()
    if (body) return (body.startsWith(mark) ? body.slice(mark.length) : body).trim().split(/\s+/).slice(0, 14).join(' ')
  }
  return undefined
}

/**
 * "6.1 MFA is required for every account ..." and, sections later, "Service accounts ... are exempt from clause 6.1":
 * a numbered clause that another sentence of the same file names with an exception. The exception's words from the
 * clause number on, as written (the first sentence that names it).
 */
function clauseExcepted(a: Ask): string | undefined {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const lead = a.lead.hit.sentence
  const number = CLAUSE_NUMBER.exec(lead.text)?.[1]
  if (!number) return undefined
  const named = new RegExp(`(?<![\\d.])${number.replace(/\./g, '\\.')}(?!\\.?\\d)`)
  const exception = a.index.sentences.find(
    (s) =>
      s !== lead &&
      s.passage.file === lead.passage.file &&
      !s.text.trimStart().startsWith(number) &&
      named.test(s.text) &&
      EXCEPTS.test(s.text),
  )
  return exception?.text.trim().split(/\s+/).slice(0, 16).join(' ')
}
/** A clause's number at the start of its sentence: "6.1", "§ 4.2.3" (at least two parts: "1" numbers a list). */
const CLAUSE_NUMBER = /^\s*(?:§\s*)?(\d{1,2}(?:\.\d{1,3}){1,3})\.?\s+[A-Z]/
/** What says a clause does not hold for someone or something. */
const EXCEPTS =
  /\b(?:exempt\w*|exceptions?|except|excluding|waive[drs]?|waivers?|derogations?|(?:does|do|shall|will) not apply)\b/i

/**
 * What a question asks not to happen: a purpose or a pledge with a denial ("protected so that administrators cannot
 * delete them", "ensure card codes are not retained", "commit not to sell"), or "never" in its main clause ("Are
 * passwords never stored ...?"). The denial is the practice asked: a sentence that denies the same thing agrees with
 * the question, one that states it answers No, and the reading of denials takes neither into account.
 */
const ASKS_NOT =
  /\b(?:so that|such that|ensur(?:e|es|ing)(?: that)?|guarantee(?:s)? that|commit(?:s|ted)?(?: to)?|promise(?:s)?|pledge(?:s)?)\b[^?]*?\b((?:cannot|can't|could not|will not|won't|not|never|no longer)\b(?:\s+(?:be|to))?\s+[a-z]+)/i
const NEVER_ASKED = /^(?:are|is|do|does|can|will|has|have|was|were)\b[^?,;]*?\b(never\s+[a-z]+)/i

/** The denial a question asks (ASKS_NOT, NEVER_ASKED), as written. */
const questionDenies = (a: Ask): string | undefined =>
  a.yesNo ? (ASKS_NOT.exec(a.asked) ?? NEVER_ASKED.exec(a.asked))?.[1] : undefined

/**
 * "Do all production changes require CAB approval?" from "Significant - approval from the Change Advisory Board": the
 * quote is one item of a list by kind, its label ("Significant") a kind the question does not name, so it says the
 * practice of that kind only. Read when the question asks of every member ("all", "every", "each" before a noun) and
 * the quote opens with a label of one to three words and a dash or colon. The label as written.
 */
function labelledPart(a: Ask): string | undefined {
  if (!a.yesNo || a.lead.label !== 'YES' || !/\b(?:all|every|each)\s+[a-z]/i.test(a.asked)) return undefined
  const label = /^\s*([A-Z][\w-]*(?: [\w-]+){0,2})\s*(?:[-\u2013\u2014:])\s+\S/.exec(a.lead.hit.sentence.text)?.[1]
  // A document's name ("Network Security Policy - ...") titles what follows; it is no kind.
  const titled = label
    ?.toLowerCase()
    .split(' ')
    .some((w) => FORM_WORDS.has(w))
  if (!label || ANSWER_LABEL.test(label) || titled) return undefined
  const asked = new Set(words(a.asked))
  return words(label).some((t) => asked.has(t)) ? undefined : label
}
const ANSWER_LABEL = /^(?:yes|no|n\/a|note|notes|answer|response|comment|comments|partially|partial)$/i

const OWNER = new Set(['owner', 'owners'])
/** What a question asks to be held by someone ("key management roles and responsibilities", "an owner"). */
const HELD = new Set(wordList('role responsibility owner'))

/**
 * A question whether roles, responsibilities or an owner are defined or assigned ("Are key management roles and
 * responsibilities defined?", "Is an owner assigned for the plan?"), answered from a sentence that names no party, by
 * name or role: "Strong cryptography shall be implemented" states the practice, not who holds it. Read from the words
 * before the question's first verb (its subject), as the tagger reads them. The word as the question writes it.
 */
function holderUnstated(a: Ask): string | undefined {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const verb = a.tagged.findIndex((w, k) => k > 0 && w.pos === 'VERB')
  const held = a.tagged.slice(0, verb < 0 ? 0 : verb).find((w) => w.pos === 'NOUN' && HELD.has(w.lemma))
  return held && !namesOwnParty(a.lead.hit.sentence.text) ? held.lower : undefined
}

/**
 * A word of the question's subject head that no evidence passage uses, when the lead sentence names it by no close
 * paraphrase either ("incident metrics" where no file speaks of metrics): the evidence cannot state anything of that
 * thing, whatever else of the question it shares. The word as the question writes it.
 */
function headUnseen(a: Ask): string | undefined {
  if (!a.yesNo || a.lead.label !== 'YES') return undefined
  const plain = a.head.filter((t) => !t.startsWith('#'))
  const unseen = plain.filter((t) => a.index.df(t) === 0 && !leadNames(a, t))
  // "anomalies and failures": a sentence on the failures answers part of it, which other rules weigh.
  if (!unseen.length || plain.some((t) => !unseen.includes(t) && leadNames(a, t))) return undefined
  return writtenAs(a, unseen[0]!)
}

/**
 * The word a Yes/No question's whole query comes down to, when it is one plain word (not a concept or an acronym,
 * which name one thing) and the lead sentence has it only as a relative sharing its stem: "in consultation with
 * counsel" covers a question on consulting services as fully as a sentence about them would. A sentence that uses
 * the word itself ("a web-based user interface" for "Does the product have an interface?") is about it.
 */
function oneWordQuestion(a: Ask): string | undefined {
  if (!a.yesNo || a.lead.label !== 'YES' || a.query.length !== 1) return undefined
  const term = a.query[0]!.term
  if (term.startsWith('#')) return undefined
  const word = writtenAs(a, term)
  // An acronym ("DPO", "SBOM") names one thing, as a concept does.
  if (isAcronym(word)) return undefined
  const own = withoutFinalS(word.toLowerCase())
  const used = alphanumerics(a.lead.hit.sentence.text).some((w) => withoutFinalS(w.toLowerCase()) === own)
  return used ? undefined : word
}

/**
 * An adjusting rule's effect when it sends the answer to a person: the confidence capped below the flag threshold
 * (whatever the calibrated model would say) and the reason, which says what to check.
 */
const flagFor =
  (reason: (a: Ask) => string) =>
  (a: Ask, d: Draft): void => {
    d.confidence = Math.min(d.confidence, FLAG_THRESHOLD - 0.01)
    d.reasons.push(reason(a))
  }

/**
 * An adjusting rule that flags what `read` finds in the question and its lead sentence, saying it with `say`. The
 * reading runs once per question: `when` asks it, `then` words what it found.
 */
function flagFound<T>(
  name: RuleName,
  reason: string,
  read: (a: Ask) => T | undefined,
  say: (found: T) => string,
): OfflineRule {
  const found = new WeakMap<Ask, T | undefined>()
  const readOnce = (a: Ask) => {
    if (!found.has(a)) found.set(a, read(a))
    return found.get(a)
  }
  return {
    name,
    kind: 'adjust',
    reason,
    when: (a) => readOnce(a) !== undefined,
    then: flagFor((a) => say(readOnce(a)!)),
  }
}

/**
 * The offline engine's rules for the sentence it answers from: the lead sentence's label decides (`read`), then the
 * `adjust` rules set confidence, reasons and citations, in this order (part of the table in rules-table.ts).
 */
export const READING_RULES: OfflineRule[] = [
  {
    name: 'evidence-yes',
    kind: 'read',
    label: 'YES',
    reason: "a sentence that names the question's subject states the practice: Yes",
  },
  {
    name: 'negation',
    kind: 'read',
    label: 'NO',
    reason:
      'a negation cue governs the asked words in the deciding sentence, or its quantity misses the required one: No',
  },
  {
    name: 'limit',
    kind: 'read',
    label: 'PARTIALLY',
    reason: 'the deciding sentence states an exception or limit: Partially',
  },
  {
    name: 'plan',
    kind: 'read',
    label: 'PLANNED',
    reason: 'roadmap wording: Planned, with the quarter when the text gives one',
  },
  {
    name: 'subject-own',
    kind: 'adjust',
    reason: 'the quoted sentence names every subject itself, so it can be read alone: confidence raised',
    when: (a) => a.lead.hit.subjectsOwn,
    then: (_, d) => void (d.confidence += SUBJECTS_OWN_BONUS),
  },
  {
    name: 'leans-on-context',
    kind: 'adjust',
    reason: 'the match relies on neighbouring sentences or the heading: confidence lowered',
    when: (a) => a.lead.hit.ownCoverage < a.lead.hit.coverage - 0.15,
    then: (_, d) => void (d.confidence -= CONTEXT_PENALTY),
  },
  {
    name: 'agreement',
    kind: 'adjust',
    reason: 'another passage says the same: confidence raised, its citation added when it is another file',
    when: (a) => a.agreeing.length > 0,
    then: (a, d) => {
      d.confidence += AGREEMENT_BONUS
      const other = a.agreeing[0]!.hit
      if (!contradicted(a) && other.sentence.passage.file !== a.lead.hit.sentence.passage.file)
        d.citations.push(cite(other))
    },
  },
  {
    name: 'hedge',
    kind: 'adjust',
    reason: '"generally", "where feasible", "encouraged to": confidence lowered, flagged, the hedge quoted',
    when: (a) => Boolean(a.lead.polarity.hedged),
    then: (a, d) => {
      d.confidence -= HEDGE_PENALTY
      d.reasons.push(`the evidence hedges ("${a.lead.polarity.hedged!}")`)
    },
  },
  {
    name: 'self-contradiction',
    kind: 'adjust',
    reason: 'close passages point different ways: flagged, both cited',
    when: (a) => contradicted(a),
    then: (a, d) => {
      const other = a.opposing[0]!.hit
      d.reasons.push(`the evidence contradicts itself: ${where(a.lead.hit)} and ${where(other)} point different ways`)
      d.citations.push(cite(other))
    },
  },
  {
    name: 'denies-other',
    kind: 'adjust',
    reason:
      'every clause of the deciding sentence that names the question\'s words denies something other than the practice asked ("we never rent your address to courier partners" for a question on courier services): flagged',
    when: (a) => deniesOther(a),
    then: flagFor(() => 'the quote only says what is not done, not whether the practice asked is: check it'),
  },
  {
    name: 'kind-unstated',
    kind: 'adjust',
    reason:
      'the question names a kind ("host-based", "network-based", "client systems": a noun before a general noun for the vendor\'s things), a hyphenated participle ("co-located") or asks that it be documented (or to have a policy, procedure, plan or program), and the deciding sentence does not say so: flagged with that reason',
    // Whatever the rule's own score: the calibrated confidence may be high where the hand-set one was not.
    when: (a) => unstated(a).length > 0,
    then: flagFor((a) => `the evidence does not say it is ${unstated(a).join(' or ')}`),
  },
  flagFound(
    'scope-unstated',
    'the question confines its subject with a preposition inside its noun phrase ("<subject> for <party>", "<subject> in <place>") and the deciding sentence and its context name nothing of that scope (the sentence by a word it uses as a noun: "enforce" names no "law enforcement"): flagged, the scope quoted',
    (a) => (a.yesNo ? scopeUnstated(a) : undefined),
    (found) => `the evidence does not say it applies ${found}`,
  ),
  flagFound(
    'practice-unstated',
    'a "Do you <verb> <data>?" question whose object names nothing particular ("personal data"), an "Are <subject> <participle> ...?" one ("Are your systems and services inspected for flaws?", "Are kiosk ledgers reconciled weekly?"; its participle no form word and none that describes the subject before the one asked), or a "Can <anything> be <participle> ...?" one, whose verb or participle the deciding sentence and its context never name ("Do you tokenize card data?" from "Card data is handled as our policy describes"): flagged, the verb quoted',
    practiceUnstated,
    (found) => `the evidence does not state the practice asked (${found}): check it`,
  ),
  flagFound(
    'document-unstated',
    'a question whether a document exists ("Do you have a written security policy?") whose subject names nothing particular (general nouns and one form word), and a deciding sentence that names no such document: neither it nor its heading uses the form word\'s stem ("procedures for responding to incidents" for a policy): flagged, the form word quoted',
    documentUnstated,
    (found) => `the evidence names no ${found} as such: check it`,
  ),
  flagFound(
    'severity-other',
    'the question names a severity ("high-severity patches", "critical findings", "Severity 2 incidents", "P1") and the deciding sentence names only other severities ("Critical patches are applied within 14 days", "every Severity 1 incident"): flagged, the severities quoted',
    severityOther,
    (found) => `the quote speaks of ${/\d/.test(found) ? found : `${found} severity`}, not the one asked: check it`,
  ),
  flagFound(
    'permission-capped',
    'the question asks whether something may be done ("Can clerks defer ...?", "Is ... allowed ...?") and the deciding sentence caps it ("no update can be deferred for more than seven days", "for up to", "at most"): allowed within a limit; flagged, the cap quoted',
    permissionCapped,
    (found) => `the evidence allows it only within a limit ("${found.trim()}"): check it`,
  ),
  flagFound(
    'duration-other-act',
    'the question times its act from another event ("wiped within 24 hours of being reported") and the deciding sentence names that event but not the act, by stem or close paraphrase ("Lost kiosks must be reported within 24 hours"): the time it gives is the event\'s; flagged, both verbs quoted',
    durationOtherAct,
    ({ act, event }) => `the evidence gives a time for being ${event}, not for being ${act}: check it`,
  ),
  flagFound(
    'asked-whether',
    'every key word the deciding sentence shares with the question stands after "whether" or "if" opened by a verb of finding out ("confirm whether", "asked if"): the sentence asks it, as an action item or a question put, and does not state it; flagged, the opening quoted',
    askedWhether,
    (found) => `the quote asks it ("${found} ..."), it does not state it: check it`,
  ),
  flagFound(
    'threshold-some-columns',
    'the deciding sentence is a row of a table whose columns are offerings (its heading or header row names plans, tiers, editions or packages) that gives the quantity the question requires column by column ("Audit trail | 90 days | 12 months | 24 months"), and some of its cells meet the requirement while others miss it: it holds in some columns only; flagged, the missing cell quoted',
    (a) =>
      a.yesNo && a.lead.label === 'YES' && byOffering(a)
        ? unmetInSomeCells(a.asked, a.lead.hit.sentence.text)
        : undefined,
    ({ required, stated }) =>
      `the evidence states ${stated} in one column; the question asks for ${required}: check which applies`,
  ),
  flagFound(
    'one-named',
    'the question asks of things in the plural ("at its office locations", "kiosks") and the deciding sentence names one of them, in the singular, by a plain proper name ("the Leeds office"), and none in the plural: it says it of one, the others may differ; flagged, the one quoted',
    oneNamed,
    (found) => `the evidence speaks of ${found}: check the others`,
  ),
  flagFound(
    'described-elsewhere',
    'the question asks whether a practice is done (not whether it is documented: no "policy", "documented", "written" in it) and the deciding sentence says only where it is written down, in another document named in capitals ("are described in the Cloud Security Standard"): flagged, the reference quoted',
    describedElsewhere,
    (found) =>
      `the quote refers to another document ("${found.replace(/^(?:is|are)\s+/, '').trim()}"): check what it says`,
  ),
  flagFound(
    'edition-unstated',
    'the question names a year\'s edition of a named standard or guide ("the 2021 edition of the Till Guide") and the deciding sentence names the guide without that year: flagged, the edition quoted',
    editionUnstated,
    ({ name, year }) => `the evidence names ${name} without its ${year} edition: check it`,
  ),
  flagFound(
    'answers-other-question',
    'the deciding sentence opens with an answer word ("Yes", then a tab or a stop) and the sentence before it in the same row or paragraph is a question that shares less than half of this question\'s key words: the answer word answers that question; flagged, it quoted',
    answersOtherQuestion,
    (found) => `the quote answers another question ("${found.slice(0, 120)}"): check it`,
  ),
  flagFound(
    'row-only',
    'the deciding sentence is a table row named by what it is about (a first cell of words the question does not use), a short cell of which states the practice, and another row of the same table gives another short value in that column ("Nightly batch copy" beside "Continuous replication"): it holds for that row only; flagged, both quoted',
    rowOnly,
    ({ label, other }) => `the evidence says it of one row ("${label}"); another says "${other}": check it`,
  ),
  flagFound(
    'permission-unstated',
    'the question asks whether something is allowed ("May ...?", "... permitted?") and the deciding sentence gives no leave ("may", "can", "allowed", "permitted", "able to", "option"): a rule, an event or a description does not say it is allowed; flagged',
    permissionUnstated,
    () => 'the question asks whether it is allowed; the quote does not say so: check it',
  ),
  flagFound(
    'figure-unstated',
    'the question asks a figure (a number after a word in lower case: "is your audit score 110?"; not a name\'s number such as "ISO 27001" or "TLS 1.2", a year, or a quantity with its unit) that the deciding sentence does not give: flagged, the figure quoted',
    figureUnstated,
    (found) => `the evidence does not state ${found}: check it`,
  ),
  flagFound(
    'subject-denied',
    'the deciding sentence\'s subject is defined by what it does not do ("Domains we own but do not use for email publish ...", a relative clause with "not" before the main verb) and the question asks nothing negative: the quote speaks of the others; flagged, the subject quoted',
    subjectDenied,
    (found) => `the quote speaks of "${found}": check it is what the question asks`,
  ),
  flagFound(
    'workforce-other',
    'the question asks a practice of people who work for the vendor without being its employees ("contractors", "consultants", "temporary workers", "interns") and the deciding sentence names none of them, only employees or staff: what holds for employees may not hold for them; flagged, both quoted',
    workforceOther,
    ({ said, asked }) => `the evidence speaks of ${said}, not ${asked}: check it`,
  ),
  flagFound(
    'responsibility-other',
    'the deciding sentence says the practice is another party\'s responsibility ("the landlord\'s responsibility", "the responsibility of the tenant"), a party named in lower case, none of the vendor\'s own roles, and one the question does not name: it says who answers for it, not that it is done; flagged, the party quoted',
    responsibilityOther,
    (found) => `the evidence says this is the responsibility of the ${found}: check what you do yourself`,
  ),
  flagFound(
    'some-of-all',
    'the question asks a practice of all or each of something ("all three credit bureaus", "every branch") and the deciding sentence gives only an indefinite share of it ("one or more", "at least one", "some", "certain", "selected"): flagged, the share quoted',
    someOfAll,
    (found) => `the question asks about all; the evidence says "${found}": check it`,
  ),
  flagFound(
    'other-able',
    'the question asks what one party of people can do ("Are students able to export ...?", "Can clerks ...?") and every "can" of the deciding sentence has other people as its subject ("Institution administrators can export ..."): flagged, both parties quoted',
    otherAbleActor,
    (found) => `the evidence says ${found}: check it`,
  ),
  flagFound(
    'only-other-party',
    'the question asks a practice of any or every member of a party, its subject ("Can any clerk open the safe?", "anyone"), and the deciding sentence grants it only to another ("Only the branch manager may open the safe"): the sentence\'s verb reads as a Yes, and it says the opposite; flagged, the party quoted',
    onlyOtherParty,
    (found) => `the evidence allows it only to ${found}: check the answer`,
  ),
  flagFound(
    'scope-narrower',
    'the question asks a practice of every member of a party after a preposition ("enforced for all users", "checks on all employees"), or of a named place ("stored in the US"), and the deciding sentence says it, after the same preposition following a word the question says, of another party or place ("for branch managers", "in the EU"), naming the question\'s nowhere, nor in its context; or says it of that party narrowed ("customers on the Enterprise plan", "senior clerks"); or names other ends for the question\'s "between" ("between you and us" for "between environments"); or names where it is done ("in the EU") for a question asking whether it is done "outside" a place: it says it of some, or of elsewhere; flagged, both quoted',
    scopeNarrower,
    ({ said, asked }) => `the evidence says it ${said}, not ${asked}: check it`,
  ),
  flagFound(
    'version-other',
    'the question names a standard or an algorithm with its number ("AES-256", "TLS 1.2", "SOC 2") and the deciding sentence names the same name with other numbers only ("AES-128"), none that meets the question\'s "or higher" ("TLS 1.0 and above" does not); or it asks a report\'s type ("Type II") and the sentence names another type only ("a Type I"); or, asked of all ("for all data"), another row of the quote\'s table names another number: flagged, both quoted',
    versionOther,
    ({ said, asked }) => `the evidence states ${said}; the question asks ${asked}: check it`,
  ),
  flagFound(
    'clause-unstated',
    'the question asks whether a verb\'s "that" clause holds ("verify that every third-party library is still supported") and the deciding sentence and its context name none of the clause\'s own words (those the main clause does not say, general ones aside), by stem or close paraphrase: it states the process, not what the clause says; flagged, the clause quoted',
    clauseUnstated,
    (found) => `the evidence does not say that ${found}: check it`,
  ),
  flagFound(
    'neighbour-denies',
    'the deciding sentence names the question\'s subject only through its neighbours, and a neighbour that names the whole subject itself denies the practice ("Till receipts are encrypted." next to "Kiosk ledgers are kept unencrypted." for "Are kiosk ledgers encrypted?"): the quote is about another thing; flagged, the neighbour quoted',
    neighbourDenies,
    (found) => `the evidence says otherwise of what the question asks about ("${found}"): check the answer`,
  ),
  flagFound(
    'denied-elsewhere',
    'another sentence on the question\'s subject denies the practice asked (its participle or verb) where the deciding sentence does not name it ("We are not certified today" beside "We have started a till standard programme"), or denies it of anything where the question asks it of every member or place ("all", "wherever"); or, for a practice of form words only ("supported", "available"), says the whole subject "is not (yet) available" or "supported" ("Kiosk sync is not yet available for EU tenants"); or a sentence of the deciding passage that states at least half of the rest of the question, twice what the deciding sentence does, denies it ("None of the year\'s branch audits found missing receipts"), though its own words do not spell the question\'s core: flagged, the denial quoted',
    deniedElsewhere,
    (found) => `the evidence also says "${found.slice(0, 140)}": check the answer`,
  ),
  flagFound(
    'limited-nearby',
    'a close sentence of the same file (one the answer was read among, at most two sentences away) limits what the deciding sentence states outright ("The right in clause 4 applies only where ..."), or the next sentence of its passage opens with a verbless clause that limits it ("Android only in this release; ..."), says it is an exception ("This does not apply to ...", "The allow-list does not apply to ...", "(The one exception is ...)", "Two engineers hold an approved exception") or leaves some out ("New starters are left out", "are exempt"), or a sentence up to three on in the passage says another lacks it, pointing back ("The Basic plan does not have this option yet"), or the next sentence denies the lead\'s own verb of a qualified part of its thing ("Traffic to banking sites is not decrypted"), or a paragraph labelled "Exception:" later under the same heading names two of the question\'s key words: flagged, the limit quoted',
    limitedNearby,
    (found) => `the evidence limits it nearby: "${found.slice(0, 140)}": check the answer`,
  ),
  flagFound(
    'place-wider',
    'the question confines a practice to a named place ("located within Norway", "only in the EEA", or of every member) and the deciding sentence names that place with others beside it ("in Norway and Iceland"): flagged, the places quoted',
    placeWider,
    (found) => `the evidence names "${found}": check the answer`,
  ),
  flagFound(
    'number-as-date',
    'a number of the question ("under 18") that the deciding sentence writes only as the day of a date ("18 March"), where the question\'s is no date: the sentence matched a date; flagged, the date quoted',
    numberAsDate,
    (found) => `the quote's number is a date ("${found}"): check it`,
  ),
  flagFound(
    'own-staff-only',
    'the question asks what the product does ("Does the application support SSO?") and the deciding sentence says what the vendor does for its own people ("For our own staff, we use a single identity provider"): flagged, the words quoted',
    ownStaffOnly,
    (found) => `the quote is about your own people ("${found}"), not the product: check it`,
  ),
  flagFound(
    'round-the-clock-unstated',
    'the question asks for a practice round the clock ("24x7", "24 hours a day") and the deciding sentence does not say so (nor "at all times", "continuously"): flagged, the question\'s words quoted',
    roundTheClockUnstated,
    (found) => `the evidence does not say it is done ${found}: check it`,
  ),
  flagFound(
    'other-holder',
    'the question asks what the vendor holds (a certificate, an audit, compliance) and the deciding sentence\'s own subject is another party: a provider, a supplier, a parent, sister, subsidiary or affiliate ("Our sister company, Acme Kiosks, is ISO 27001 certified"), or it names what it holds as another party\'s ("we read the provider\'s SOC 2 report"): flagged, the holder quoted',
    otherHolder,
    (found) => `the evidence says this of ${found}, not of you: check it`,
  ),
  flagFound(
    'provider-performs',
    'the question asks what the vendor does, and the deciding sentence says a provider does it for the vendor ("relies on Acme Cloud to operate ..."), while the question names no provider: the provider\'s practice, not the vendor\'s own; flagged, the provider quoted',
    providerPerforms,
    (found) => `the evidence says a provider does this ("${found}"): check what you do yourself`,
  ),
  flagFound(
    'answer-word-opens',
    'the deciding sentence opens with an answer word of the other side ("No." before a sentence read as a Yes, "Yes." before one read as a No): it answers a question of the document\'s own (an FAQ\'s), which may not be this one; flagged, the answer word quoted',
    answerWordOpens,
    (found) => `the quote opens with "${found}", its answer to a question of its own: check it answers this one`,
  ),
  flagFound(
    'listed-as-excluded',
    'the deciding sentence stands under a heading that excludes what it lists ("Out of scope", "Exclusions", "Not covered", "Limitations"), or opens with such a label ("Out of scope: ..."), or itself leaves what it names out of a scope ("are not included in the scope of this report", "carved out"): a Yes read from it names what is left out; flagged, the heading or the words quoted',
    listedAsExcluded,
    ({ under, text }) =>
      under
        ? `the quote is listed under "${text}": check it`
        : `the quote says it is ${text.replace(/^(?:is|are) /i, '')}: check it`,
  ),
  flagFound(
    'general-advice',
    'the deciding sentence is advice to anybody, not a statement of what the vendor does: it says it is important, critical, essential or the like that an indefinite party does something ("It is vital that a branch keeps its ledgers locked"): flagged, the advice quoted',
    generalAdvice,
    (found) => `the evidence gives advice ("${found} ..."), not what you do: check it`,
  ),
  flagFound(
    'basis-unstated',
    'the question asks whether the criteria, guidelines or templates for a practice exist ("criteria for opening a branch"), and the deciding sentence and its context never use the word: it states the practice, not what it is decided by; flagged, the word quoted',
    basisUnstated,
    (found) => `the evidence names no ${found} as such: check it`,
  ),
  flagFound(
    'purpose-unstated',
    'the question asks a practice for a purpose ("to ensure ledgers are reconciled") and the deciding sentence and its context never name the purpose\'s participle, by stem or close paraphrase: it states something else done to the subject; flagged, the purpose quoted',
    purposeUnstated,
    (found) => `the evidence does not say that ${found}: check it`,
  ),
  flagFound(
    'occurrence-unstated',
    'a "Do <subject> ever <verb> ...?" question asks whether something happens at all, and the deciding sentence and its context never name its verb, by stem or close paraphrase: a Yes is flagged, the verb quoted',
    occurrenceUnstated,
    (found) => `the question asks whether it ever happens ("${found}"); the quote does not say it does: check it`,
  ),
  flagFound(
    'predicate-unstated',
    'an "Is/Are <subject> <adjective>?" question whose adjective (with its adverb: "geographically diverse") the deciding sentence and its context never name, by stem or close paraphrase, or a passive "Are <subject> <participle> ...?" question answered from a sentence with no verb (any sentence when the participle ends the question: "Are X tested?") that names none of the participle and what follows it: flagged, the property quoted',
    predicateUnstated,
    (found) => `the evidence does not say it is "${found}": check it`,
  ),
  flagFound(
    'other-participle',
    'a passive "Is/Are <subject> <participle> ...?" question answered from a sentence that says its own subject is something else ("Kiosk data is hosted in the EU" for "Is kiosk data accessed only from the EU?"): the participle asked is not its, by stem or close paraphrase, and the sentence itself does not name it (a heading on "access" says nothing of what the sentence says is done); flagged, both quoted',
    otherParticiple,
    ({ said, asked }) => `the evidence says it is "${said}", not "${asked}": check it`,
  ),
  flagFound(
    'complement-unstated',
    'a passive "Is/Are <subject> <participle> <complement>?" question ("encrypted with customer-managed keys", "forwarded to a SIEM"), or the object of an infinitive after the participle ("configured to block all removable drives": its nouns), none of whose complement\'s own words the deciding sentence or its context names, by stem, concept or close paraphrase, whether or not it states the participle: not the practice as asked; flagged, the complement quoted',
    complementUnstated,
    (found) => `the evidence does not say it is done "${found}": check it`,
  ),
  flagFound(
    'manner-unstated',
    'the question asks that a practice be done in a manner ("securely stored", "saved externally": an "-ly" adverb next to its participle, general ones such as "regularly" aside) and the deciding sentence itself does not name it, by stem or close paraphrase: flagged, the manner quoted',
    mannerUnstated,
    (found) => `the evidence does not say it is "${found}": check it`,
  ),
  flagFound(
    'instances-unstated',
    'the question gives instances of what it means ("e.g., hardened base images") and the deciding sentence and its context name none of them, by stem or close paraphrase: the sentence may use the question\'s words in another sense; flagged, the instances quoted ("i.e." restates the question and is not read)',
    instancesUnstated,
    (found) => `the quote names none of the question's examples (${found}): check it is about what the question means`,
  ),
  flagFound(
    'compound-unstated',
    'the question is about a compound whose head is a general noun ("rural banking customers", "redundant cooling strategies") and the deciding sentence and its context name its adjective but none of its nouns: the sentence uses the adjective of something else; flagged, the compound quoted',
    compoundUnstated,
    (found) => `the evidence does not name "${found}" as such: check it`,
  ),
  flagFound(
    'compound-elsewhere',
    'the question\'s key word is part of a compound ("kiosk audit tooling") and the deciding sentence names it only inside another one ("kiosk badge", or "badge policy" for "kiosk audit policy", none of the question\'s qualifiers named), or names its head only as "this list" for "kiosk access list": the sentence is about another thing; flagged, both quoted',
    compoundElsewhere,
    (c) => `the evidence speaks of "${c.said}", not "${c.asked}": check it`,
  ),
  flagFound(
    'supposed-only',
    'the deciding sentence names the question\'s words only in a condition it supposes ("If a clerk loses a kiosk key, the branch pays for the lock"), the clause after it naming none: it says what follows if it happens, not that it is done; flagged, the condition quoted',
    supposedOnly,
    (found) => `the evidence only supposes it ("${found}"): check it is done`,
  ),
  flagFound(
    'parts-unstated',
    'the question asks that its subject include three or more parts ("include peer approval, rollback plans, staging trials, and release notes") and the deciding sentence and its context name fewer than half of them: flagged, the parts not named quoted',
    partsUnstated,
    (found) => `the evidence does not name ${found.map((p) => `"${p}"`).join(', ')} among the parts asked: check it`,
  ),
  flagFound(
    'ability-not-rule',
    'the question asks whether the vendor requires or enforces something ("Do you require MFA for administrators?") and the deciding sentence states only that it can be done ("the ability to require MFA is available", "admins can enable it"), or whether the vendor put something in place ("Have you implemented an IDS?", "Has an IDS been implemented?") and the sentence names only a product\'s ability ("Support for intrusion detection", "enables teams to detect intrusions"), or whether the vendor does a thing itself ("Do you seal exported ledgers?") and the sentence says the customer can ("Customers can seal their ledgers"), or only permits it ("The branch manager may seal the ledgers", no "must" or "shall" beside it): a product\'s ability, a customer\'s option or a permission is not the vendor\'s rule or practice; flagged',
    abilityGap,
    (found) => `the quote ${found}: check it`,
  ),
  flagFound(
    'recipient-unstated',
    'the question asks whether the vendor gives something to the asking party ("Will you provide X to the institution?") and the deciding sentence and its context name neither the giving (by stem or close paraphrase) nor any receiver (the customer, "on request"): flagged',
    recipientUnstated,
    ({ verbs, party }) =>
      `the quote does not say it goes to ${party} (it names neither "${verbs.join('" nor "')}" nor a receiver): check it`,
  ),
  {
    name: 'acronym-unstated',
    kind: 'adjust',
    reason:
      'the question writes an acronym ("MAC address") and the deciding sentence has its letters only as a plain word ("Mac workstations"): one term to the index, another word to the reader; flagged, both quoted',
    when: (a) => acronymsUnstated(a).length > 0,
    then: flagFor(
      (a) =>
        `the question's ${acronymsUnstated(a)
          .map((x) => `"${x}"`)
          .join(', ')} is not the quote's word of the same letters: check it`,
    ),
  },
  flagFound(
    'customer-rules-unstated',
    'the question asks whether the vendor follows the asking party\'s own rules ("institutional policies", "the customer\'s requirements") and the deciding sentence names no customer\'s rules ("customer data" names the customer, not its policies): the vendor\'s own policies are not those; flagged',
    customerRulesUnstated,
    (found) => `the question asks about ${found}; the quote does not name the customer's own rules: check it`,
  ),
  {
    name: 'rule-not-record',
    kind: 'adjust',
    reason:
      'the question asks whether something was done in a period counted back from today ("Was the failover drill run in the last year?") and the deciding sentence states a rule that it must be done ("shall", "must"), not that it was: flagged',
    when: (a) => a.yesNo && a.lead.label === 'YES' && asksDoneInPeriod(a.asked) && statesRule(a.lead.hit.sentence.text),
    then: flagFor(() => 'the quote says it must be done, not that it was done in the period asked: check it'),
  },
  flagFound(
    'one-word-question',
    'the question\'s query is a single plain word ("Do you offer tutoring services?" reads as "tutoring"), so any sentence sharing its stem covers it whole: a Yes from a sentence that has only a relative of the word ("tutor", "tutorial") is flagged, the word named',
    oneWordQuestion,
    (found) => `the question's only distinctive word is "${found}": check the quote is about what it asks`,
  ),
  flagFound(
    'name-unstated',
    'the question asks about named standards, schemes or products, gives standards as examples ("SOC 2", "ISO 27701", a product\'s name), or puts a term in quotation marks ("read-only"), and the deciding sentence and its context name none of them (a quoted term also not in other words): flagged, the names quoted',
    nameUnstated,
    (found) => `the quote names none of ${found}: check it`,
  ),
  {
    name: 'title-only',
    kind: 'adjust',
    reason:
      'the deciding sentence is a title with no verb (a policy named in a list) and the question asks for a practice, not whether something exists: flagged, the title quoted',
    when: (a) => titleOnly(a),
    then: flagFor(
      (a) => `the quote is a title ("${a.lead.hit.sentence.text.trim()}"): it states no practice; check it`,
    ),
  },
  flagFound(
    'topic-only',
    'the deciding sentence has no verb (a list item naming a topic) and the question asks for a practice, not whether something exists; the item leaves out a word the question asks about: flagged, the word quoted',
    topicOnly,
    (found) => `the quote names a topic, with no verb, and not "${found}": check it`,
  ),
  flagFound(
    'cut-off',
    'the deciding sentence breaks off in the document (a bracket it never closes, or a last word such as "about", "the" or "and" with no stop after it): the rest of what it says is not there to quote: flagged, its end quoted',
    cutOff,
    (found) => `the quoted sentence breaks off in the document ("... ${found}"): check what it says`,
  ),
  {
    name: 'instruction',
    kind: 'adjust',
    reason:
      'the question asks whether something is done ("Are X reviewed?", "Have X been trained?") and the deciding sentence is an instruction (it opens with a verb in its dictionary form: "Configure the kiosk firewall before go-live.", "Extend badge readers to every branch."), or whatever the question, a Yes read from a sentence whose main verb is an aim ("We want to protect ...", "Our goal is to ...") or a recommendation ("Our auditors recommend rotating keys"): a set-up guide tells the reader what to do, a list of goals names work to come, and a recommendation what someone thinks should be done; none states that it is done: flagged',
    when: (a) => instructs(a),
    then: flagFor(() => 'the quote is an instruction or a goal, not a statement that it is done: check it'),
  },
  flagFound(
    'past-practice',
    'the deciding sentence says the practice was done and is no more ("We used to run a yearly test", "Ledgers were encrypted until 2019", a year after "until" in a sentence in the past tense), or tells an event ("In 2023 our scanning found ...") for a question on what is done now: flagged, the span that says so quoted',
    pastPractice,
    (found) => `the evidence says it was done ("${found}"), not that it still is: check it`,
  ),
  flagFound(
    'identity-unstated',
    '"Are you (classified as) a kiosk operator?" asks what the respondent is: a Yes whose sentence never says "we are" (or "we act as") that thing, as one naming the providers the respondent uses does not, is flagged',
    identityUnstated,
    (found) => `the quote does not say you are ${found}: check it`,
  ),
  flagFound(
    'party-unstated',
    'the question names a particular party by its possessive ("in the consultant\'s possession") and the deciding sentence and its context never name that party, or as the one who acts ("Will the consultant require ...?", "carried out by an independent firm?") and the deciding sentence itself does not: flagged, the party quoted (general parties such as the institution or the user aside)',
    (a) => (a.yesNo ? partyUnstated(a) : undefined),
    (found) => `the evidence does not name ${found}: check it`,
  ),
  flagFound(
    'second-question',
    'the question asks a second one ("<first question>, and does it <second question>?") whose own words the deciding sentence and its context do not name, or that asks a quality of its subject ("and is the archive public?") they never state: flagged, the unanswered part quoted',
    (a) => (a.yesNo ? unansweredSecond(a) : undefined),
    (found) => `the question also asks "${found}": the evidence does not answer that part`,
  ),
  flagFound(
    'refers-to-earlier',
    'the question points to an earlier one ("these systems") and the engine reads each question on its own: flagged for a check in context',
    (a) => refersToEarlier(a.asked),
    (found) => `the question refers to an earlier one ("${found}"): check the answer fits that question`,
  ),
  flagFound(
    'free-text-unanswered',
    'a free-text answer from a document needs a statement naming the question\'s subject, covering at least half of the question and giving what its question word asks (who, where, how often, how long, which tool): else flagged; a question word asked over a Yes/No list ("How long are logs kept?") needs what it asks too',
    (a) => (a.yesNo ? questionWordGap(a) : freeTextGap(a)),
    (found) => `${found}: check the answer`,
  ),
  flagFound(
    'holder-unstated',
    'a question whether roles, responsibilities or an owner are defined or assigned, answered from a sentence that names none of the vendor\'s own parties (by name or role; "the vendors" hold no role at the vendor): flagged, the word quoted',
    holderUnstated,
    (found) =>
      OWNER.has(found)
        ? 'the evidence does not say who the owner is: check it'
        : `the evidence does not say who holds the ${found}: check it`,
  ),
  flagFound(
    'head-unseen',
    "a word of the question's subject head that no evidence file uses (nor a close paraphrase in the quote): the evidence states nothing of that thing, flagged with the word",
    headUnseen,
    (found) => `no file mentions "${found}", what the question asks about: check it`,
  ),
  flagFound(
    'key-word-elsewhere',
    "the question's heaviest core word is in the evidence, but not in the deciding sentence or around it: flagged, the word named",
    keyWordElsewhere,
    (found) => `the quote does not mention "${found}", which other passages of the evidence do: check it`,
  ),
  flagFound(
    'note-referenced',
    'the deciding sentence carries a note mark (a superscript figure, a dagger, a figure in brackets) that a note of the same file opens with, or names a note in words ("see note 1") that opens with its name or is the item so numbered of a list under a heading of notes ("## Notes", "1. ..."): notes carry the exceptions to what they mark; flagged, the note quoted',
    noteReferenced,
    (found) => `the quote points to a note: "${found} ...": check it`,
  ),
  flagFound(
    'clause-excepted',
    'the deciding sentence is a numbered clause ("6.1 MFA is required ...") and another sentence of the same file names that clause with an exception ("exempt from clause 6.1", "6.1 does not apply to ..."): policies keep their exceptions in a section of their own; flagged, the exception quoted',
    clauseExcepted,
    (found) => `an exception elsewhere names this clause: "${found} ...": check it`,
  ),
  flagFound(
    'question-denies',
    'the question asks that something is not done ("so that administrators cannot delete them", "commit not to sell", "never stored"): a sentence that denies it agrees, one that states it answers No, and the reading of denials does not weigh the question\'s own; flagged, the denial quoted',
    questionDenies,
    (found) => `the question asks that it is "${found}": check the answer says that`,
  ),
  flagFound(
    'labelled-part',
    'the question asks a practice of every member ("all production changes") and the deciding sentence is an item of a list by kind, opened by a label the question does not name ("Significant - approval from the board"): it says the practice of that kind only; flagged, the label quoted',
    labelledPart,
    (found) => `the quote says it of "${found}" only; the question asks it of all: check it`,
  ),
  flagFound(
    'verb-elsewhere',
    'an active "Do you <verb> <subject> ...?" question whose verb (form verbs aside) the deciding sentence and its context never name, by stem or close paraphrase, while another retrieved sentence names the verb together with the question\'s subject: the practice is spoken of elsewhere and the quote states something else; flagged, the verb quoted',
    verbElsewhere,
    (found) => `the quote does not say you "${found}"; another passage of the evidence speaks of it: check it`,
  ),
  {
    name: 'partial-coverage',
    kind: 'adjust',
    reason: 'the deciding sentence covers only part of the question and confidence is below the threshold: said so',
    when: (a, d) => a.lead.hit.coverage < STRONG_COVERAGE && d.confidence < FLAG_THRESHOLD,
    then: (_, d) => void d.reasons.push('the evidence covers only part of the question'),
  },
  flagFound(
    'period-unstated',
    'the question requires a period ("reviewed at least annually") and the deciding sentence does not state one of the act asked: no period at all, or one of another act ("the recovery test is run annually") or thing ("quarterly external vulnerability scans" for penetration testing); or it requires a duration ("within 24 hours", "for at least one year") and the deciding sentence itself states none (threshold-unmet reads one it states): flagged, the period or duration quoted',
    periodUnstated,
    (found) => `the evidence does not say it is done ${found}: check it`,
  ),
  {
    name: 'threshold-unmet',
    kind: 'adjust',
    reason:
      'the deciding sentence states a quantity that misses the one the question requires ("90 days" for "at least one year", "every two years" for "at least annually"): No, flagged with both',
    when: (a) => Boolean(a.lead.unmet),
    then: (a, d) => {
      d.confidence = Math.min(d.confidence, WORDING_CAP)
      d.reasons.push(
        `the evidence states ${a.lead.unmet!.stated}; the question asks for ${a.lead.unmet!.required}: confirm it`,
      )
    },
  },
  {
    name: 'wording-capped',
    kind: 'adjust',
    reason: 'a denial, limit or plan read from wording is flagged: a person confirms it',
    when: (a) => a.lead.label !== 'YES' && !a.lead.unmet,
    then: (_, d) => {
      d.confidence = Math.min(d.confidence, WORDING_CAP)
      d.reasons.push('read from wording (a denial, limit or plan): confirm it')
    },
  },
  {
    name: 'undated-plan',
    kind: 'adjust',
    reason: 'planned work the evidence gives no date for: said so',
    when: (a) => a.lead.label === 'PLANNED' && !a.lead.polarity.planned?.quarter,
    then: (_, d) => void d.reasons.push('planned work without a date in the evidence'),
  },
]

/**
 * A Yes read from a sentence whose every clause naming the question's words denies something else ("we never rent
 * your address to courier partners" for "Do you use courier services?"): it says what is not done, and not whether
 * the practice asked is.
 */
function deniesOther(a: Ask): boolean {
  const hit = a.lead.hit
  if (a.lead.label !== 'YES') return false
  const names = (clause: string) => terms(clause).some((t) => hit.matched.has(t))
  return onlyDenies(hit.sentence.text, names)
}

/** Close passages on both sides, and the lead covers most of the question: the evidence contradicts itself. */
function contradicted(a: Ask): boolean {
  return a.opposing.length > 0 && a.lead.hit.coverage >= 0.6
}
