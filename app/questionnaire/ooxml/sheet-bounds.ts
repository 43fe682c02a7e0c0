import { cellRef, parseCellRef, parseRange } from '../cells'
import { readAttributes } from './xml'

/** Grows <dimension ref> to cover cells written outside it (a hint readers use; never shrunk, never added). */
export function coverDimension(xml: string, refs: string[]): string {
  const m = /<((?:\w+:)?)dimension\b[^>]*\bref="([^"]+)"[^>]*>/.exec(xml)
  if (!m || !refs.length) return xml
  let range
  try {
    range = parseRange(m[2]!)
  } catch {
    return xml
  }
  let { c1, r1, c2, r2 } = range
  for (const ref of refs) {
    const { col, row } = parseCellRef(ref)
    c1 = Math.min(c1, col)
    r1 = Math.min(r1, row)
    c2 = Math.max(c2, col)
    r2 = Math.max(r2, row)
  }
  if (c1 === range.c1 && r1 === range.r1 && c2 === range.c2 && r2 === range.r2) return xml
  const updated = m[0].replace(`ref="${m[2]}"`, `ref="${cellRef(c1, r1)}:${cellRef(c2, r2)}"`)
  return xml.slice(0, m.index) + updated + xml.slice(m.index + m[0].length)
}

/**
 * Gives columns QFill added a readable width, unless a <col> already covers them. <col> elements must stay
 * sorted and must not overlap, so the new one is inserted in order (or a <cols> created before <sheetData>).
 */
export function ensureColumnWidths(xml: string, widths: Map<number, number>): string {
  const sd = /<((?:\w+:)?)sheetData\b/.exec(xml)
  if (!sd || !widths.size) return xml
  const prefix = sd[1]!
  const colsRe = new RegExp(`<${prefix}cols\\b[^>]*>([\\s\\S]*?)</${prefix}cols>`)
  const cols = colsRe.exec(xml.slice(0, sd.index))
  const existing = cols
    ? [...cols[1]!.matchAll(new RegExp(`<${prefix}col\\b[^>]*>`, 'g'))].map((m) => {
        const a = readAttributes(m[0])
        return { min: Number(a.min), max: Number(a.max), xml: m[0] }
      })
    : []
  const added = [...widths]
    .filter(([col]) => !existing.some((c) => col >= c.min && col <= c.max))
    .map(([col, width]) => ({ min: col, max: col, xml: `<${prefix}col min="${col}" max="${col}" width="${width}" customWidth="1"/>` }))
  if (!added.length) return xml
  const all = [...existing, ...added].sort((a, b) => a.min - b.min)
  if (cols) {
    // Rebuild the list from the original elements, so their bytes stay as they were.
    const rebuilt = `${cols[0].slice(0, cols[0].indexOf('>') + 1)}${all.map((c) => c.xml).join('')}</${prefix}cols>`
    return xml.slice(0, cols.index) + rebuilt + xml.slice(cols.index + cols[0].length)
  }
  return `${xml.slice(0, sd.index)}<${prefix}cols>${all.map((c) => c.xml).join('')}</${prefix}cols>${xml.slice(sd.index)}`
}
