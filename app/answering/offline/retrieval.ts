import type { EvidenceDocument, Passage } from '../../evidence/model'
import { splitSentences } from '../../evidence/text'
import { GENERIC, terms } from './tokens'

export interface Sentence {
  id: number
  passage: Passage
  text: string
  terms: Set<string>
  length: number
}

export interface Hit {
  sentence: Sentence
  /** BM25 score: for ranking only. */
  score: number
  /** Share (0-1) of the question's weighted terms this sentence (with its passage as context) contains. */
  coverage: number
  /** Share of the question's weighted terms in the sentence alone. */
  ownCoverage: number
  matched: Set<string>
}

export interface QueryTerm {
  term: string
  weight: number
  /** Terms of one example list share a group: any one of them satisfies the whole list. */
  group?: number
}

/** Concepts too broad to show that a sentence is about the question's subject. */
const BROAD = new Set(['#policy', '#audit', '#monitoring', '#thirdparty'])
const MAX_WEIGHT = 6

const K1 = 1.2
const B = 0.75
const MIN_SENTENCE_CHARS = 20

/**
 * BM25 over evidence sentences with an inverted index, so a question only scores sentences that share a term
 * with it. Sentences are the unit of evidence (what gets quoted); their passage supplies context.
 */
export class SentenceIndex {
  readonly sentences: Sentence[] = []
  private readonly postings = new Map<string, number[]>()
  private readonly passageTerms = new Map<Passage, Set<string>>()
  private avgLength = 1

  constructor(docs: EvidenceDocument[]) {
    for (const doc of docs) {
      for (const passage of doc.passages) {
        const all = new Set<string>()
        for (const text of splitSentences(passage.text)) {
          if (text.length < MIN_SENTENCE_CHARS) continue
          const list = terms(text)
          const sentence: Sentence = { id: this.sentences.length, passage, text, terms: new Set(list), length: list.length }
          this.sentences.push(sentence)
          for (const t of sentence.terms) {
            all.add(t)
            let post = this.postings.get(t)
            if (!post) this.postings.set(t, (post = []))
            post.push(sentence.id)
          }
        }
        this.passageTerms.set(passage, all)
      }
    }
    this.avgLength = this.sentences.reduce((n, s) => n + s.length, 0) / Math.max(1, this.sentences.length) || 1
  }

  idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0
    return Math.log(1 + (this.sentences.length - df + 0.5) / (df + 0.5))
  }

  /** The question's terms with their weights: rare terms count more, form words ("documented") count less. */
  /**
   * The question's terms with their weights: rarer terms count more (capped, so one odd word of phrasing cannot
   * outweigh the subject), form words ("documented") and broad concepts count less, security concepts more.
   */
  queryTerms(text: string, examples: string[][] = []): QueryTerm[] {
    const weigh = (term: string) => {
      let w = Math.min(MAX_WEIGHT, this.idf(term))
      if (GENERIC.has(term)) w *= 0.2
      else if (BROAD.has(term)) w *= 0.5
      else if (term.startsWith('#')) w *= 1.5
      return w
    }
    const main = [...new Set(terms(text))]
    const seen = new Set(main)
    const out: QueryTerm[] = main.map((term) => ({ term, weight: weigh(term) }))
    examples.forEach((group, g) => {
      for (const term of group) if (!seen.has(term)) out.push({ term, weight: weigh(term), group: g })
    })
    return out
  }

  search(query: QueryTerm[], limit = 8): Hit[] {
    // An example list weighs as much as its heaviest item, and counts as matched by its best matched item.
    const groupMax = new Map<number, number>()
    for (const q of query) if (q.group !== undefined) groupMax.set(q.group, Math.max(groupMax.get(q.group) ?? 0, q.weight))
    const total = query.reduce((n, q) => n + (q.group === undefined ? q.weight : 0), 0) + [...groupMax.values()].reduce((a, b) => a + b, 0)
    if (!total) return []
    const scores = new Map<number, number>()
    for (const { term, weight } of query) {
      for (const id of this.postings.get(term) ?? []) {
        const s = this.sentences[id]!
        const norm = K1 * (1 - B + (B * s.length) / this.avgLength)
        scores.set(id, (scores.get(id) ?? 0) + (weight * (K1 + 1)) / (1 + norm))
      }
    }
    const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit * 4)
    const hits = ranked.map(([id, score]) => {
      const sentence = this.sentences[id]!
      const context = this.passageTerms.get(sentence.passage)!
      let own = 0
      let withContext = 0
      const matched = new Set<string>()
      const groupOwn = new Map<number, number>()
      const groupContext = new Map<number, number>()
      for (const { term, weight, group } of query) {
        const inSentence = sentence.terms.has(term)
        if (inSentence) matched.add(term)
        if (group !== undefined) {
          if (inSentence) groupOwn.set(group, Math.max(groupOwn.get(group) ?? 0, weight))
          else if (context.has(term)) groupContext.set(group, Math.max(groupContext.get(group) ?? 0, weight * 0.5))
        } else if (inSentence) own += weight
        else if (context.has(term)) withContext += weight * 0.5
      }
      for (const w of groupOwn.values()) own += w
      for (const [g, w] of groupContext) if (!groupOwn.has(g)) withContext += w
      return { sentence, score, ownCoverage: own / total, coverage: Math.min(1, (own + withContext) / total), matched }
    })
    // Rank by how much of the question a sentence covers, then by BM25, so a long sentence that repeats one
    // rare word does not beat one that states the whole practice.
    return hits.sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.sentence.id - b.sentence.id).slice(0, limit)
  }
}
