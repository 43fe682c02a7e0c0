import type { EvidenceDocument, Passage } from '../../evidence/model'
import { splitSentences } from '../../evidence/text'
import { GENERIC, subjectStems, terms, words } from './tokens'

export interface Sentence {
  id: number
  passage: Passage
  text: string
  terms: Set<string>
  length: number
  /** Terms of the neighbouring sentences and of the section heading: what the sentence is about, unsaid. */
  context: Set<string>
}

export interface Hit {
  sentence: Sentence
  /** BM25 score: for ranking only. */
  score: number
  /** Share (0-1) of the question's weighted terms this sentence (with its neighbours and heading as context) contains. */
  coverage: number
  /** Share of the question's weighted terms in the sentence alone. */
  ownCoverage: number
  /** Share of the question's core terms (the heaviest: its subject) the sentence or its context contains. */
  coreCoverage: number
  /** The sentence itself names part of the question's core: a quote of it shows what it is about. */
  coreOwn: boolean
  /** Every named subject of the question is in the sentence itself (none only around it). */
  subjectsOwn: boolean
  matched: Set<string>
}

export interface QueryTerm {
  term: string
  weight: number
  /** Terms of one example list share a group: any one of them satisfies the whole list. */
  group?: number
  /** One of the question's heaviest terms: what it is about. */
  core?: boolean
  /** A named subject (a security concept, an acronym): evidence must mention it, in the sentence or around it. */
  required?: boolean
}

/** Concepts too broad to show that a sentence is about the question's subject. */
const BROAD = new Set(['#policy', '#audit', '#monitoring', '#thirdparty'])
const MAX_WEIGHT = 5
/** A security concept weighs at least this (before its bonus), however often the evidence mentions it. */
const MIN_CONCEPT_WEIGHT = 3
/**
 * A question word found nowhere in the evidence ("involatile", "accomodate") cannot be matched by any sentence:
 * at full weight it would sink every candidate, at none a question about an absent subject would look answered.
 * It weighs like a common word, and the core-concept check in the engine keeps absent subjects unanswered.
 */
const ABSENT_WEIGHT = 1
/** Context (neighbours, heading) counts half: it says what a statement is about, not that it is stated. */
const CONTEXT_SHARE = 0.5
/** Terms weighing at least this share of the heaviest are the question's core. */
const CORE_SHARE = 0.6
/** Share of the heaviest words a sentence needs when the question names no security concept. */
const WORD_CORE = 0.7

/** BM25 picks this many candidates; coverage re-ranks them (context-matched sentences score low on BM25 alone). */
const RERANK_POOL = 200

const K1 = 1.2
const B = 0.75
const MIN_SENTENCE_CHARS = 20
const HEADING_CHARS = 70

/**
 * BM25 over evidence sentences with an inverted index, so a question only scores sentences that share a term
 * with it. Sentences are the unit of evidence (what gets quoted); their neighbours and section heading supply
 * context, so "Backups" over "Catalog is backed up daily" still says what is backed up.
 */
export class SentenceIndex {
  readonly sentences: Sentence[] = []
  private readonly postings = new Map<string, number[]>()
  private avgLength = 1

  constructor(docs: EvidenceDocument[]) {
    for (const doc of docs) this.addDocument(doc)
    this.avgLength = this.sentences.reduce((n, s) => n + s.length, 0) / Math.max(1, this.sentences.length) || 1
  }

  private addDocument(doc: EvidenceDocument): void {
    const first = this.sentences.length
    let heading: string[] = []
    let headingLocation = ''
    const headings: string[][] = []
    for (const passage of doc.passages) {
      const pathHeading = locationHeading(passage.location)
      if (pathHeading !== headingLocation) {
        headingLocation = pathHeading
        heading = terms(pathHeading)
      }
      for (const text of splitSentences(passage.text)) {
        if (isHeading(text)) {
          heading = [...terms(pathHeading), ...terms(text)]
          continue
        }
        if (text.length < MIN_SENTENCE_CHARS) continue
        const list = terms(text)
        if (!list.length) continue
        const sentence: Sentence = { id: this.sentences.length, passage, text, terms: new Set(list), length: list.length, context: new Set() }
        this.sentences.push(sentence)
        headings.push(heading)
        for (const t of sentence.terms) {
          let post = this.postings.get(t)
          if (!post) this.postings.set(t, (post = []))
          post.push(sentence.id)
        }
      }
    }
    for (let id = first; id < this.sentences.length; id++) {
      const s = this.sentences[id]!
      for (const t of headings[id - first]!) s.context.add(t)
      for (const n of [this.sentences[id - 1], this.sentences[id + 1]]) {
        if (n && n.id >= first) for (const t of n.terms) s.context.add(t)
      }
    }
  }

  /** How many sentences mention the term. */
  df(term: string): number {
    return this.postings.get(term)?.length ?? 0
  }

  idf(term: string): number {
    const df = this.df(term)
    return Math.log(1 + (this.sentences.length - df + 0.5) / (df + 0.5))
  }

  /**
   * The question's terms with their weights: rarer terms count more (capped, so one odd word of phrasing cannot
   * outweigh the subject), form words ("documented") and broad concepts count less, security concepts more;
   * `damp` lowers the questionnaire's own boilerplate (words most of its questions share).
   */
  queryTerms(text: string, examples: string[][] = [], damp: (term: string) => number = () => 1): QueryTerm[] {
    // A security concept or an acronym the evidence never uses is still the question's subject ("single-tenant",
    // "NGPT"): it keeps full weight, so evidence about something else does not answer the question.
    const acronyms = new Set((text.match(/\b[A-Z][A-Z0-9]{1,5}s?\b/g) ?? []).flatMap((a) => words(a)))
    const subject = (term: string) => (term.startsWith('#') && !BROAD.has(term)) || acronyms.has(term)
    const asSubject = subjectStems(text)
    const generic = (term: string) => GENERIC.has(term) && !asSubject.has(term)
    const weigh = (term: string) => {
      let w = this.df(term) || subject(term) ? Math.min(MAX_WEIGHT, this.idf(term)) : ABSENT_WEIGHT
      if (generic(term)) w *= 0.2
      else if (BROAD.has(term)) w = Math.max(w, MIN_CONCEPT_WEIGHT) * 0.75
      else if (term.startsWith('#')) w = Math.max(w, MIN_CONCEPT_WEIGHT) * 1.5
      return w * damp(term)
    }
    const main = [...new Set(terms(text))]
    const seen = new Set(main)
    const out: QueryTerm[] = main.map((term) => ({ term, weight: weigh(term) }))
    examples.forEach((group, g) => {
      for (const term of group) if (!seen.has(term)) out.push({ term, weight: weigh(term), group: g })
    })
    // The core is what the question is about: its security concepts and acronyms when it names any (an example
    // list naming one counts), else its heaviest words.
    const named = out.filter((q) => !generic(q.term) && (q.group === undefined ? subject(q.term) : out.some((o) => o.group === q.group && subject(o.term))))
    if (named.length) {
      // Named subjects are all required, third parties and audits included ("a third party audit of accessibility").
      for (const q of [...named, ...out.filter((o) => o.group === undefined && BROAD.has(o.term) && o.term !== '#policy')]) {
        q.core = true
        q.required = true
      }
    }
    else {
      const broad = out.filter((q) => BROAD.has(q.term))
      const top = Math.max(0, ...out.filter((q) => q.group === undefined).map((q) => q.weight))
      for (const q of broad.length ? broad : out) if (q.group === undefined && (broad.length || q.weight >= top * CORE_SHARE)) q.core = true
    }
    return out
  }

  search(query: QueryTerm[], limit = 8): Hit[] {
    // An example list weighs as much as its heaviest item, and counts as matched by its best matched item.
    const groupMax = new Map<number, number>()
    for (const q of query) if (q.group !== undefined) groupMax.set(q.group, Math.max(groupMax.get(q.group) ?? 0, q.weight))
    const total = query.reduce((n, q) => n + (q.group === undefined ? q.weight : 0), 0) + [...groupMax.values()].reduce((a, b) => a + b, 0)
    if (!total) return []
    const coreGroups = new Set(query.filter((q) => q.core && q.group !== undefined).map((q) => q.group!))
    const requiredGroups = new Set(query.filter((q) => q.required && q.group !== undefined).map((q) => q.group!))
    const scores = new Map<number, number>()
    for (const { term, weight } of query) {
      for (const id of this.postings.get(term) ?? []) {
        const s = this.sentences[id]!
        const norm = K1 * (1 - B + (B * s.length) / this.avgLength)
        scores.set(id, (scores.get(id) ?? 0) + (weight * (K1 + 1)) / (1 + norm))
      }
    }
    const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, RERANK_POOL)
    const hits = ranked.map(([id, score]) => {
      const sentence = this.sentences[id]!
      let own = 0
      let withContext = 0
      let core = 0
      let coreTotal = 0
      let coreOwn = false
      const matched = new Set<string>()
      const groupOwn = new Map<number, number>()
      const groupContext = new Map<number, number>()
      for (const q of query) {
        const { term, weight, group } = q
        const inSentence = sentence.terms.has(term)
        const inContext = !inSentence && sentence.context.has(term)
        if (inSentence) matched.add(term)
        if (q.core || (group !== undefined && coreGroups.has(group))) coreOwn ||= inSentence
        if (q.core) {
          coreTotal += weight
          core += inSentence ? weight : inContext ? weight * CONTEXT_SHARE : 0
        }
        if (group !== undefined) {
          if (inSentence) groupOwn.set(group, Math.max(groupOwn.get(group) ?? 0, weight))
          else if (inContext) groupContext.set(group, Math.max(groupContext.get(group) ?? 0, weight * CONTEXT_SHARE))
        } else if (inSentence) own += weight
        else if (inContext) withContext += weight * CONTEXT_SHARE
      }
      for (const w of groupOwn.values()) own += w
      for (const [g, w] of groupContext) if (!groupOwn.has(g)) withContext += w
      const missing = query.some((q) => q.required && q.group === undefined && !sentence.terms.has(q.term) && !sentence.context.has(q.term))
      const groupMissing = [...requiredGroups].some((g) => !query.some((q) => q.group === g && (sentence.terms.has(q.term) || sentence.context.has(q.term))))
      const coreCoverage = missing || groupMissing ? 0 : coreTotal ? core / coreTotal : 1
      // Without a named subject, the heaviest words stand in for it: most of them must be there.
      const wordsOnly = !query.some((q) => q.required)
      const required = query.filter((q) => q.required)
      const subjectsOwn =
        required.length > 0 &&
        required.every((q) => q.group !== undefined || sentence.terms.has(q.term)) &&
        [...requiredGroups].every((g) => query.some((q) => q.group === g && sentence.terms.has(q.term)))
      return { sentence, score, ownCoverage: own / total, coverage: Math.min(1, (own + withContext) / total), coreCoverage: wordsOnly && coreCoverage < WORD_CORE ? 0 : coreCoverage, coreOwn, subjectsOwn, matched }
    })
    // Rank by how much of the question a sentence covers, then by BM25, so a long sentence that repeats one
    // rare word does not beat one that states the whole practice.
    return hits.sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.sentence.id - b.sentence.id).slice(0, limit)
  }
}

/** A heading line: short, no closing stop, not a bullet; it names the section the next sentences belong to. */
function isHeading(text: string): boolean {
  const t = text.trim()
  if (t.length > HEADING_CHARS || /[.!?:;,]$/.test(t) || /^[•·▪◦●○■□*+\-–]/.test(t)) return false
  if (!/^[A-Z0-9]/.test(t) || /\s{3,}|\.{3,}/.test(t)) return false
  // Title case ("Backup and Recovery Practices") or a few words: a one-line statement without a stop is evidence.
  const words = t.split(/\s+/).filter((w) => !SMALL_WORDS.has(w.toLowerCase()))
  const capitalised = words.filter((w) => /^[A-Z0-9(“"']/.test(w)).length
  return words.length <= 3 || (words.length <= 9 && capitalised >= words.length * 0.75)
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'or', 'of', 'the', 'to', 'in', 'on', 'for', 'with', 'by', 'at', 'from', 'vs', 'via'])

/** The heading path a location carries ("Security > Encryption"), or '' for page, line and cell locations. */
function locationHeading(location: string): string {
  if (/^(?:page|line|paragraph) \d+$/i.test(location) || /![A-Z]+\d+$/.test(location)) return ''
  return location
}
