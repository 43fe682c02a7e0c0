import type { Passage } from '../../evidence/model'

/** What retrieval hands the engines: evidence sentences, the question's weighted terms, and scored hits. */

export interface Sentence {
  id: number
  passage: Passage
  text: string
  terms: Set<string>
  length: number
  /**
   * Terms of the neighbouring sentences and of the section heading: what the sentence is about, unsaid. Retrieval's
   * coverage reads it (marks.ts keeps the same).
   */
  context: Set<string>
  /**
   * The context its own section gives it: the heading and the neighbours under that heading. What the checks that a
   * sentence names something read: the first sentence of the next section ("We hand no data to the police unless a
   * statute requires it") says nothing about this one's subject. The same set as `context` when no neighbour is of
   * another section.
   */
  section: Set<string>
  /** An item of a list introduced as the hosting provider's accreditations: true of the provider, not the vendor. */
  providerHolding?: boolean
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

/** Term statistics of an index: how many sentences use a term, and its inverse document frequency. */
export interface TermStats {
  df(term: string): number
  idf(term: string): number
  /** The evidence's closest paraphrase of a term it never uses ("contract" -> "agreement"), if one is close enough. */
  paraphrase?(term: string): { stem: string; similarity: number } | undefined
}
