import type { QueryTerm } from './model'

const K1 = 1.2
const B = 0.75

/** The index's layout as marking needs it: set once the index is built. */
export interface Layout {
  /** Sentence ids per term (ascending). */
  postings: Map<string, number[]>
  /** Section ids per heading term: the heading (and table header) a sentence sits under is its section. */
  sectionPostings: Map<string, number[]>
  /** Per sentence: its length in terms, its section, and whether it opens its document (no neighbour before). */
  lengths: number[]
  sectionOf: Int32Array
  opensDocument: Uint8Array
  sections: number
  avgLength: number
}

/**
 * One query's marks on the index, in scratch arrays reused from query to query: each matched sentence's BM25 score
 * and which query terms it holds (a bit per term), and which terms each section's heading holds. A sentence's
 * context (its heading and its two neighbours) then holds a term when its section or a neighbour does: the same
 * as the context sets the index keeps, without a string lookup per sentence and term.
 */
export class Marks {
  /** The sentences sharing a term with the query: no other sentence is scored. */
  touched: number[] = []
  /** 32-bit words of term bits per sentence. */
  words = 1
  private readonly denominators: Float64Array
  private score: Float64Array
  private coverage: Float64Array
  private own = new Uint32Array(0)
  private heading = new Uint32Array(0)
  private markedSections: number[] = []

  constructor(private readonly layout: Layout) {
    const { lengths, avgLength } = layout
    this.denominators = Float64Array.from(lengths, (length) => 1 + K1 * (1 - B + (B * length) / avgLength))
    this.score = new Float64Array(lengths.length)
    this.coverage = new Float64Array(lengths.length)
  }

  /** Marks the query; summed term by term in query order, as the BM25 score always was. */
  mark(query: QueryTerm[]): void {
    const { postings, sectionPostings, lengths, sections } = this.layout
    this.words = (query.length + 31) >> 5
    const words = this.words
    if (this.own.length < lengths.length * words) this.own = new Uint32Array(lengths.length * words)
    if (this.heading.length < sections * words) this.heading = new Uint32Array(sections * words)
    const { score, own, heading, denominators, touched } = this
    for (let i = 0; i < query.length; i++) {
      const { term, weight } = query[i]!
      const word = i >> 5
      const bit = 1 << (i & 31)
      const w = weight * (K1 + 1)
      for (const id of postings.get(term) ?? []) {
        if (!this.holdsAny(id)) touched.push(id)
        score[id]! += w / denominators[id]!
        own[id * words + word]! |= bit
      }
      for (const section of sectionPostings.get(term) ?? []) {
        if (!heading[section * words + word]) this.markedSections.push(section)
        heading[section * words + word]! |= bit
      }
    }
  }

  /** Clears the marks for the next query. */
  clear(): void {
    const { words } = this
    for (const id of this.touched) {
      this.score[id] = 0
      this.own.fill(0, id * words, id * words + words)
    }
    for (const section of this.markedSections) this.heading.fill(0, section * words, section * words + words)
    this.touched = []
    this.markedSections = []
  }

  scoreOf(id: number): number {
    return this.score[id]!
  }

  scores(): Float64Array {
    return this.score
  }

  /** Scratch for the caller's coverage of the sentences it ranks (by sentence id). */
  coverages(): Float64Array {
    return this.coverage
  }

  /** Whether the sentence holds query term i. */
  owns(id: number, i: number): boolean {
    return (this.own[id * this.words + (i >> 5)]! & (1 << (i & 31))) !== 0
  }

  /** Whether the sentence or its context holds query term i. */
  near(id: number, i: number): boolean {
    return this.owns(id, i) || this.around(id, i)
  }

  /** Whether the sentence's context (section heading, neighbours in the same document) holds query term i. */
  around(id: number, i: number): boolean {
    const { opensDocument, sectionOf } = this.layout
    const word = i >> 5
    const bit = 1 << (i & 31)
    if (this.heading[sectionOf[id]! * this.words + word]! & bit) return true
    if (!opensDocument[id] && this.own[(id - 1) * this.words + word]! & bit) return true
    return (
      id + 1 < opensDocument.length && !opensDocument[id + 1] && (this.own[(id + 1) * this.words + word]! & bit) !== 0
    )
  }

  private holdsAny(id: number): boolean {
    for (let x = id * this.words; x < (id + 1) * this.words; x++) if (this.own[x]) return true
    return false
  }
}
