import type { EvidenceDocument } from '../../evidence/model'
import { splitSentences } from '../../evidence/text'
import { isFurniture, repeatKey, runningLines } from './boilerplate'
import { isHeading, locationHeading } from './headings'
import { introducesProviderHoldings, LIST_ITEM } from './providers'
import { terms } from './terms'
import type { Hit, QueryTerm, Sentence } from './model'
import { ParaphraseFinder } from './paraphrase.server'
import { weighQuery } from './weights'

export type { Hit, QueryTerm, Sentence } from './model'

/** Context (neighbours, heading) counts half: it says what a statement is about, not that it is stated. */
const CONTEXT_SHARE = 0.5
/** Share of the heaviest words a sentence needs when the question names no security concept. */
const WORD_CORE = 0.7

/** BM25 picks this many candidates; coverage re-ranks them (context-matched sentences score low on BM25 alone). */
const RERANK_POOL = 200

const K1 = 1.2
const B = 0.75
const MIN_SENTENCE_CHARS = 20

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
        if (isHeading(text)) {
          heading = [...terms(pathHeading), ...terms(text)]
          providerList = false
          continue
        }
        if (text.length < MIN_SENTENCE_CHARS) continue
        // Signature blocks, tables of contents, running headers and footers never answer a question.
        if (isFurniture(text) || running.has(repeatKey(text))) continue
        const item = LIST_ITEM.test(text)
        if (!item) {
          providerList = /:\s*$/.test(text) && introducesProviderHoldings(`${previous} ${text}`)
          previous = text
        }
        const list = terms(text)
        if (!list.length) continue
        const sentence: Sentence = {
          id: this.sentences.length,
          passage,
          // The quote leaves a list mark out ("• ", "- "): still a verbatim span of the passage.
          text: text.replace(LIST_ITEM, ''),
          terms: new Set(list),
          length: list.length,
          context: new Set(),
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
    for (let id = first; id < this.sentences.length; id++) {
      const s = this.sentences[id]!
      for (const t of headings[id - first]!) s.context.add(t)
      for (const n of [this.sentences[id - 1], this.sentences[id + 1]]) {
        if (n && n.id >= first) for (const t of n.terms) s.context.add(t)
      }
    }
  }

  private readonly paraphrases = new ParaphraseFinder(() => [...this.postings.keys()].filter((t) => /^[a-z]+$/.test(t)))

  /** The closest word the evidence uses for a word it never uses (word vectors: paraphrase.server.ts). */
  paraphrase(term: string): { stem: string; similarity: number } | undefined {
    return /^[a-z]+$/.test(term) && !this.df(term) ? this.paraphrases.closest(term) : undefined
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
  queryTerms(text: string, examples: string[][] = [], damp: (term: string) => number = () => 1): QueryTerm[] {
    return weighQuery(this, text, examples, damp)
  }

  search(query: QueryTerm[], limit = 8): Hit[] {
    // An example list weighs as much as its heaviest item, and counts as matched by its best matched item.
    const groupMax = new Map<number, number>()
    for (const q of query)
      if (q.group !== undefined) groupMax.set(q.group, Math.max(groupMax.get(q.group) ?? 0, q.weight))
    const total =
      query.reduce((n, q) => n + (q.group === undefined ? q.weight : 0), 0) +
      [...groupMax.values()].reduce((a, b) => a + b, 0)
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
      const missing = query.some(
        (q) => q.required && q.group === undefined && !sentence.terms.has(q.term) && !sentence.context.has(q.term),
      )
      const groupMissing = [...requiredGroups].some(
        (g) => !query.some((q) => q.group === g && (sentence.terms.has(q.term) || sentence.context.has(q.term))),
      )
      const coreCoverage = missing || groupMissing ? 0 : coreTotal ? core / coreTotal : 1
      // Without a named subject, the heaviest words stand in for it: most of them must be there.
      const wordsOnly = !query.some((q) => q.required)
      const required = query.filter((q) => q.required)
      const subjectsOwn =
        required.length > 0 &&
        required.every((q) => q.group !== undefined || sentence.terms.has(q.term)) &&
        [...requiredGroups].every((g) => query.some((q) => q.group === g && sentence.terms.has(q.term)))
      return {
        sentence,
        score,
        ownCoverage: own / total,
        coverage: Math.min(1, (own + withContext) / total),
        coreCoverage: wordsOnly && coreCoverage < WORD_CORE ? 0 : coreCoverage,
        coreOwn,
        subjectsOwn,
        matched,
      }
    })
    // Rank by how much of the question a sentence covers, then by BM25, so a long sentence that repeats one
    // rare word does not beat one that states the whole practice.
    return hits
      .sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.sentence.id - b.sentence.id)
      .slice(0, limit)
  }
}
