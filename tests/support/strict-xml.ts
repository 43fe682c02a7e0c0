import { strFromU8, unzipSync } from 'fflate'
import { SaxesParser } from 'saxes'

/** Strict, namespace-aware parse: throws on anything not well-formed, on an unbound prefix and on a DOCTYPE. */
export function parseStrictly(xml: string, name: string) {
  const parser = new SaxesParser({ xmlns: true })
  parser.on('doctype', () => {
    throw new Error(`${name} carries a DOCTYPE`)
  })
  try {
    parser.write(xml).close()
  } catch (error) {
    throw new Error(`${name} is not well-formed XML: ${(error as Error).message}`)
  }
}

/**
 * Every XML part of `output` that is new or differs from `input` must parse strictly, and no XML part of the output
 * may keep a DOCTYPE. Returns the written parts' names, sorted.
 */
export function checkWrittenParts(input: Uint8Array, output: Uint8Array): string[] {
  const before = unzipSync(input)
  const after = unzipSync(output)
  const written: string[] = []
  for (const [name, bytes] of Object.entries(after)) {
    if (!/\.(xml|rels)$/.test(name)) continue
    const text = strFromU8(bytes)
    if (/<!DOCTYPE/i.test(text)) throw new Error(`${name} carries a DOCTYPE`)
    const old = before[name]
    if (!old || old.length !== bytes.length || old.some((b, i) => b !== bytes[i])) {
      written.push(name)
      parseStrictly(text, name)
    }
  }
  return written.sort()
}
