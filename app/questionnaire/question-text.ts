/** What question ids, question text, headers and company-profile rows look like. Pure text tests, no layout. */

/**
 * "A&A-01.1", "GNRL-01", "IAM-12", "HFIH-01", "Q12", "1.2.3": ids that label questions in real questionnaires; the
 * letters may come in groups ("PR.AC-1" of the NIST CSF, "SEC-A1").
 */
const ID_VALUE =
  /^(?:[A-Z][A-Za-z&]{0,9}(?:[-_.][A-Z][A-Za-z&]{0,9}){0,2}[-_. ]?\d{1,4}(?:[.-]\d{1,4}){0,3}[a-z]?|\d{1,3}(?:\.\d{1,3}){1,4}\.?|[A-Z]{1,3}\d{1,4}(?:\.\d{1,4}){0,3})$/
/** Plain numbering ("7", "12.") only counts as an id under an id-like header. */
const NUMBER_ID = /^\d{1,4}\.?$/

export function isIdValue(text: string, numbersToo = false): boolean {
  const t = text.trim()
  if (t.length > 24) return false
  return ID_VALUE.test(t) || (numbersToo && NUMBER_ID.test(t))
}

const ASKS =
  /^(?:\(?[a-z0-9]{1,3}[.)]\s+)?(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|shall|should|may|must|how|what|which|who|whom|whose|when|where|why|describe|provide|list|explain|identify|indicate|specify|state|confirm|detail|outline|please|summari[sz]e|select|attach|upload|share|use this|if)\b/i

/** 2: clearly a question (ends with "?" or opens like one); 1: long enough prose to be one; 0: not a question. */
export function questionStrength(text: string): 0 | 1 | 2 {
  const t = text.trim()
  if (t.length < 8 || !/[a-z]{3}/i.test(t) || t.startsWith('#')) return 0
  if (/\?\s*\*?\s*(\(.*\))?\s*$/.test(t) || /\?/.test(t.slice(0, 400)) || ASKS.test(t)) return 2
  return t.length >= 25 ? 1 : 0
}

export type HeaderRole = 'id' | 'question' | 'answer' | 'comment' | 'choice' | 'reserved'

const ID_HEADER =
  /^(?:#|no\.?|nr\.?|num(?:ber)?|s\/?n|sr\.? ?no\.?|(?:ques(?:tion)?|control|item|req(?:uirement)?|ref(?:erence)?|criteri(?:a|on)|new)?\s*(?:id|#|no\.?|num(?:ber)?|ref(?:erence)?|code)|id)$/i
const QUESTION_HEADER =
  /\b(?:questions?|requirements?|control (?:text|question|specification|statement|description)|query|queries|criteri(?:a|on)|item)\b/i
const ANSWER_HEADER =
  /\b(?:answers?|responses?|yes\s*\/\s*no|y\/n|compliant|compliance|status|reply|vendor answers|supplier response|implemented\??)\b/i
const COMMENT_HEADER =
  /\b(?:comments?|notes?|additional info(?:rmation)?|explanation|description|details?|justification|evidence|remarks|clarification|elaboration|supporting|narrative|context)\b/i
/** Columns a vendor must never write: the assessor's, the scoring machinery's, or guidance text. */
const RESERVED_HEADER =
  /\b(?:analyst|assessor|auditor|reviewer|institution|customer|csc|score|scoring|weight|importance|override|non-?negotiable|guidance|reason for|follow-?up|evaluation|internal use|mapping|crosswalk|ccm|control title|domain)\b/i
const CHOICE_HEADER = /^(?:yes|no|n\/?a|not applicable|partial(?:ly)?|planned|in progress|x)$/i

/** The role a header cell's text announces, if any. Reserved wins over answer ("Compliant Override"). */
export function headerRole(text: string): HeaderRole | undefined {
  const t = text.replace(/\s+/g, ' ').trim()
  if (!t || t.length > 80) return undefined
  if (CHOICE_HEADER.test(t)) return 'choice'
  if (ID_HEADER.test(t)) return 'id'
  if (RESERVED_HEADER.test(t)) return 'reserved'
  if (ANSWER_HEADER.test(t)) return 'answer'
  if (QUESTION_HEADER.test(t)) return 'question'
  if (COMMENT_HEADER.test(t)) return 'comment'
  return undefined
}

export function isIdHeader(text: string): boolean {
  return ID_HEADER.test(text.replace(/\s+/g, ' ').trim())
}

const PROFILE_ID = /^(?:GNRL|DATE|CONT|VNDR|INFO|PROF)[-_ ]?\d/i
const PROFILE_LABEL =
  /^(?:(?:vendor|supplier|solution provider|service provider|company|organi[sz]ation|product|solution|legal|primary|security|accessibility|business)\s+)*(?:(?:contact\s+)?(?:name|title|e-?mail(?: address)?|phone(?: number)?|telephone|address)|contact(?: person| details| information)?|date(?: completed| prepared)?|web ?(?:site|link)(?: to .{0,60})?|url|description|hosting regions|work locations|(?:country of )?(?:company )?headquarters|employee work locations(?: \(all\))?|duns(?: number)?|(?:tax|vat) (?:id|number))\s*:?$/i

/** Company-profile rows ask for the vendor's name, contact, date: facts the user states, not security practice. */
export function isProfileQuestion(id: string, text: string): boolean {
  if (PROFILE_ID.test(id.trim())) return true
  const t = text.replace(/\s+/g, ' ').trim()
  return t.length <= 80 && !t.includes('?') && PROFILE_LABEL.test(t)
}

/** Input messages that say a cell belongs to the template, not to the person filling it in. */
export const OFF_LIMITS_PROMPT =
  /\b(?:left blank|leave (?:this cell |it )?blank|do not (?:edit|enter|complete|change|type|modify)|don'?t (?:edit|change)|populated from|auto-?populated|cannot be made|will be calculated)\b/i
/**
 * A general warning ("Editing this cell can break the functionality of the tool"): it protects what a cell
 * holds, so it only rules out cells with content. HECVAT spreads it over blank input cells too.
 */
export const CAUTION_PROMPT = /\b(?:can|may|will) break\b|\bcomplex formulas\b/i
