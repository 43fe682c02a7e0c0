/**
 * The word-vector file: unit word vectors quantised to int8, keyed by stem, with each stem's nearest neighbours
 * worked out when the file was derived (scripts/derive-word-vectors.ts). Little-endian layout:
 * "QFVEC1\n", u32 header length, header JSON, u32 words length, stems joined by "\n", then count x dims int8
 * vectors (x 127), count x k u16 neighbour indexes (0xffff: none) and count x k u8 similarities (x 255).
 */
export interface VectorHeader {
  /** The package the vectors come from, with its version. */
  source: string
  /** The stemmer whose stems key the vectors: the engine must stem the same way. */
  stemmer: string
  dims: number
  count: number
  /** Neighbours kept per stem, and the least cosine similarity a neighbour has. */
  neighbours: number
  minSimilarity: number
  /** How the vocabulary was chosen, in words. */
  vocabulary: string
}

export interface WordVectors {
  header: VectorHeader
  stems: string[]
  index: Map<string, number>
  vectors: Int8Array
  neighbourIds: Uint16Array
  neighbourSims: Uint8Array
}

const MAGIC = 'QFVEC1\n'
const NONE = 0xffff

export function encodeVectors(v: Omit<WordVectors, 'index'>): Uint8Array {
  const header = Buffer.from(JSON.stringify(v.header), 'utf8')
  const words = Buffer.from(v.stems.join('\n'), 'utf8')
  const u32 = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeUInt32LE(n)
    return b
  }
  const ids = Buffer.alloc(v.neighbourIds.length * 2)
  v.neighbourIds.forEach((id, i) => ids.writeUInt16LE(id, i * 2))
  return Buffer.concat([
    Buffer.from(MAGIC, 'latin1'),
    u32(header.length),
    header,
    u32(words.length),
    words,
    Buffer.from(v.vectors.buffer, v.vectors.byteOffset, v.vectors.byteLength),
    ids,
    Buffer.from(v.neighbourSims),
  ])
}

export function decodeVectors(bytes: Uint8Array): WordVectors {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (b.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a QFill word-vector file')
  let at = MAGIC.length
  const headerLength = b.readUInt32LE(at)
  const header = JSON.parse(b.toString('utf8', (at += 4), (at += headerLength))) as VectorHeader
  const wordsLength = b.readUInt32LE(at)
  const stems = b.toString('utf8', (at += 4), (at += wordsLength)).split('\n')
  const { count, dims, neighbours: k } = header
  if (stems.length !== count) throw new Error(`word-vector file: ${stems.length} stems, header says ${count}`)
  const vectors = new Int8Array(b.buffer.slice(b.byteOffset + at, b.byteOffset + (at += count * dims)))
  const neighbourIds = new Uint16Array(count * k)
  for (let i = 0; i < count * k; i++, at += 2) neighbourIds[i] = b.readUInt16LE(at)
  const neighbourSims = new Uint8Array(b.buffer.slice(b.byteOffset + at, b.byteOffset + (at += count * k)))
  if (at !== b.length) throw new Error('word-vector file: unexpected length')
  return { header, stems, index: new Map(stems.map((s, i) => [s, i])), vectors, neighbourIds, neighbourSims }
}

/** Cosine similarity of two stems' vectors, or undefined when either has none. */
export function cosine(v: WordVectors, a: string, b: string): number | undefined {
  const i = v.index.get(a)
  const j = v.index.get(b)
  if (i === undefined || j === undefined) return undefined
  const d = v.header.dims
  let dot = 0
  for (let x = 0; x < d; x++) dot += v.vectors[i * d + x]! * v.vectors[j * d + x]!
  return dot / (127 * 127)
}

export { NONE as NO_NEIGHBOUR }
