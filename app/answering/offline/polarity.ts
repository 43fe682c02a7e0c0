import { standardTokens, stem, words } from '../retrieval/terms'
import { isAcronym } from '../retrieval/stem'
import { ending, expandContractions, tagWords, type Word } from '../retrieval/grammar'
import { alphanumerics, inCapitals, wordList } from '../retrieval/text'
import { clipQuote } from '../citations'

export interface Polarity {
  /** The sentence denies the practice the question asks about ("we do not encrypt ..."). */
  negated: boolean
  /**
   * The denial is only implied: the sentence names the thing as what is not needed ("stops what a bot filter would
   * catch", "instead of X") and says nothing else against it. It answers a question; it does not contradict a
   * sentence that states the practice outright.
   */
  implied?: boolean
  /** The practice is limited ("except", "not all", "some") rather than complete. */
  limited: boolean
  /** The words that hedge the practice ("generally", "where feasible"), as written: weaker support, either way. */
  hedged?: string
  /** Future work: "planned for Q3 2026", "on our roadmap". Holds the quarter as "Q3/2026" when one can be read. */
  planned?: { quarter?: string }
}

const CUE = new Set([
  'not',
  'never',
  'no',
  'none',
  'nobody',
  'cannot',
  'without',
  'neither',
  'nor',
  'unable',
  'lack',
  'lacks',
])
/**
 * Words that forbid, by stem: they deny what a question asks to be allowed ("Are shared accounts allowed?" against
 * "Shared accounts are prohibited"), and say nothing against a question that asks about forbidding.
 */
const FORBIDS = new Set(['prohibit', 'forbid', 'forbidden', 'disallow', 'ban', 'block', 'disabl', 'refus', 'reject'])
const ALLOWS = new Set(['allow', 'permit', 'enabl', 'accept'])
/**
 * Phrases that name a thing only as what is not used: "staff sign in with keys rather than SMS codes", "stops
 * what a bot filter would catch", "instead of X", "in lieu of X". Each reads as "without" before what it names.
 */
const SET_ASIDE =
  /\b(?:instead\s+of|rather\s+than|in\s+lieu\s+of|in\s+place\s+of)\b|\bwhat(?=\s+(?:(?:an?|the)\s+)?(?:[\w()-]+\s+){1,5}(?:would|could|might)\b)/gi
const SETS_ASIDE = new RegExp(SET_ASIDE.source, 'i')

/**
 * A question without what it sets aside itself ("deployed by a pipeline rather than by individual engineers"): a
 * sentence that sets the same thing aside agrees with it, so those words are no practice a sentence could deny.
 */
export function withoutSetAside(question: string): string {
  return question.replace(new RegExp(`(?:${SET_ASIDE.source})[^,;:.?]*`, 'gi'), ' ')
}
// Phrases with a negation word that deny nothing: "no later than", "not limited to", "whether or not".
const FALSE_CUES =
  /\b(?:no (?:later|more|less|fewer|longer than|sooner) than|not (?:only|limited to|just|merely)|whether or not|if not|no(?=\.\s*\d)|no matter|no exception|no single point|at no (?:additional )?cost|not to exceed|nothing less)\b/gi
const LIMITS =
  /\b(?:(?:where|wherever|if|as far as) (?:the |local |applicable )?(?:law|laws|regulations?|legislation) (?:allows?|permits?)|except(?:ion|ions|ing)?|excluding|other than|not all|some of|partial(?:ly)?|limited to|with the exception|apart from|(?<!-)only (?:for|in|on|when|where)|in some cases|case[- ]by[- ]case|upon request|on request|optional(?:ly)?)\b/i
/**
 * A clause on the rest of a party that follows one on some of it: "...; other employees may use an authenticator app",
 * "while other branches keep paper ledgers".
 */
const OTHERS_OTHERWISE =
  /(?:[;:]\s*|\b(?:while|whereas|but)\s+)(?:all\s+)?(?:other|remaining)\s+[a-z]+\s+(?:may|can|use|uses|are|is|do|does|have|has|need|keep|get)\b/i
/** An audit's finding on some of its samples: "For 2 of 25 sampled grants, ...". */
const SAMPLED_FEW =
  /\b(?:for|in) (?:\d+|one|two|three|four|five) (?:of|out of) (?:the )?\d+ (?:sampled|selected|tested|inspected)\b/i
/** "on the Business and Enterprise plans only": a plural and "only" that ends its clause. */
const ONLY_AFTER = /(?<![-\w])[a-z]{3,}s only(?=\s*(?:[.;,)]|$))/i
/** "the report covers the Retail edition only", "Kioskline Retail only": a name in title case and "only" that ends its clause. */
const NAME_ONLY = /(?<![-\w])[A-Z][a-z][\w-]* only(?=\s*(?:[.;,)]|$))/
/** Every way a sentence says it holds only in part. */
/** "covers the hosted page but not the challenge page": a contrast that leaves part out. */
const BUT_NOT = /\bbut not\b(?!\s+(?:only|limited|just|merely|yet)\b)/i
/**
 * "available on the Business plan", "supports SSO on the Business and Enterprise plans": offered on named plans, tiers
 * or editions, so not on the others.
 */
const NAMED_PLAN =
  /\b(?:on|in|with|for)\s+(?:the\s+|our\s+)?[A-Z][\w-]*(?:(?:,\s+|\s+(?:and|or)\s+|\s+)[A-Z][\w-]*){0,3}\s+(?:plans?|tiers?|editions?|subscriptions?|licen[cs]es?)\b/
/** "(our mobile apps were not part of its scope)": a denial in brackets sets part of what the sentence states aside. */
const BRACKETED_DENIAL = /\((?=[^()]{0,160}\))[^()]*\b(?:not|never|no|none|excluding|excluded)\b[^()]*\)/i
/**
 * "Laptop disk encryption incomplete", "Overdue reviews of critical suppliers" (a risk register's row), "5 of 168
 * employees outstanding" (a training report's row): begun, not done.
 */
const UNFINISHED =
  /\b(?:incomplete|overdue|not (?:yet )?(?:complete|completed|finished|fully)|\d+ (?:of|out of) \d+ [a-z-]+(?: [a-z-]+)? (?:outstanding|pending))\b/i
/** "is exempt from the table deadline", "RSA 2048-bit, below the 3072-bit minimum": a case the rule does not reach. */
const SHORT_OF = /\b(?:exempt(?:ed|ion|ions)?|below the (?:[\w-]+ )?(?:minimum|required|threshold)|falls? short of)\b/i
const LIMITING = [
  LIMITS,
  ONLY_AFTER,
  NAME_ONLY,
  SAMPLED_FEW,
  OTHERS_OTHERWISE,
  BUT_NOT,
  NAMED_PLAN,
  BRACKETED_DENIAL,
  UNFINISHED,
  SHORT_OF,
]
/**
 * "SHOULD", "MAY" in capitals: the requirement words of RFC 2119, by which a policy says a thing is recommended or
 * optional, not required. In lower case "should" is the common word many policies require with.
 */
const RECOMMENDS = /\b(?:SHOULD|MAY|RECOMMENDED|OPTIONAL)\b(?! NOT\b)/
/** A month's name, in full or short ("March", "Mar", "Sept"), as a regex source. */
export const MONTH_NAME = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b`
const HEDGES =
  /\b(?:generally|typically|usually|mostly|in most cases|(?:where|wherever|when|whenever|if) (?:technically )?(?:feasible|possible|practical|applicable)|as needed|as appropriate|encouraged to|recommended (?:to|that)|(?:when|if|as) (?:time|resources|capacity) (?:permits?|allows?)|best[- ]efforts?|to be confirmed|tbc|(?:we|he|she|they) believes?|asked (?:whether|if))\b/i
const PLANNED = new RegExp(
  String.raw`\b(?:(?<!\b(?:a|an|each|every)\s+(?:[\w-]+\s+)?)plan(?:s|ned)? to|planning to|planned for|on (?:our|the) (?:product )?roadmap|roadmap|(?:is|are|status:?\s*|\t\s*)in progress|underway|coming soon|(?:priorit(?:y|ies)|goals?|objectives?) for (?:next year|the (?:coming|next) (?:year|quarter)|20\d\d)|(?:we|I) (?:expect|hope) to|(?:begins?|starts?|commences?) (?:in|during) (?:Q[1-4]|${MONTH_NAME}) (?:of )?20\d\d|under way|intends? to|intended to|expect(?:s|ed)? to (?:complete|achieve|launch|obtain|implement)|targeted for|scheduled for|(?:is |are )?expected (?:next|in|by|during|later|early|late) (?:Q[1-4]|20\d\d|${MONTH_NAME}|spring|summer|autumn|fall|winter|year|quarter|month)|(?:postponed|rescheduled|deferred|pushed back|moved) (?:to|for|until) (?:Q[1-4]|20\d\d|${MONTH_NAME}|next|later|the (?:next|coming))|working towards?|pursuing|in the process of|anticipates?|we(?: are|['’]re) (?:currently )?(?:evaluating|exploring|considering|piloting|trialling|trialing)|will (?:be )?(?:implement|introduc|launch|roll|obtain|achiev|complet|add|releas|support)\w*)\b`,
  'i',
)

const NEG_WINDOW = 7
/** How many content words after a negation cue it can deny. */
const NEG_CONTENT_WORDS = 2
const FUNCTION_WORDS = new Set(
  'a an the be been being is are was were do does did have has had to of in on at for with by any all our its their your this that these those yet always currently generally typically ever either shared stored kept used'.split(
    ' ',
  ),
)

/** The words of a control's status ("in place", "implemented", "available", "applicable"). */
const STATUS_WORDS = new Set(['place', 'implemented', 'available', 'applicable', 'enabled', 'supported', 'started'])

function deniesKey(clause: string, keyStems: Set<string>): boolean {
  // A standard's name is one word, as the question's key words have it ("not ISO 27001 certified": iso27001).
  const written = alphanumerics(standardTokens(clause))
  const tokens = written.map((t) => t.toLowerCase())
  // An acronym keeps its letters ("TLS" is tls, as the question's key words have it, not "tl").
  const stems = written.map((t, i) => (isAcronym(t) ? t.toLowerCase() : stem(tokens[i]!)))
  const asksAllowed = [...ALLOWS].some((s) => keyStems.has(s)) && ![...FORBIDS].some((s) => keyStems.has(s))
  // "Is sharing passwords prohibited?": "sharing passwords is not permitted" denies the permission, and so states it.
  const asksForbidden = [...FORBIDS].some((s) => keyStems.has(s)) && ![...ALLOWS].some((s) => keyStems.has(s))
  // The clause's forms of "be" and "do" as the tagger reads them ("is", "were", "does"), read once a cue is met.
  let auxiliaries: Set<string> | undefined
  // Its verbs, read once a denying subject with no auxiliary is met.
  let verbs: Set<string> | undefined
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    // "unencrypted", "non-compliant": a prefix that denies a key word.
    const prefixed = /^(?:un|non)([a-z]{4,})/.exec(t)
    if (prefixed && keyStems.has(stem(prefixed[1]!))) return true
    if (!CUE.has(t) && !(asksAllowed && FORBIDS.has(stems[i]!))) continue
    if (asksForbidden && ALLOWS.has(stems[tokens.findIndex((w, j) => j > i && !FUNCTION_WORDS.has(w))] ?? '')) continue
    // A cue denies the words it governs: the first content words after it ("will not interfere with the
    // investigation" denies interfering, not investigating).
    let content = 0
    // "None of them can create, change or remove users", "no one may ...": a denying subject denies the verbs after its
    // auxiliary, every one of a list joined by "or", "and" or "nor".
    const from = deniedVerbFrom(tokens, i, () => (verbs ??= wordsTagged(clause, 'VERB')))
    for (let j = from; j <= Math.min(tokens.length - 1, from - 1 + NEG_WINDOW) && content < NEG_CONTENT_WORDS; j++) {
      if (keyStems.has(stems[j]!)) return true
      // Verbs a denial joins ("do not ask for or store clerks' numbers") are one act: the second does not use up its
      // reach. After a denying subject, every verb of its list is.
      const listed =
        (from !== i + 1 && COORDINATORS.has(tokens[j + 1] ?? '')) ||
        COORDINATORS.has(tokens[j]!) ||
        COORDINATORS.has(tokens[j - 1] ?? '')
      // A name before a noun ("Gov tenants", "Kiosk ledgers") modifies it: the two are one thing to deny.
      const modifier =
        j > 0 && /^[A-Z]/.test(written[j]!) && tokens[j + 1] !== undefined && !FUNCTION_WORDS.has(tokens[j + 1]!)
      if (!FUNCTION_WORDS.has(tokens[j]!) && !listed && !modifier) content++
    }
    // "databases are generally not encrypted": the cue follows its subject. "Without" denies only what follows it
    // ("keys are rotated without downtime" rotates keys).
    if (t === 'without') continue
    // A status of form words only after the cue ("Data loss prevention: not in place", "not implemented") denies
    // the key words just before it, as a table row or a list of controls writes it.
    const after = tokens.slice(i + 1)
    if (after.some((w) => STATUS_WORDS.has(w)) && after.every((w) => FUNCTION_WORDS.has(w) || STATUS_WORDS.has(w))) {
      for (let j = Math.max(0, i - 5); j < i; j++) if (keyStems.has(stems[j]!)) return true
    }
    auxiliaries ??= new Set(tagWords(clause).flatMap((w) => (w.lemma === 'be' || w.lemma === 'do' ? [w.lower] : [])))
    if (auxiliaries.has(tokens[i - 1] ?? '') || auxiliaries.has(tokens[i - 2] ?? '')) {
      // Five words back; figures ("TLS 1.0 or 1.1") are not words.
      for (let j = i - 1, seen = 0; j >= 0 && seen < 5; j--) {
        if (keyStems.has(stems[j]!)) return true
        if (!/^\d+$/.test(tokens[j]!)) seen++
      }
    }
  }
  return false
}

/**
 * "Removed 90-day password expiry; added screening": a change log's entry (a clause or a table cell) that opens with a
 * verb ending a practice denies the key words after it, unless that verb is what the question asks ("Is access
 * removed ...?").
 */
function discontinues(clause: string, keyStems: Set<string>): boolean {
  return clause.split('\t').some((cell) => {
    const tokens = alphanumerics(cell).map((t) => t.toLowerCase())
    if (!DISCONTINUED.has(tokens[0] ?? '') || keyStems.has(stem(tokens[0]!))) return false
    return tokens.slice(1, 1 + NEG_WINDOW).some((t) => keyStems.has(stem(t)))
  })
}

/**
 * "The legacy desktop client ... has been withdrawn": a thing the clause names with a key word before it, then said
 * to be withdrawn or discontinued (a form of "be" and the participle). Only verbs that end an offering: "removed" and
 * "retired" are also what is done to access and devices ("Access is removed on the last day").
 */
function withdrawn(clauses: string[], keyStems: Set<string>): boolean {
  const key = (t: string) => keyStems.has(stem(t))
  return clauses.some((clause) => {
    const tokens = alphanumerics(clause).map((t) => t.toLowerCase())
    const at = tokens.findIndex((t, k) => WITHDRAWN.has(t) && BE_FORMS.has(tokens[k - 1] ?? ''))
    if (at < 1 || key(tokens[at]!)) return false
    // Its subject in the clause itself, or (the clause opening with its auxiliary: ", which ..., has been withdrawn")
    // in the sentence's first clause.
    const subject = AUXILIARIES.has(tokens[0]!) ? alphanumerics(clauses[0]!) : tokens.slice(0, at - 1)
    return subject.some((t) => key(t.toLowerCase()))
  })
}
/**
 * "The group discussed a public bug bounty and decided against launching one": a decision not to do a thing denies
 * the key words it governs, or, where its object is a pronoun ("one", "it"), those before it in the clause.
 */
function decidedAgainst(clause: string, keyStems: Set<string>): boolean {
  const m = DECIDED_AGAINST.exec(clause)
  if (!m) return false
  const key = (t: string) => keyStems.has(stem(t))
  const after = alphanumerics(clause.slice(m.index + m[0].length)).map((t) => t.toLowerCase())
  if (after.slice(0, 4).some(key)) return true
  // "against launching one", "against it".
  const pronoun = after.slice(0, 2).some((t) => POINTS_BACK.has(t))
  return pronoun && alphanumerics(clause.slice(0, m.index)).some((t) => key(t.toLowerCase()))
}
/**
 * "Backups are kept in the same region as the primary data" for "Are backups kept in a different region?": the
 * question asks for a different or separate thing, and the clause says the same one, a key word at most two words after
 * "same" ("the same cloud region"). A separate account in the same region is still the same region.
 */
function sameForDifferent(clause: string, keyStems: Set<string>): boolean {
  if (![...DIFFERENT].some((t) => keyStems.has(t))) return false
  const tokens = alphanumerics(clause).map((t) => t.toLowerCase())
  return tokens.some(
    (t, k) => t === 'same' && tokens.slice(k + 1, k + 4).some((w) => keyStems.has(stem(w)) && !DIFFERENT.has(stem(w))),
  )
}
/** The stems of words that ask for another thing than the first: "different", "separate", "distinct". */
const DIFFERENT = new Set(['differ', 'separ', 'distinct'].flatMap((w) => [w, stem(w)]))
const DECIDED_AGAINST = /\b(?:decided|decides|chose|opted|voted|agreed)\s+(?:against|not\s+to)\b/i
/** Pronouns that stand for a thing named before them: "launching one", "adopting it". */
const POINTS_BACK = new Set(wordList('one it them this these that'))
const WITHDRAWN = new Set(wordList('withdrawn discontinued'))
const BE_FORMS = new Set(wordList('is are was were been'))
/** Verbs that end a practice, as a change log opens an entry with them. */
const DISCONTINUED = new Set(
  wordList('removed dropped retired discontinued withdrew withdrawn abolished deprecated eliminated ended stopped'),
)

const COORDINATORS = new Set(['or', 'and', 'nor'])
const AUXILIARIES = new Set(
  wordList('can could may might will would shall should must is are was were has have had do does did'),
)
/**
 * Where a denial's reach starts: right after its cue, or after the auxiliary of a denying subject ("none of the
 * clerks can", "no one may", "nobody has"), or at its verb when it has none ("none of the clerks balanced"). `verbs`
 * gives the clause's verbs as the tagger reads them.
 */
function deniedVerbFrom(tokens: string[], cue: number, verbs: () => Set<string>): number {
  const t = tokens[cue]
  const subject =
    ((t === 'none' || t === 'neither') && tokens[cue + 1] === 'of') ||
    (t === 'no' && tokens[cue + 1] === 'one') ||
    t === 'nobody'
  if (!subject) return cue + 1
  const aux = tokens.findIndex((w, k) => k > cue && k <= cue + 6 && AUXILIARIES.has(w))
  if (aux >= 0) return aux + 1
  // With no auxiliary, from its verb ("None of the week's tills balanced on Friday"): the subject's own nouns
  // ("week's tills") do not use up the denial's reach.
  const verb = tokens.findIndex((w, k) => k > cue + 1 && k <= cue + 8 && verbs().has(w))
  return verb > 0 ? verb : cue + 1
}

/** The words of a clause the tagger reads as the part of speech, lower-cased. */
const wordsTagged = (clause: string, pos: Word['pos']): Set<string> =>
  new Set(tagWords(clause).flatMap((w) => (w.pos === pos ? [w.lower] : [])))

/** A sentence as the denial reads it: contractions expanded, false cues and set-aside phrases made plain. */
const readable = (sentence: string, setAside = true) =>
  expandContractions(
    sentence
      .replace(/[’‘ʼ′`]/g, "'")
      .replace(FALSE_CUES, ' ')
      .replace(SET_ASIDE, setAside ? ' without ' : ' '),
  )

/** A cue that denies what follows it in its clause ("without" denies only a manner: "maintained without downtime"). */
const DENIAL = new RegExp(`\\b(?:${[...CUE].filter((c) => c !== 'without').join('|')})\\b`, 'i')

/**
 * Its clauses: a denial reaches only its own. A piece after a comma that opens with a verb in its dictionary form
 * ("We do not sell your data, rent it, or give it away") shares its subject and auxiliary with the clause before it,
 * so that clause's denial reaches it too.
 */
/**
 * An event said not to have happened ("The full failover exercise did not take place", "the audit was postponed"):
 * the denial follows its subject, which names a key word.
 */
const eventDenied = (clause: string, keyStems: Set<string>): boolean => {
  const m = EVENT_DENIED.exec(clause)
  return m !== null && words(clause.slice(0, m.index)).some((t) => keyStems.has(t))
}
const EVENT_DENIED =
  /\b(?:(?:did|has|have|had) not|didn't|hasn't|haven't|hadn't|never) (?:taken place|take place|happened|happen|occurred|occur|gone ahead|go ahead)\b|\b(?:was|were|has been|have been|had been) (?:cancell?ed|postponed|called off|deferred|skipped)\b/i

const clausesOf = (text: string) =>
  text.split(/[;:]|\b(?:but|however|whereas|although|while)\b/i).flatMap((clause) => {
    const pieces = clause.split(',')
    if (pieces.length < 2 || !DENIAL.test(clause)) return pieces
    const out = [pieces[0]!]
    for (const piece of pieces.slice(1)) {
      if (continuesVerbs(piece)) out[out.length - 1] += `,${piece}`
      else out.push(piece)
    }
    return out
  })

/** Object pronouns: a word before one at a piece's start is a verb, whatever the tagger read ("share it", "offer you"). */
const OBJECT_PRONOUNS = new Set(['you', 'it', 'them', 'us', 'him', 'her', 'me'])

/** A comma's piece that opens (after "and", "or", "nor") with a verb in its dictionary form: "or give you a refund". */
const continuesVerbs = (piece: string): boolean => {
  const words = tagWords(piece).filter((w) => w.pos !== 'PUNCT')
  const at = words[0]?.pos === 'CCONJ' ? 1 : 0
  const first = words[at]
  if (!first || first.lemma !== first.lower || ['ing', 'ed'].includes(ending(first.lower) ?? '')) return false
  // "change or remove users": a word joined by "or" to a verb in its dictionary form is one of a list of verbs.
  const next = words[at + 2]
  const listed = words[at + 1]?.pos === 'CCONJ' && next?.pos === 'VERB' && next.lemma === next.lower
  return listed || first.pos === 'VERB' || (first.pos === 'NOUN' && OBJECT_PRONOUNS.has(words[at + 1]?.lower ?? ''))
}

/**
 * Whether every clause of the sentence that names the question's words (`names`) denies something: "We never rent
 * your address to courier partners, and we won't print your name in sponsor brochures" says what is not done with
 * couriers and sponsors, and states nothing that is. Read where the denial reaches none of the key words (else the
 * sentence is a No).
 */
export function onlyDenies(sentence: string, names: (clause: string) => boolean): boolean {
  const naming = clausesOf(readable(sentence)).filter(names)
  return (
    naming.length > 0 &&
    naming.every((clause) => {
      // The denial governs what follows it: "kiosks are swapped without downtime" denies no swap.
      const cue = DENIAL.exec(clause)
      return cue !== null && names(clause.slice(cue.index))
    })
  )
}

/** Reads negation (scoped to the question's key words), limits, hedges and planned work from one sentence. */
/** A denial as a list's label: "Not accessed:", "Never stored:", "Not in scope:". */
const DENYING_LABEL = /^\s*(?:not|never)(?: [a-z-]+){1,2}\s*:/i

export function polarity(sentence: string, keyStems: Set<string>): Polarity {
  // "aren't" → "are not" (the model's tokenizer): the auxiliary stays, so "checks aren't performed" still reads as
  // subject, verb, denial. Typeset text writes "aren’t" with a curly apostrophe: read it as "aren't".
  const cleaned = readable(sentence)
  // A denial reaches only its own clause: "we do not sell data; backups are encrypted" denies no encryption.
  // "Not accessed: passwords, card data": a denial that labels a list denies every item of it.
  const listDenied = DENYING_LABEL.exec(sentence)
  const clauses = clausesOf(cleaned)
  const negated =
    (listDenied !== null && words(sentence.slice(listDenied[0].length)).some((t) => keyStems.has(t))) ||
    clauses.some(
      (clause) =>
        deniesKey(clause, keyStems) ||
        eventDenied(clause, keyStems) ||
        discontinues(clause, keyStems) ||
        decidedAgainst(clause, keyStems) ||
        sameForDifferent(clause, keyStems),
    ) ||
    withdrawn(clauses, keyStems)
  const plannedHit = PLANNED.test(sentence)
  const implied =
    negated && SETS_ASIDE.test(sentence) && !clausesOf(readable(sentence, false)).some((c) => deniesKey(c, keyStems))
  return {
    negated,
    ...(implied ? { implied } : {}),
    limited:
      LIMITING.some((re) => re.test(sentence)) ||
      cellDenied(sentence) ||
      conditionOther(sentence, keyStems) ||
      rowVaries(sentence, keyStems),
    hedged: HEDGES.exec(sentence)?.[0] ?? (inCapitals(sentence) ? undefined : RECOMMENDS.exec(sentence)?.[0]),
    planned: plannedHit ? { quarter: quarterOf(sentence) } : undefined,
  }
}

/**
 * A table's row (cells apart by a tab) of which one cell after the first denies while others say something
 * ("SOC 2 Type II | Report available | Report available | Not yet in scope", "2024-11-05 | EEA | 24 h | 29 h |
 * Fail"): the row holds for some columns, not all.
 */
const cellDenied = (sentence: string): boolean => {
  const cells = sentence.split('\t').map((c) => c.trim())
  if (cells.length < 3) return false
  const rest = cells.slice(1).filter(Boolean)
  return rest.length >= 2 && rest.some((c) => DENIAL_CELL.test(c))
}
/**
 * "Allowed only with the VPN connected", "only if approved", "only after review": a condition the practice needs,
 * unless the condition is what the question asks ("view data only after the customer approves" for "Is access
 * subject to customer approval?": its words are the question's). Not a time it is done in: "stores location data
 * only while a delivery is open" stores it.
 */
const conditionOther = (sentence: string, keyStems: Set<string>): boolean => {
  const m = ONLY_WITH.exec(sentence)
  return m !== null && !words(sentence.slice(m.index + m[0].length)).some((t) => keyStems.has(t))
}
const ONLY_WITH = /(?<!-)\bonly (?:with|if|after)\b/i
/** Whether a text holds another whole, word for word ("united states" in "united states or european union"). */
const holdsWhole = (text: string, part: string): boolean => {
  const [t, p] = [alphanumerics(text), alphanumerics(part)]
  return p.length > 0 && t.some((_, k) => p.every((w, m) => t[k + m] === w))
}
/** The most words a table cell holds to be read as a value (a plan's regions, "Nightly batch copy"), not prose. */
export const MAX_VALUE_WORDS = 8
/** Items of a list in a cell: "or", "and", a comma, a plus. */
const LIST_JOINS = /,|\+|\b(?:or|and)\b/i

/**
 * A table row whose value cells run parallel (one per plan, tier or region: a cell without the key word is written out
 * whole in a list of one that has it) and name a key word of the question in some cells but not in another: "Hosting
 * regions | United States | United States or European Union" holds the European Union for some columns, not all.
 */
const rowVaries = (sentence: string, keyStems: Set<string>): boolean => {
  const cells = sentence.split('\t').map((c) => c.trim())
  const values = cells.slice(1).filter(Boolean)
  if (cells.length < 3 || values.length < 2) return false
  const stemsOf = values.map((c) => new Set(words(c)))
  // A key word the row's label names is what the row is about: in a value cell it says nothing of the columns.
  const label = new Set(words(cells[0]!))
  const keyed = stemsOf.map((w) => [...w].some((t) => keyStems.has(t) && !label.has(t)))
  if (!keyed.some(Boolean) || keyed.every(Boolean)) return false
  // Parallel: a cell without the key word is written out whole in a short list of one that has it ("United States" of
  // "United States or European Union"): one column holds less of the same list. A long cell is prose, not a value.
  const lower = values.map((c) => c.toLowerCase())
  return lower.some(
    (c, i) =>
      !keyed[i] &&
      stemsOf[i]!.size > 0 &&
      lower.some((d, j) => keyed[j] && stemsOf[j]!.size <= MAX_VALUE_WORDS && holdsWhole(d, c) && LIST_JOINS.test(d)),
  )
}

/** A cell that denies: "No", "Not in scope", "None", "N/A", "Fail". */
const DENIAL_CELL = /^(?:no|not|none|n\/a|fail(?:ed|s)?)\b/i

/**
 * A sentence that states a rule (a policy, or what a law or a setup requires: "the rule requires firms to ...",
 * "running the kiosk requires a trained clerk") rather than describing what is done: a feature where the sentence
 * covers only part of the question. A rule that states the whole question ("MFA is required for all administrative
 * access" for "Is MFA required for administrative access?") answers it as well as a description would.
 */
const NORMATIVE = /\b(?:shall|must|should|(?:is|are) required|requires|will be)\b/i

/**
 * Whether a sentence states a rule rather than what is done (answers.json signals.normative), read in its opening (a
 * quote's length, where its main clause is): a "must" deep in a long sentence's list belongs to a clause of its own.
 * On the development sets, the whole sentence read instead cost two right answers for one wrong one.
 */
export function statesRule(sentence: string): boolean {
  return NORMATIVE.test(clipQuote(sentence))
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const ORDINAL: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
}

/** "Q3 2026", "third quarter of 2026", "H1 2027", "by March 2026" → "Q#/YYYY"; a bare year means its last quarter. */
export function quarterOf(text: string): string | undefined {
  const year = (y: string) => (y.length === 2 ? `20${y}` : y)
  let m = /\bq([1-4])\s*(?:fy)?\s*['’]?\s*[/\- ]?\s*(20\d\d|\d\d)\b/i.exec(text)
  if (m) return `Q${m[1]}/${year(m[2]!)}`
  m = /\b(20\d\d)\s*[/\- ]?\s*q([1-4])\b/i.exec(text)
  if (m) return `Q${m[2]}/${m[1]}`
  m = /\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: of)?,? (20\d\d)\b/i.exec(text)
  if (m) return `Q${ORDINAL[m[1]!.toLowerCase()]}/${m[2]}`
  m = /\bh([12])\s*[/\- ]?\s*(20\d\d)\b/i.exec(text)
  if (m) return `Q${m[1] === '1' ? 2 : 4}/${m[2]}`
  m = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,? (?:\d{1,2},? )?(20\d\d)\b/i.exec(text)
  if (m) return `Q${Math.floor(MONTHS.indexOf(m[1]!.toLowerCase()) / 3) + 1}/${m[2]}`
  m = /\b(?:in|by|during|for|end of) (20\d\d)\b/i.exec(text)
  if (m) return `Q4/${m[1]}`
  return undefined
}
