import { quantitiesIn } from './quantities'
import { hasWordCharacter } from '../retrieval/text'

/** Something a question or a sentence is tested for: a regex, or a test written out. */
interface Test {
  test(text: string): boolean
}

/**
 * Parties by role, one alternation for what a "who" question asks for and what a sentence names: a vendor, a team,
 * an officer, staff.
 */
const OUTSIDE_ROLES = 'vendors?|providers?|suppliers?|sub-?processors?|partners?|(?:third[- ])?part(?:y|ies)'
/** The vendor's own people and bodies, by role. */
const OWN_ROLES =
  'compan(?:y|ies)|organi[sz]ations?|firms?|teams?|departments?|committees?|boards?|officers?|managers?|directors?|staff|employees?|personnel|administrators?|engineers?|auditors?'
const ROLES = `${OUTSIDE_ROLES}|${OWN_ROLES}`

/** A name: a capitalised word after a sentence's first ("Nessus", "the Security team", "Frankfurt"). */
const NAME = '(?<!^)\\b[A-Z][a-zA-Z0-9&.-]+'

/** What a "which tool" question asks for: a tool, a product, a technology. */
const TOOLS = 'tools?|products?|software|technolog(?:y|ies)|solutions?|platforms?|scanners?'

/** Places, one alternation for what a "where" question asks for and what a sentence names: a country, a region. */
const PLACES = 'countr(?:y|ies)|regions?|locations?|jurisdictions?|data ?cent(?:er|re)s?|zones?'

/** A party named in a sentence: a capitalised name after its first word, or a role ("the Security team", "vendors"). */
const PARTY = new RegExp(`${NAME}|\\b(?:${ROLES})\\b`)

/** A party of the vendor's own named in a sentence: a name, or a role that is not an outside party's. */
const OWN_PARTY = new RegExp(`${NAME}|\\b(?:${OWN_ROLES})\\b`)

/**
 * Whether a sentence names one of the vendor's own parties, by name or by role ("the Security team", "our CISO"):
 * "the vendors" hold no role at the vendor.
 */
export const namesOwnParty = (sentence: string): boolean => OWN_PARTY.test(sentence)

/** A word that names one of the vendor's own people or bodies by role ("team", "officer", "staff"), lower-cased. */
const OWN_ROLE_WORD = new RegExp(`^(?:${OWN_ROLES})$`)
export const isOwnRole = (word: string): boolean => OWN_ROLE_WORD.test(word)

/** A word that names a party by role ("engineers", "vendors", "the board"), lower-cased. */
const ROLE_WORD = new RegExp(`^(?:${ROLES})$`)
export const isRole = (word: string): boolean => ROLE_WORD.test(word)

/** What a free-text question's question word asks for, and how a sentence shows it gives it. */
export const ASKS: { asks: Test; what: string; gives: Test }[] = [
  {
    // "Who ...", "Which third parties / vendors / subprocessors ...": parties, named or by role.
    // A role, an individual or people are what is asked, not a party a sentence names ("roles are defined").
    asks: new RegExp(`^(?:who|whom|whose)\\b|^(?:which|what) (?:${ROLES}|roles?|individuals?|people)\\b`, 'i'),
    what: 'who',
    gives: PARTY,
  },
  {
    // "Where is data stored?", "In which countries ...": places.
    // "states" is a place only where it is asked: a sentence's "states" is more often the verb.
    asks: new RegExp(`^where\\b|^(?:in )?(?:which|what) (?:${PLACES}|states?)\\b`, 'i'),
    what: 'where',
    gives: new RegExp(`${NAME}|\\b(?:${PLACES}|on[- ]premises?|cloud|located|hosted|resides?)\\b`),
  },
  {
    // "How often ...", "How frequently ...": a period or an amount of time (quantities.ts reads both).
    asks: /^how (?:often|frequently)\b|^(?:at )?what (?:frequency|interval)\b/i,
    what: 'how often',
    gives: { test: (sentence) => quantitiesIn(sentence).some((q) => q.kind !== 'characters') },
  },
  {
    // "How long are logs kept?", "For how long ...": an amount of time ("for 90 days", "one year").
    asks: { test: (asked) => startsWithWords(asked, 'how long') || startsWithWords(asked, 'for how long') },
    what: 'how long',
    gives: { test: (sentence) => quantitiesIn(sentence).some((q) => q.kind === 'duration') },
  },
  {
    // "Which tools ...", "Describe the tool(s) used to scan ...": a tool or product, named.
    asks: new RegExp(
      `^(?:which|what) (?:${TOOLS})\\b|\\b(?:the|any) (?:${TOOLS})(?:\\(s\\))? (?:used|you use|in use|employed|utili[sz]ed)\\b`,
      'i',
    ),
    what: 'which tool or product',
    // A name: a capitalised word after the first ("Nessus", "AWS Inspector") or a web domain ("cobalt.io").
    gives: new RegExp(`${NAME}|\\b[a-z0-9-]+\\.(?:io|com|net|org|dev|ai)\\b`),
  },
]

/**
 * What the question word of a free-text question asks for (who, where, how often, how long, which tool), if it asks
 * for one.
 */
export function askedFor(asked: string): (typeof ASKS)[number] | undefined {
  return ASKS.find((x) => x.asks.test(asked.trim()))
}

/** Whether a text opens with these words, whole ("how long", not "how longstanding"). */
function startsWithWords(text: string, opening: string): boolean {
  const lower = text.trim().toLowerCase()
  return lower.startsWith(opening) && !hasWordCharacter(lower[opening.length] ?? '')
}
