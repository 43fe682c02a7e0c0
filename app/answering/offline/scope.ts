import { splitCondition } from '../retrieval/query'
import { stem, terms, words } from '../retrieval/terms'
import { tagWords, type Word } from '../retrieval/grammar'
import { quantitiesIn } from './quantities'
import { FORM_WORDS } from './subject'
import { collapseSpace, withoutFinalS } from '../retrieval/text'

/**
 * What a question is really asking, beyond its words: whether it asks about an event, about data the product
 * holds, about who performs a practice, whether it applies only under a condition, or whether it leans on the
 * question before it. General questionnaire grammar only: nothing here names a particular questionnaire's rows.
 */

const COUNT = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|eighteen|twenty-four)'
/** A period counted back from today ("in the last five years", "within the past year"). */
const PAST_PERIOD = new RegExp(
  `\\b(?:in|within|during|over) the (?:last|past|previous|prior) (?:${COUNT} )?(?:months?|years?)\\b`,
  'i',
)
/** What one undergoes, spelled once for the question that asks and the sentence that states a history. */
const UNDERGONE = '(?:had|experienced|suffered|been subject)'
const PAST_EVENT = new RegExp(
  `\\b(?:have you (?:ever )?${UNDERGONE}|has there been|have there been|did you have)\\b`,
  'i',
)
const ADVERSE =
  /\b(?:breach\w*|disruption\w*|outages?|incidents?|compromis\w*|violations?|lawsuits?|fines?|penalt\w*|data loss|downtime)\b/i
/** The asking party's names: the institution, the district, the customer. */
const CUSTOMER = '(?:institution|university|college|school|district|customer|client)'
/**
 * The party asking, as the other side of the vendor's dealings ("to the Institution", "with us"). "Your
 * organization" and "your customers" are the vendor's own.
 */
const ASKING_PARTY = new RegExp(`\\b(?:to|with|for) (?:the|our|this) ${CUSTOMER}s?\\b|\\b(?:to|with|for) us\\b`, 'i')

/**
 * "Have you had a breach in the last 12 months?": evidence describes practices, so it cannot show an event. Nor can
 * it show what the vendor did with the asking party over a period ("supplied services to the Institution in the
 * last five years"): the vendor's history with this customer is the user's to state.
 */
export function asksAboutPastEvent(asked: string): boolean {
  const past = PAST_EVENT.test(asked) || PAST_PERIOD.test(asked)
  return past && (ADVERSE.test(asked) || (PAST_PERIOD.test(asked) && ASKING_PARTY.test(asked)))
}

/**
 * "Was the failover drill run in the last year?", "Have your systems had an outside review within the past
 * 12 months?": whether something was done in a period counted back from today, which a record of it can answer (a
 * report, a statement of what was done) and a rule that it must be done cannot.
 */
export function asksDoneInPeriod(asked: string): boolean {
  return PAST_PERIOD.test(asked)
}

/** A sentence about the vendor's own history: "We have not had a security breach in the last five years." */
const STATES_HISTORY = new RegExp(
  `\\b(?:have|has|had) (?:not |never |ever )?${UNDERGONE}\\b|\\bthere (?:have|has) (?:not |never )?been\\b`,
  'i',
)

/** Whether a sentence states the vendor's history of the adverse events a question asks about. */
export function statesPastEvent(sentence: string): boolean {
  return STATES_HISTORY.test(sentence) && ADVERSE.test(sentence)
}

/** Verbs of holding data, by stem (the stemmer reads "stored", "stores", "storing" as "store"). */
const HOLDS = new Set(`store storage process collect transmit reside hold handle accept capture`.split(' ').map(stem))
const REGULATED = new Set(['#pci', '#hipaa'])
const REGULATED_WORDS =
  /\b(?:credit card|cardholder|payment card|gps|location data|biometric|social security|health information|phi|ssn)\b/i

/**
 * "Will PCI data reside in the product?", "Does the app access GPS data?": a question about which data the product
 * holds. Being a PCI service provider or HIPAA-aware is not evidence that the data is there; a sentence answers
 * only if it says the data is stored, processed, collected or transmitted.
 */
export function asksWhichDataIsHeld(asked: string, concepts: Set<string>): boolean {
  // "Does the app access GPS data?" asks about holding it as "Will PCI data reside ...?" does.
  if (!words(asked).some((w) => HOLDS.has(w) || w === 'access')) return false
  return [...concepts].some((c) => REGULATED.has(c)) || REGULATED_WORDS.test(asked)
}

export function statesDataHandling(sentence: string): boolean {
  return words(sentence).some((w) => HOLDS.has(w))
}

/**
 * Whether a sentence names the regulated data a question asks about (asksWhichDataIsHeld): a concept both name (#pci
 * in "cardholder data" and "a PCI-compliant network"), or the same words ("GPS", "location data"). "Stored in
 * several locations" says where data is kept, not that location data is.
 */
export function namesHeldData(
  asked: string,
  askedTerms: Set<string>,
  sentence: string,
  sentenceTerms: Set<string>,
): boolean {
  if ([...askedTerms].some((t) => REGULATED.has(t) && sentenceTerms.has(t))) return true
  const named = (text: string) => new Set([...text.matchAll(REGULATED_PHRASES)].map((m) => m[0].toLowerCase()))
  const own = named(sentence)
  return [...named(asked)].some((w) => own.has(w))
}

const REGULATED_PHRASES = new RegExp(REGULATED_WORDS.source, 'gi')

const ACTOR =
  /\b(?:do|does|will|did)\s+(?:you|your (?:company|organi[sz]ation|firm|team|staff))\s+(?:\w+\s+)?(?:manage|operate|own|run|maintain|control|staff|build|house)\b/i
const DELEGATED =
  /\b(?:reli(?:es|ed)? (?:up)?on|rely (?:up)?on|hosted (?:on|by|in|with)|provided by|operated by|managed by|owned by|run by|outsourced to|delegated to|responsibility of)\b/i
const PROVIDER_CONCEPTS = new Set(['#cloudhost', '#thirdparty'])

/** "Does your company manage the physical data center?" asks who does it, not whether it is done. */
export function asksWhoPerforms(asked: string): boolean {
  return ACTOR.test(asked)
}

/** The sentence says a provider does it for the vendor ("relies on AWS' ability to design and operate..."). */
export function statesDelegation(sentence: string, sentenceTerms: Set<string>): boolean {
  return DELEGATED.test(sentence) && [...sentenceTerms].some((t) => PROVIDER_CONCEPTS.has(t))
}

/**
 * Who the sentence says does it for the vendor, as written ("relies on Acme Cloud"): the words that delegate and the
 * party after them. Undefined when it names no provider.
 */
export function delegationIn(sentence: string): string | undefined {
  for (const m of sentence.matchAll(HANDS_OVER)) {
    // The party it is handed to: a provider by concept ("GCP", "our hosting provider"), in the words that follow.
    if (terms(m[1]!).some((t) => PROVIDER_CONCEPTS.has(t))) return collapseSpace(m[0]).replace(/[.,;:]+$/, '')
  }
  return undefined
}
/** Words that hand a practice to another party ("relies on X to", "operated by X"); not where it is hosted. */
const HANDS_OVER =
  /\b(?:reli(?:es|ed)? (?:up)?on|rely (?:up)?on|operated by|managed by|run by|outsourced to|delegated to|responsibility of|provided by|handled by|performed by|inherited from)((?:\s+[\w'’.-]+){1,4})/gi

/** A leading condition denying a practice: "If you do not offer X", "If your portal cannot ...". */
const NEGATIVE_CONDITION =
  /^if (?:you|your [\w-]+(?: [\w-]+)?) (?:do not|don't|does not|doesn't|cannot|can't|are not|aren't|is not|isn't) (.{3,80})$/i

/**
 * "If you don't support SSO, does your portal support MFA?" applies only when the condition holds. Returns what the
 * condition denies ("support SSO") so the engine can ask it of the evidence ("Do you support SSO?"). The condition
 * is read as every reader reads it (splitCondition).
 */
export function negativeCondition(text: string): string | undefined {
  const { condition } = splitCondition(collapseSpace(text))
  return condition ? NEGATIVE_CONDITION.exec(condition)?.[1] : undefined
}

/**
 * The nouns of a question that names documents or forms only ("policies", "plans", "controls"): the words that give a
 * practice its form (subject.ts), and the documents that set one down.
 */
const DOCUMENTS = new Set([...FORM_WORDS, 'documentation', 'strategy', 'strategies'])
/** The question's auxiliary, the determiner that points back, if any, and its first noun. */
const ANAPHORA =
  /^(?:is|are|does|do|has|have|was|were|can)\s+(?:(the|this|these|that|those|such|said)\s+)?(?:(?:relevant|above|aforementioned|same)\s+)?([\w-]+)/i

/**
 * "Are the policies and procedures reviewed and updated at least annually?" names no subject of its own: it means
 * the policies of the question before it. So does "Are policies and procedures reviewed ...?" without the article,
 * when the documents are the only things it names (its nouns, as the tagger reads them, those of a period aside);
 * "Are processes defined to protect kiosk data?" names its own.
 */
export function leansOnPrevious(asked: string, tagged: Word[] = tagWords(asked)): boolean {
  const m = ANAPHORA.exec(asked.trim())
  if (!m || !DOCUMENTS.has(m[2]!.toLowerCase())) return false
  if (m[1] !== undefined) return true
  // "every year" is when, not what.
  const when = new Set(quantitiesIn(asked).flatMap((q) => q.text.toLowerCase().split(' ')))
  return tagged.every((w) => !['NOUN', 'PROPN'].includes(w.pos) || DOCUMENTS.has(w.lower) || when.has(w.lower))
}

/** "these systems", "those", "such data": a demonstrative that points outside the sentence ("as such" and "such as" do not). */
const POINTER = /\b(?<!\bas\s+)(these|those|such)\b(?!\s+(?:as|that)\b)(?:\s+([a-z][\w-]*))?/gi

/** "the plans mentioned above", "listed earlier", "the aforementioned policies": words that point to what came before. */
const EARLIER =
  /\b(?:(?:mentioned|listed|described|noted|referenced|stated)\s+(?:above|previously|earlier)|above[- ]mentioned|aforementioned)\b/i

/**
 * The demonstrative and the noun phrase it opens, as written ("these third parties", not "these third"): its words to
 * the last noun of the run of modifiers and nouns after it. Undefined where the word after it is read as a verb ("Are
 * those encrypted?", "these are"): the demonstrative stands alone.
 */
function pointedPhrase(words: Word[], pointer: string, noun: string): string | undefined {
  const k = words.findIndex(
    (w, i) => w.lower === noun && words[i - 1]?.lower === pointer.toLowerCase() && w.pos !== 'VERB' && w.pos !== 'AUX',
  )
  if (k < 0) return undefined
  const run: Word[] = []
  for (const w of words.slice(k, k + 4)) {
    if (!['ADJ', 'NUM', 'NOUN', 'PROPN'].includes(w.pos)) break
    run.push(w)
  }
  const last = Math.max(
    0,
    run.findLastIndex((w) => w.pos === 'NOUN' || w.pos === 'PROPN'),
  )
  return [pointer, ...words.slice(k, k + last + 1).map((w) => w.text)].join(' ')
}

/**
 * The words of a question that point to an earlier question ("Will any of these systems be implemented on ...?"):
 * "these systems" when nothing before them in the question says which systems (a noun named earlier in the same
 * question is its own antecedent). The engine reads each question on its own, so such an answer needs a check.
 */
export function refersToEarlier(asked: string): string | undefined {
  const earlier = EARLIER.exec(asked)
  if (earlier) return earlier[0]
  for (const m of asked.matchAll(POINTER)) {
    const before = asked.slice(0, m.index).toLowerCase()
    const noun = m[2]?.toLowerCase()
    if (noun && before.includes(withoutFinalS(noun))) continue
    // "these systems", but "those" alone where a verb follows ("Are those encrypted?", "these are"), as tagged.
    return (noun && pointedPhrase(tagWords(asked), m[1]!, noun)) || m[1]
  }
  return undefined
}

/**
 * "Can the institution ...?", "Do users ...?", "Are customers able to ...?": the customer acts. After "is" or "are"
 * the customer acts only when able, allowed or given the means; otherwise something is done to it ("Are customers
 * notified of breaches?", "Are users required to use MFA?"), which a sentence need not phrase as what it can do.
 */
const PARTY = '(?:the\\s+|an?\\s+)?(?:institution|customer|client|tenant|end[- ]?user|user|administrator|admin)s?'
const CUSTOMER_ACTOR = new RegExp(
  `^(?:(?:can|could|does|do|will)\\s+${PARTY}\\b(?!'s|’s|\\s+(?:data|information|records?|accounts?|content|files?)\\b)|(?:is|are)\\s+${PARTY}\\s+(?:able|allowed|permitted|given|empowered)\\b)`,
  'i',
)
const WHO = '(?:institutions?|customers?|clients?|tenants?|end[- ]?users?|users?|administrators?|admins?|you)'
/** The customer as the one who acts ("customers can export..."), not as an owner ("customer data"). */
const NAMES_CUSTOMER = new RegExp(
  `\\b${WHO}\\s+(?:can|could|may|are able to|have the (?:ability|option))\\b|\\b(?:allow|enable|let)s?\\s+(?:the\\s+)?${WHO}\\b|\\bself[- ]service\\b|\\bon request\\b|\\bupon request\\b`,
  'i',
)

/**
 * "Can the Institution extract a backup?" asks what the customer can do: a sentence about the vendor's own backups
 * does not answer it unless it names the customer.
 */
export function asksWhatCustomerCanDo(asked: string): boolean {
  return CUSTOMER_ACTOR.test(asked.trim())
}

export function namesCustomer(sentence: string): boolean {
  return NAMES_CUSTOMER.test(sentence) || OFFERED.test(sentence)
}
/**
 * What the vendor offers or does not ("We do not offer a SIEM connector", "is not something we offer", "is available
 * on every plan"): what a customer can do is what it is given.
 */
const OFFERED =
  /\b(?:we|the (?:product|service|platform|app))\s+(?:(?:do|does)\s+not\s+|(?:also|now)\s+)?(?:offer|provide|support)s?\b|\bsomething we (?:offer|provide|support)\b|\b(?:is|are) (?:not )?(?:available|offered|supported)\b/i

/**
 * The asking party as the one the vendor gives something to ("Will you provide scan results to the institution?",
 * "... share reports with us?"), or the vendor's customers ("... share reports with customers?"): the party, without its
 * preposition ("the institution", "us", "customers"). A party something is done for ("for the institution") receives
 * nothing.
 */
export function recipientOf(asked: string): string | undefined {
  let rest = asked
  for (let m = ASKING_PARTY.exec(rest); m; m = ASKING_PARTY.exec(rest)) {
    const [preposition, ...party] = m[0].split(' ')
    if (preposition!.toLowerCase() !== 'for') return party.join(' ')
    rest = rest.slice(m.index + m[0].length)
  }
  return CUSTOMERS_RECEIVE.exec(asked)?.[1]
}
/** The vendor's customers at large ("customers", "your clients"), not one party asking. */
const CUSTOMERS = '(?:your |all |our )?(?:customers|clients)'
/** The vendor's customers as receivers ("share reports with customers", "made available to your clients"). */
const CUSTOMERS_RECEIVE = new RegExp(`\\b(?:to|with) (${CUSTOMERS})\\b`, 'i')

/** Whether a receiver recipientOf read is the vendor's customers at large ("customers"), not the party asking. */
export function customersAtLarge(party: string): boolean {
  return CUSTOMERS_ONLY.test(party)
}
const CUSTOMERS_ONLY = new RegExp(`^${CUSTOMERS}$`, 'i')

/** The nouns a party's rules go by (policies, requirements, standards, procedures, guidelines, rules). */
const RULES = '(?:polic(?:y|ies)|requirements?|standards?|procedures?|guidelines?|rules)'
/**
 * The asking party's own rules: "institutional policies", "the customer's requirements", "your clients' standards",
 * and the rules a participle gives to the party ("requirements [set by the institution]", "rules defined by each
 * customer").
 */
const CUSTOMER_RULES = new RegExp(
  `\\b${CUSTOMER}(?:al|'s|s'|’s)?\\s+(?:own\\s+)?${RULES}\\b|\\b${RULES}\\s+[[(]?(?:provided|set|defined|specified|given|issued|established)\\s+by\\s+(?:the\\s+|each\\s+|your\\s+)?${CUSTOMER}s?\\b`,
  'i',
)

/**
 * "Will you keep to the district's policies on pupil records?" asks whether the vendor follows the asking party's own
 * rules: the phrase naming them, or undefined. The vendor's own policies are not those.
 */
export function customerRulesOf(asked: string): string | undefined {
  // Quoted without the bracket the rules' participle may open ("requirements [set by the institution]").
  return CUSTOMER_RULES.exec(asked)?.[0].replace(/[[(]\s*/, '')
}

/**
 * Any of the customer's names as a word of its own ("sent to each tenant", "we e-mail you the summary", "your
 * requirement" in a reply to the customer); not as part of a compound ("customer-facing", "user-managed").
 */
const CUSTOMER_NAMED = new RegExp(`\\b(?:${WHO}|your)\\b(?!-)`, 'i')

/**
 * Whether a sentence names anyone something goes to: the customer in any of its names, the party the question names
 * (by stem, in the sentence or its context: "each university"), or what the customer can get ("on request").
 */
export function namesReceiver(sentence: string, context: Set<string>, party: string): boolean {
  const own = words(party)
  // A compound names no party: a "customer-facing" application goes to no customer.
  const said = new Set(words(sentence.replace(/\b\w+-[\w-]+/g, ' ')))
  return namesCustomer(sentence) || CUSTOMER_NAMED.test(sentence) || own.some((t) => said.has(t) || context.has(t))
}
