import type { Word } from '../retrieval/grammar'
import { GENERAL_NOUNS } from './subject'
import { isLetterWord, withoutFinalS } from '../retrieval/text'

/**
 * Questions that ask whether a bad practice happens ("Are you storing any passwords in plaintext?", "Are there
 * hard-coded passwords?", "Are shared accounts allowed?"). Evidence rarely names the bad practice; it states the
 * good one ("User passwords are encrypted"). Such a statement answers No; a statement that matches only the rest
 * of the question (passwords) answers nothing. General security language only.
 */
export interface BadPractice {
  name: string
  /** The bad practice as a question or a statement names it. */
  bad: RegExp
  /** Wording of the opposite, good practice. Absent: nothing in the evidence can rule the bad practice out. */
  good?: RegExp
}

const PRACTICES: BadPractice[] = [
  {
    name: 'stored in plain text',
    bad: /\b(?:plain[- ]?text|clear[- ]?text|unencrypted|unhashed|in the clear|reversibl[ey](?: encrypt\w*)?)\b/i,
    good: /\b(?:encrypt\w*|hash(?:ed|es|ing)?|bcrypt|scrypt|argon2|pbkdf2|salt(?:ed)?)\b/i,
  },
  { name: 'hard-coded', bad: /\bhard[- ]?coded\b|\bembedded (?:passwords?|credentials?|secrets?|keys?)\b/i },
  {
    name: 'shared accounts',
    bad: /\b(?:shared|generic|group|common) (?:user )?(?:accounts?|credentials?|logins?|passwords?|user ?ids?)\b/i,
    good: /\b(?:unique|individual|named|personal|dedicated) (?:user )?(?:accounts?|credentials?|logins?|user ?ids?|ids?)\b/i,
  },
  { name: 'default credentials', bad: /\bdefault (?:passwords?|credentials?|accounts?)\b/i },
  {
    name: 'outside the region',
    // Up to two words name whose area it is ("the institution's data zone", "the customer's own region").
    bad: /\boutside (?:of )?(?:the |your |its )?(?:[\w’']+ ){0,2}(?:geographic(?:al)? )?(?:region|country|jurisdiction|continent|zone)\b/i,
    good: /\b(?:in|within) (?:the |their |its )?(?:customer|client|institution|user)s?[’']?s? (?:own )?(?:geographic(?:al)? |data )?(?:region|country|jurisdiction|zone)\b/i,
  },
]

export function badPracticeOf(asked: string): BadPractice | undefined {
  return PRACTICES.find((p) => p.bad.test(asked))
}

/**
 * Subjects that stand for the vendor, its product or its people in general (subject.ts's general nouns), and its code
 * and documentation: the evidence may call them anything.
 */
const GENERIC_SUBJECTS = new Set<string>([...GENERAL_NOUNS, 'code', 'documentation'])

/**
 * The one who acts in the question ("Will the consultant require access ...?"; its words as the tagger reads them),
 * when it is a particular kind of party rather than the vendor or its product in general.
 */
export function particularSubject(question: Word[]): string | undefined {
  // An auxiliary, "the" and a noun. Only "the": "Is an owner assigned?" or "Are any locations ...?" ask whether
  // something exists, not what a party does.
  const [auxiliary, the, noun, next] = question
  if (auxiliary?.pos !== 'AUX' || the?.lower !== 'the' || !noun || !isLetterWord(noun.text)) return undefined
  const generic = (w: string) => GENERIC_SUBJECTS.has(w) || GENERIC_SUBJECTS.has(withoutFinalS(w))
  // "the vended product": a qualifier before a generic noun leaves the subject generic.
  const [first, second] = [noun.lower, next && isLetterWord(next.text) ? next.lower : undefined]
  if (generic(first) || (second && generic(second))) return undefined
  return first
}

const ASKS_HOLDING =
  /\b(?:comply|complies|compliant|compliance|certif\w*|accredit\w*|attest\w*|audit(?:ed)?|iso|soc|pci|fedramp|hitrust|ssae|csa star)\b/i

/** "Do you comply with ISO 9001?": a question a provider's certificate does not answer for the vendor. */
export function asksForHolding(asked: string): boolean {
  return ASKS_HOLDING.test(asked)
}
