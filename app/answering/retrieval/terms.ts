import { isAcronym, stem, stemToken } from './stem'
import { concepts } from './vocabulary'
import { alphanumerics, collapseSpace, inCapitals, isPlainWord, wordList } from './text'

const STOP = new Set(
  wordList(`a an and are as at be been being but by can could did do does for from had has have how i if in into is it its
  of on or our should such that the their them then there these they this to was we were what when where which
  who will with would you your yes no please describe provide explain any all other than not may must shall
  vendor vendors institution institutions institutional company product service services e g eg ie i.e etc
  also only each every both either those so just about over under more most some such very us ever still always
  already yet anyone anybody everyone everybody someone somebody one`),
)

/** Stop words again after stemming, so "companies" and "vendors" go the way of "company" and "vendor". */
const STOP_STEMS = new Set([...STOP].filter((w) => isPlainWord(w) && w.length > 3).map((w) => stem(w)))

/** Web addresses carry path words ("config-settings.html") that are not statements: they are left out. */
const URL = /<?\bhttps?:\/\/[^\s>)\]]+>?|\bwww\.[^\s>)\]]+/gi
/**
 * A prefix that makes the opposite or the absence of the word ("de-identify", "non-compliance", "anti-virus",
 * "dis-allowed"): read as one word, as it is when written solid, never as the word it negates.
 */
const NEGATING_PREFIX = /\b(de|non|anti|dis|mis|un)-(?=[a-z])/gi

/** A word broken across lines by a PDF ("vulnera-\nbilities"): also read joined. */
const BROKEN = /([a-z]{2,})-[ \t]*\n[ \t]*([a-z]{2,})/gi

/**
 * A standard's name is one subject, its number included: ISO 27001 is not ISO 9001, SOC 2 not SOC 1, PCI DSS not
 * PCI PIN. The family word and its number are read as one token ("iso9001", "soc1", "pcidss"), so a sentence that
 * only shares the family word ("Director of ISO Services") does not match.
 */
const STANDARD =
  /\b(iso(?:\/iec)?|iec|soc|pci|nist(?:\s*sp)?|fips|ssae|sas|hitrust|cmmi|csa\s*star|dod)[\s-]*((?:\d+(?:[.-]\d+)*)|dss|pin|p2pe|3ds|ssf|type\s*(?:ii|i|1|2)|level\s*\d)\b/gi

/** The standards a text names, as written ("NIST SP 800-88", "DoD 5220.22"), each once. */
function standardNames(text: string): string[] {
  // A letter suffix after the number ("DoD 5220.22-M") is part of the name as written, not of the token.
  const named = [...text.matchAll(STANDARD)].map((m) => {
    const suffix = /^-[A-Za-z]\b/.exec(text.slice(m.index + m[0].length))?.[0] ?? ''
    return collapseSpace(`${m[0]}${suffix}`)
  })
  return [...new Set(named)]
}

/**
 * A word with a capital inside it names a product, an organisation or a scheme ("InCommon", "eduGAIN", "GitHub",
 * "FedRAMP"): ordinary words are written in lower case or with a capital first only. Short forms ("AoC", "SaaS",
 * "iOS") are abbreviations, which the text usually spells out as well, not names.
 */
const PROPER_NAME = /\b(?=[A-Za-z]{5})(?=[A-Za-z]*[a-z]{2})(?:[A-Z][a-z]+[A-Z]|[a-z]+[A-Z])[A-Za-z]*\b/g

/** The names a text gives: its standards and its products, organisations or schemes, each once, as written. */
export function namesIn(text: string): string[] {
  const standards = standardNames(text)
  const others = text.replace(STANDARD, ' ').match(PROPER_NAME) ?? []
  return [...new Set([...standards, ...others])]
}

export function standardTokens(text: string): string {
  return text.replace(STANDARD, (_, family: string, number: string) =>
    ` ${alphanumerics(family).join('')}${alphanumerics(number).join('')} `.toLowerCase(),
  )
}

/**
 * Content words, stemmed, so "encrypted" and "encryption" meet at "encrypt", "scanned" and "scans" at "scan";
 * acronyms keep their letters ("AWS" stays "aws"), unless the whole text is in capitals (`capitals`: whether the text
 * it was taken from is, for a phrase cut out of a question).
 */
export function words(text: string, capitals?: boolean): string[] {
  const plain = standardTokens(clean(text)).replace(NEGATING_PREFIX, '$1').normalize('NFKD')
  const capitalsOnly = capitals ?? inCapitals(plain)
  return (
    alphanumerics(plain)
      // A stop word written in capitals in mixed-case text is an acronym: "US" is no "us", "IT" no "it".
      .filter((w) => w.length > 1 && (!STOP.has(w.toLowerCase()) || (!capitalsOnly && isAcronym(w))))
      .map((w) => stemToken(w, capitalsOnly))
      .filter((w) => !STOP_STEMS.has(w))
  )
}

function clean(text: string): string {
  return collapseSpace(compatible(text).replace(URL, ' ').replace(BROKEN, '$1-$2 $1$2'))
}

/**
 * Characters of typesetting read as the letters they stand for: a ligature ("ﬁrewall": one character for "fi"), a
 * full-width letter, a soft hyphen or a zero-width space inside a word ("encryp\u00ADted"), a Unicode hyphen in a
 * compound ("multi\u2011factor"). A PDF or a web page writes them; the words are the same. Quotes keep the file's
 * characters (they are compared compatibility-normalised: evidence/text.ts).
 */
const compatible = (text: string) =>
  TYPESET.test(text) ? text.normalize('NFKC').replace(INVISIBLE, '').replace(UNICODE_HYPHENS, '-') : text
const TYPESET = /[\uFB00-\uFB06\uFF01-\uFF5E\u00AD\u200B-\u200D\u2060\uFEFF\u2010\u2011]/
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g
const UNICODE_HYPHENS = /[\u2010\u2011]/g

export { stem }

/** Content words plus the security concepts the text mentions (#mfa, #soc2...). */
export function terms(text: string, capitals?: boolean): string[] {
  const { ids, rest } = concepts(clean(text))
  return [...words(rest, capitals), ...ids]
}

/**
 * "How often is user access reviewed?" in statement order: "user access is reviewed". Evidence states practices in
 * that order ("User access is reviewed quarterly"), and a concept spelled as a statement ("access is reviewed") is
 * read from it: the question in its own order would miss the concept its answer has.
 */
const INVERTED = /^(?:(?:how|when|where|why)(?: \w+)? )?(is|are|was|were) (.+?) (\w+ed)\b(.*)$/i

/**
 * The question word of "How often ...?", "How long ...?", "How many ...?": what it asks for (a period, a duration, a
 * number), which the quantity rules read, not a word a sentence must say.
 */
const HOW_MUCH = /^\s*how (?:often|frequently|long|many|much|soon|quickly)\b/i

/** A question's terms, with the concepts it names in statement order (INVERTED). */
export function questionTerms(text: string): string[] {
  // "the vendor" a questionnaire asks of is the respondent: "you", not a third party ("the vendor's own staff").
  const asked = text.replace(THE_VENDOR, (m) => (/s$/i.test(m) ? 'your' : 'you'))
  const own = terms(asked.replace(HOW_MUCH, 'how'))
  const inverted = INVERTED.exec(asked.trim())
  if (!inverted) return own
  const [, auxiliary, subject, participle, rest] = inverted
  const stated = terms(`${subject} ${auxiliary} ${participle}${rest}`)
  return [...own, ...stated.filter((t) => t.startsWith('#') && !own.includes(t))]
}

/** "the vendor", "the vendor's", as the respondent (not "the vendor list", "the vendor risk review"). */
const THE_VENDOR = /\bthe vendor(?:['’]s)?(?!\s*(?:list|management|risk|assessment|review))\b/gi

/**
 * Words that carry the question's form, not its subject ("established, documented, approved..."): they count at a
 * fifth of their weight, so "Are backups encrypted?" is decided by backups and encryption. Listed as written:
 * "documented" is form, "documentation" ("Do you have documentation...?") is a subject. General form words of any
 * questionnaire (in alphabetical order); a questionnaire's own repeated clause is damped by query.ts boilerplate().
 */
const GENERIC_WORDS = new Set(
  wordList(`ability able according across annually applicable applied appropriate appropriately approved based capabilities
  capability capable communicated complete completed conducted control controls current currently data defined
  detailed documented employ employed employing enforced ensure ensured ensures established evaluated existing
  followed formal formally full fully generally identified implemented including information last latest least
  maintained managed measures mechanisms month months new organisation organisational organization organizational
  overall past performed periodic periodically place plan plans policies policy practices procedure procedures
  process processes program programme programs provide provided recent recently regular regularly relevant
  required requirements reviewed security specific standard standards strategies strategy support supported system
  systems updated use used uses using utilise utilising utilize utilized utilizing version within year yearly years`),
)

/** The stems of generic words, for terms whose every use in a text is generic. */
export const GENERIC = new Set([...GENERIC_WORDS].map(stem))

/** Stems a text uses as a subject at least once (a word outside the generic list), so they keep full weight. */
export function subjectStems(text: string): Set<string> {
  const out = new Set<string>()
  for (const w of alphanumerics(clean(text).toLowerCase())) if (!GENERIC_WORDS.has(w) && !STOP.has(w)) out.add(stem(w))
  return out
}

/** A hyphenated word: a kind of its last part ("full-time" is a kind of time, "host-level" a kind of level). */
export interface Compound {
  /** The last part's term. */
  head: string
  /** The other parts' terms (parts of fewer than three letters, such as "re-" or "e-", are no modifiers). */
  modifiers: string[]
}

/** The text's hyphenated words that have a head and a modifier ("full-time", "host-level", "pre-production"). */
export function compounds(text: string): Compound[] {
  const out: Compound[] = []
  for (const m of text.matchAll(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g)) {
    const parts = m[0].split('-')
    const head = words(parts.at(-1)!)[0]
    const modifiers = parts.slice(0, -1).flatMap((p) => (p.length < 3 ? [] : words(p)))
    if (head && modifiers.length) out.push({ head, modifiers })
  }
  return out
}
