import { cellRef, parseCellRef, parseRange } from '../cells'
import { applyEdits, child, children, ownPrefix, parseXmlTree, setAttribute } from './xml-tree'

/** Grows <dimension ref> to cover cells written outside it (a hint readers use; never shrunk, never added). */
export function coverDimension(xml: string, refs: string[]): string {
  if (!refs.length) return xml
  const dim = child(parseXmlTree(xml, 'worksheet part'), 'dimension')
  if (!dim?.attrs.ref) return xml
  let range
  try {
    range = parseRange(dim.attrs.ref)
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
  const tag = setAttribute(xml.slice(dim.start, dim.openEnd), 'ref', `${cellRef(c1, r1)}:${cellRef(c2, r2)}`)
  return applyEdits(xml, [{ start: dim.start, end: dim.openEnd, text: tag }])
}

/**
 * Gives columns QFill added a readable width, unless a <col> already covers them. <col> elements must stay
 * sorted and must not overlap, so the new one is inserted in order (or a <cols> created before <sheetData>).
 */
export function ensureColumnWidths(xml: string, widths: Map<number, number>): string {
  if (!widths.size) return xml
  const root = parseXmlTree(xml, 'worksheet part')
  const sheetData = child(root, 'sheetData')
  if (!sheetData) return xml
  // <cols> must come before <sheetData>; one after it is not a column list Excel reads.
  const cols = root.children.find((c) => c.local === 'cols' && c.uri === root.uri && c.start < sheetData.start)
  const existing = cols
    ? children(cols, 'col').map((c) => ({
        min: Number(c.attrs.min),
        max: Number(c.attrs.max),
        start: c.start,
        end: c.end,
      }))
    : []
  const prefix = cols ? ownPrefix(cols) : ownPrefix(root)
  const added = [...widths]
    .filter(([col]) => !existing.some((c) => col >= c.min && col <= c.max))
    .sort((a, b) => a[0] - b[0])
    .map(([col, width]) => ({ col, xml: `<${prefix}col min="${col}" max="${col}" width="${width}" customWidth="1"/>` }))
  if (!added.length) return xml
  if (!cols) {
    return applyEdits(xml, [
      {
        start: sheetData.start,
        end: sheetData.start,
        text: `<${prefix}cols>${added.map((a) => a.xml).join('')}</${prefix}cols>`,
      },
    ])
  }
  // Each new <col> goes just before the first existing one that starts after it (or at the end): original bytes stay.
  const edits = added.map((a) => {
    const next = existing.find((c) => c.min > a.col)
    const at = next ? next.start : cols.selfClosing ? -1 : cols.closeStart
    return { at, xml: a.xml }
  })
  if (cols.selfClosing) {
    const open = xml.slice(cols.start, cols.openEnd).replace(/\s*\/>$/, '>')
    return applyEdits(xml, [
      { start: cols.start, end: cols.end, text: `${open}${added.map((a) => a.xml).join('')}</${prefix}${cols.local}>` },
    ])
  }
  const grouped = new Map<number, string>()
  for (const e of edits) grouped.set(e.at, (grouped.get(e.at) ?? '') + e.xml)
  return applyEdits(
    xml,
    [...grouped].map(([at, text]) => ({ start: at, end: at, text })),
  )
}
