import type { EvidenceDocument } from '../../evidence/model'
import { LIST_MARK, splitSentences } from '../../evidence/text'
import { isFurniture, repeatKey, runningLines } from './boilerplate'
import { coverageOf, hitOf, planOf, topByScore } from './coverage'
import { Marks } from './marks'
import { isHeading, locationHeading } from './headings'
import { introducesProviderHoldings } from './providers'
import { terms } from './terms'
import type { Hit, QueryTerm, Sentence } from './model'
import { ParaphraseFinder } from './paraphrase.server'
import { weighQuery } from './weights'
import { endsWithColon, isPlainWord } from './text'

export type { Hit, QueryTerm, Sentence } from './model'

/** BM25 picks this many candidates; coverage re-ranks them (context-matched sentences score low on BM25 alone). */
const RERANK_POOL = 200

const MIN_SENTENCE_CHARS = 20

/**
 * BM25 over evidence sentences with an inverted index, so a question only scores sentences that share a term
 * with it. Sentences are the unit of evidence (what gets quoted); their neighbours and section heading supply
 * context, so "Backups" over "Catalog is backed up daily" still says what is backed up.
 */
export class SentenceIndex {
  readonly sentences: Sentence[] = []
  private readonly postings = new Map<string, number[]>()
  /** Headings as sections: the heading each sentence sits under, and the sections each heading term names. */
  private readonly sectionOf: number[] = []
  private readonly sectionPostings = new Map<string, number[]>()
  private sections = 0
  private readonly documentStarts: number[] = []
  private readonly marks: Marks

  constructor(docs: EvidenceDocument[]) {
    for (const doc of docs) this.addDocument(doc)
    const avgLength = this.sentences.reduce((n, s) => n + s.length, 0) / Math.max(1, this.sentences.length) || 1
    const opensDocument = new Uint8Array(this.sentences.length)
    for (const id of this.documentStarts) opensDocument[id] = 1
    this.marks = new Marks({
      postings: this.postings,
      sectionPostings: this.sectionPostings,
      lengths: this.sentences.map((s) => s.length),
      sectionOf: Int32Array.from(this.sectionOf),
      opensDocument,
      sections: this.sections,
      avgLength,
    })
  }

  private addDocument(doc: EvidenceDocument): void {
    const first = this.sentences.length
    let heading: string[] = []
    let headingLocation = ''
    const headings: string[][] = []
    // Lists run across passages (a page break mid-list); a heading or a sentence that is not an item ends them.
    let previous = ''
    let providerList = false
    const running = runningLines(doc.passages, splitSentences)
    for (const passage of doc.passages) {
      // A table row's header says what its cells are: context, like a heading.
      const pathHeading = [locationHeading(passage.location), passage.context ?? ''].join(' ').trim()
      if (pathHeading !== headingLocation) {
        headingLocation = pathHeading
        heading = terms(pathHeading)
      }
      for (const text of splitSentences(passage.text)) {
        if (isHeading(text, passage)) {
          heading = [...terms(pathHeading), ...terms(text)]
          providerList = false
          continue
        }
        if (text.length < MIN_SENTENCE_CHARS) continue
        // Signature blocks, tables of contents, running headers and footers never answer a question.
        if (isFurniture(text) || running.has(repeatKey(text))) continue
        const item = LIST_MARK.test(text)
        if (!item) {
          providerList = endsWithColon(text) && introducesProviderHoldings(`${previous} ${text}`)
          previous = text
        }
        const list = terms(text)
        if (!list.length) continue
        const sentence: Sentence = {
          id: this.sentences.length,
          passage,
          // The quote leaves a list mark out ("• ", "- "): still a verbatim span of the passage.
          text: text.replace(LIST_MARK, ''),
          terms: new Set(list),
          length: list.length,
          context: new Set(),
          section: new Set(),
        }
        if (item && providerList) sentence.providerHolding = true
        this.sentences.push(sentence)
        headings.push(heading)
        for (const t of sentence.terms) {
          let post = this.postings.get(t)
          if (!post) this.postings.set(t, (post = []))
          post.push(sentence.id)
        }
      }
    }
    if (this.sentences.length > first) this.documentStarts.push(first)
    const sectionIds = new Map<string[], number>()
    for (let id = first; id < this.sentences.length; id++) {
      const s = this.sentences[id]!
      const heading = headings[id - first]!
      let section = sectionIds.get(heading)
      if (section === undefined) {
        sectionIds.set(heading, (section = this.sections++))
        for (const t of new Set(heading)) {
          let post = this.sectionPostings.get(t)
          if (!post) this.sectionPostings.set(t, (post = []))
          post.push(section)
        }
      }
      this.sectionOf.push(section)
      for (const t of heading) s.context.add(t)
      const neighbours = [this.sentences[id - 1], this.sentences[id + 1]].filter(
        (n): n is Sentence => n !== undefined && n.id >= first,
      )
      for (const n of neighbours) for (const t of n.terms) s.context.add(t)
      const same = neighbours.filter((n) => headings[n.id - first] === heading)
      s.section =
        same.length === neighbours.length ? s.context : new Set([...heading, ...same.flatMap((n) => [...n.terms])])
    }
  }

  private readonly paraphrases = new ParaphraseFinder(() => [...this.postings.keys()].filter(isPlainWord))

  /** The closest word the evidence uses for a word it never uses (word vectors: paraphrase.server.ts). */
  paraphrase(term: string): { stem: string; similarity: number } | undefined {
    return isPlainWord(term) && !this.df(term) ? this.paraphrases.closest(term) : undefined
  }

  private lower?: Set<string>

  /**
   * Whether the evidence writes the word in lower case somewhere ("internet", "internal"): then it is a common word,
   * whatever capitals a question gives it, not a name ("Kerberos"). Read once, on first use.
   */
  writesLower(word: string): boolean {
    this.lower ??= new Set(this.sentences.flatMap((s) => s.text.match(/\b[a-z][a-z-]*\b/g) ?? []))
    return this.lower.has(word.toLowerCase())
  }

  /** How many sentences mention the term. */
  df(term: string): number {
    return this.postings.get(term)?.length ?? 0
  }

  idf(term: string): number {
    const df = this.df(term)
    return Math.log(1 + (this.sentences.length - df + 0.5) / (df + 0.5))
  }

  /** The question's weighted terms (see weights.ts). */
  queryTerms(
    text: string,
    examples: string[][] = [],
    damp: (term: string) => number = () => 1,
    known?: string[],
  ): QueryTerm[] {
    return weighQuery(this, text, examples, damp, known)
  }

  search(query: QueryTerm[], limit = 8): Hit[] {
    const plan = planOf(query)
    if (!plan.total) return []
    const { marks } = this
    marks.mark(query)
    try {
      // Rank by how much of the question a sentence covers, then by BM25, so a long sentence that repeats one
      // rare word does not beat one that states the whole practice. Only the hits kept are read in full.
      const pool = topByScore(marks.touched, marks.scores(), RERANK_POOL)
      const coverage = marks.coverages()
      for (const id of pool) coverage[id] = coverageOf(plan, marks, id)
      const score = marks.scores()
      pool.sort((a, b) => coverage[b]! - coverage[a]! || score[b]! - score[a]! || a - b)
      return pool.slice(0, limit).map((id) => hitOf(plan, marks, this.sentences[id]!))
    } finally {
      marks.clear()
    }
  }
}
