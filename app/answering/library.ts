import type { LibraryEntry } from '../evidence/model'
import { normalizeText } from '../evidence/text'
import type { Question } from '../questionnaire/model'
import { isYesNoQuestion } from '../questionnaire/model'
import { clipQuote } from './citations'
import type { Answer, AnswerLabel, Citation } from './model'
import {
  LIBRARY_RULES,
  OTHER_PRODUCT,
  otherProduct,
  PERIOD,
  type LibraryMatch,
  type MatchStrength,
  type Whose,
} from './library-rules'
import { contentTerms, family, labelOfCell, normal, numbersOf, polarityOf, subjectsOf } from './library-text'
import { splitCondition } from './retrieval/query'
// Paraphrase-aware overlap (word vectors, issue 21 §3): Jaccard where the words are the same, closer where they differ.
import { LibraryOverlap } from './retrieval/paraphrase.server'
import { asksAboutPastEvent } from './offline/scope'

/**
 * The company's earlier answered questionnaires: the first source. Questions are matched across versions and
 * families: the same family and id, confirmed by the text; otherwise by meaning (normalised text, concept overlap,
 * stems), and a match must agree on its subject (the security concepts and standards it names) and its polarity.
 */

/** Below this overlap two questions are not the same question, whatever their ids. */
const SAME_ID_MIN = 0.45
/** At or above this overlap (same family), the questions are worded alike enough to reuse without a check. */
const NEAR_EXACT = 0.8
/** At or above this overlap the earlier answer is offered, flagged for a person to check. */
const SIMILAR = 0.55

export const SIMILAR_REASON = 'matched an earlier answer to a similar question: check'

/** A question as matching reads it (either side of a match). */
interface Reading {
  normal: string
  terms: Set<string>
  subjects: Set<string>
  polarity: number
  /** It asks whether something happened ("Any breaches in the last 3 years?"), not whether a practice exists. */
  pastEvent: boolean
  /** The numbers it states (numbersOf), sorted: a question asking for other numbers is at most similar. */
  numbers: string
  /** The same, as the question states them, for the user. */
  numbersText: string
  /** Its leading condition ("For tenants without SSO, ..."): conditionKey, '' when it has none. */
  condition: string
  /** The condition as written, for the user. */
  conditionText: string
  /** What a match must agree on (agreementKey). */
  agreement: string
}

/**
 * Terms, subjects and polarity are read from what the question asks, without its leading condition: "For tenants
 * without SSO, can admins require long passphrases?" asks what "Can admins require long passphrases?" asks, for fewer
 * tenants, and a "not" in the condition negates the condition, not the practice. Two questions under different
 * conditions are at most similar: offered for a person to check that the earlier answer holds under this one.
 */
function read(text: string): Reading {
  // A condition before a statement (a comment's "For details, see ...") is no condition: a question follows one.
  const split = splitCondition(text)
  const { condition, rest: asked } = split.rest.includes('?') ? split : { condition: '', rest: text }
  const numbers = numbersOf(text)
  const subjects = subjectsOf(asked)
  const polarity = polarityOf(asked)
  const pastEvent = asksAboutPastEvent(asked)
  return {
    normal: normal(text),
    terms: contentTerms(asked),
    subjects,
    polarity,
    pastEvent,
    numbers: [...numbers].sort().join(' '),
    numbersText: numbers.join(', '),
    condition: condition ? conditionKey(condition) : '',
    conditionText: condition.trim(),
    agreement: agreementKey(subjects, polarity, pastEvent),
  }
}

/**
 * Two conditions are the same when they name the same concepts with the same polarity ("If you do not offer SSO" and
 * "For tenants without SSO"); a condition naming none is compared by its words.
 */
function conditionKey(condition: string): string {
  const subjects = subjectsOf(condition)
  const words = subjects.size ? subjects : contentTerms(condition)
  return `${[...words].sort().join(' ')}/${polarityOf(condition)}`
}

/**
 * What two questions must share to match at all: the same subject (the concepts and standards they name), the same
 * polarity, and the same kind of question. Whether a breach happened is not whether an incident response plan exists,
 * though both are about incidents.
 */
function agreementKey(subjects: Set<string>, polarity: number, pastEvent: boolean): string {
  return `${[...subjects].sort().join('\u0000')}|${polarity}|${pastEvent}`
}

/**
 * What an earlier question asks differently from this one, when it is its numbers or its condition: the part a person
 * checks before reusing the answer. Undefined when neither differs.
 */
function difference(mine: Reading, theirs: Reading): string | undefined {
  const notes: string[] = []
  if (mine.condition !== theirs.condition) {
    if (!theirs.condition)
      notes.push(`this question asks it only "${mine.conditionText}"; the earlier one had no condition`)
    else if (!mine.condition) notes.push(`the earlier question asked it only "${theirs.conditionText}"`)
    else notes.push(`the earlier question asked it "${theirs.conditionText}", this one "${mine.conditionText}"`)
  }
  if (mine.numbers !== theirs.numbers)
    notes.push(`the numbers differ (${theirs.numbersText || 'none'} earlier, ${mine.numbersText || 'none'} here)`)
  return notes.length ? notes.join('; ') : undefined
}

interface Prepared extends Reading {
  entry: LibraryEntry
  family: string
  label?: AnswerLabel
}

/** The company's earlier answered questionnaires, prepared for matching question to question. */
export class EarlierAnswers {
  private readonly entries: Prepared[]
  private readonly byId = new Map<string, Prepared[]>()
  /** Entries by their normalised text, for exact matches. */
  private readonly byNormal = new Map<string, Prepared[]>()
  /**
   * Entries by what a match must agree on (agreementKey): a question is compared word by word only with these, so a
   * library of thousands of questions costs a lookup, not a comparison with each of them. In entry order.
   */
  private readonly byAgreement = new Map<string, Prepared[]>()
  /** Paraphrase-aware overlap against the entries' own words (termOverlap's figures, computed faster). */
  private readonly overlap: LibraryOverlap

  /**
   * `kind`: the kind of the questionnaire being answered, to compare ids within one family only. `whose`: the product
   * the questionnaire is for and each library file's identity, to tell another product's answers apart.
   */
  constructor(
    entries: LibraryEntry[],
    private readonly kind?: string,
    private readonly whose: Whose = {},
  ) {
    this.entries = entries.map((entry) => ({
      ...read(entry.question),
      entry,
      family: family(entry.kind),
      label: labelOfCell(entry.answer),
    }))
    this.overlap = new LibraryOverlap(this.entries.flatMap((p) => [...p.terms]))
    const add = (map: Map<string, Prepared[]>, key: string, p: Prepared) => {
      const list = map.get(key)
      if (list) list.push(p)
      else map.set(key, [p])
    }
    for (const p of this.entries) {
      if (p.entry.id) add(this.byId, p.entry.id.toUpperCase(), p)
      if (p.normal) add(this.byNormal, p.normal, p)
      add(this.byAgreement, p.agreement, p)
    }
  }

  get size(): number {
    return this.entries.length
  }

  /**
   * The best earlier answer to this question, or undefined. `self` names the file the question itself lives in:
   * a row is never matched to its own earlier answer (an uploaded form's kept answers are library entries too).
   */
  match(q: Pick<Question, 'key' | 'id' | 'text'>, self?: string): LibraryMatch | undefined {
    const mine = read(q.text)
    const usable = (p: Prepared) =>
      !(self && p.entry.file === self && p.entry.key === q.key) && Boolean(p.entry.answer || p.entry.comment)
    // Other numbers ("3 years" for "5 years", "FIPS 140-2" for "FIPS 140-3") or another condition make another
    // question, however alike the words: offered for a person to check, never reused as it stands.
    const asksTheSame = (p: Prepared) => p.numbers === mine.numbers && p.condition === mine.condition
    const myFamily = family(this.kind)
    let best: { p: Prepared; strength: MatchStrength; similarity: number } | undefined
    const rank = (strength: MatchStrength, similarity: number) =>
      ({ exact: 3, 'same-id': 2, 'near-exact': 1, similar: 0 })[strength] + similarity
    const consider = (p: Prepared, strength: MatchStrength, similarity: number) => {
      if (!best || rank(strength, similarity) > rank(best.strength, best.similarity)) best = { p, strength, similarity }
    }
    // An exact match outranks every other kind, so the exact ones are considered first (in entry order, as the
    // others are): the best match is the same as comparing with every entry in order.
    for (const p of mine.normal ? (this.byNormal.get(mine.normal) ?? []) : []) if (usable(p)) consider(p, 'exact', 1)
    // The same question asked in several earlier questionnaires (the same form answered each year) is compared once.
    const overlaps = new Map<string, number>()
    for (const p of this.byAgreement.get(mine.agreement) ?? []) {
      if (!usable(p) || (p.normal === mine.normal && p.normal)) continue
      // The overlap cannot exceed |mine| / |theirs| (see termOverlap): an entry with far more words than this
      // question is never similar to it.
      if (mine.terms.size < SIMILAR * p.terms.size) continue
      let similarity = overlaps.get(p.entry.question)
      if (similarity === undefined) {
        similarity = this.overlap.overlap(mine.terms, p.terms)
        overlaps.set(p.entry.question, similarity)
      }
      // Two published forms of different families word the same practice for different scopes; a company's own
      // question-and-answer list (no family) is its own wording, reusable wherever a question says the same.
      const comparable = (!myFamily || !p.family || p.family === myFamily) && asksTheSame(p)
      if (similarity >= NEAR_EXACT && comparable) consider(p, 'near-exact', similarity)
      else if (similarity >= SIMILAR) consider(p, 'similar', similarity)
    }
    // The same id in the same family is the same question when the text confirms it (versions reword a little).
    for (const p of this.byId.get(q.id.toUpperCase()) ?? []) {
      if (!usable(p) || !myFamily || p.family !== myFamily || p.agreement !== mine.agreement || !asksTheSame(p))
        continue
      const similarity = this.overlap.overlap(mine.terms, p.terms)
      if (similarity >= SAME_ID_MIN) consider(p, 'same-id', similarity)
    }
    if (!best) return undefined
    const { p, strength, similarity } = best
    // Only the match kept says what differs: the person checks that part before reusing the answer.
    const differs = strength === 'similar' ? difference(mine, p) : undefined
    return { entry: p.entry, strength, similarity, label: p.label, ...(differs ? { differs } : {}) }
  }

  /**
   * The reused answer: the earlier label (for a Yes/No question) or text (for a free-text one), the earlier
   * explanation as its comment, cited to the cells. Exact and same-family near-exact matches stand; weaker ones are
   * flagged for a check. An earlier N/A or an earlier free-text answer to a Yes/No question is not reused.
   */
  answer(q: Question, self?: string): Answer | undefined {
    const m = this.match(q, self)
    if (!m) return undefined
    const { entry } = m
    const yesNo = isYesNoQuestion(q)
    if (yesNo && (!m.label || m.label === 'N/A')) return undefined
    if (!yesNo && !entry.answer && !entry.comment) return undefined
    const citations = libraryCitations(entry)
    const rule = LIBRARY_RULES.find((r) => r.when(m))
    if (!citations.length || !rule) return undefined
    const text = yesNo
      ? (entry.comment ?? entry.answer)
      : [m.label ? '' : entry.answer, entry.comment ?? ''].filter(Boolean).join(' ') || entry.answer
    const reused: Answer = {
      key: q.key,
      label: yesNo ? m.label! : 'YES',
      text,
      confidence: rule.confidence,
      citations,
      flagged: rule.check,
      reasons: rule.check
        ? [
            `${SIMILAR_REASON} ("${entry.question.replace(/\s+/g, ' ').slice(0, 90)}", ${entry.file}, ${entry.location})${m.differs ? `: ${m.differs}` : ''}`,
          ]
        : [],
      reusedFrom: `${entry.file}, ${entry.location}`,
      signals: { similarity: m.similarity },
      rule: rule.name,
      rules: [rule.name],
    }
    const other = otherProduct(this.whose, entry.file)
    const checked = other ? OTHER_PRODUCT.then(reused, other) : reused
    return PERIOD.when(q) ? PERIOD.then(checked) : checked
  }
}

/** The answer cell (whole) and a verbatim span of the explanation cell (at most 180 characters). */
export function libraryCitations(entry: LibraryEntry): Citation[] {
  const out: Citation[] = []
  if (entry.answer && entry.location !== entry.commentLocation)
    out.push({ file: entry.file, location: entry.location, quote: clipQuote(normalizeText(entry.answer)) })
  if (entry.comment && entry.commentLocation)
    out.push({ file: entry.file, location: entry.commentLocation, quote: clipQuote(normalizeText(entry.comment)) })
  return out
}
