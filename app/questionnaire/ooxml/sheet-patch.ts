import { cellRef, parseCellRef } from '../cells'
import { escapeXml } from './xml'
import {
  appendInside,
  applyEdits,
  child,
  children,
  ownPrefix,
  parseXmlTree,
  setAttribute,
  type Edit,
  type XmlElement,
} from './xml-tree'

export type CellValue = string | number

export interface PatchResult {
  xml: string
  /** Cells left alone because they hold a formula: the template computes them. */
  skipped: string[]
}

/**
 * Writes values into a worksheet part by editing only the affected <c> elements (and inserting missing <row>/<c>
 * elements in order). Everything else in the part stays as it was, byte for byte. Elements are found by namespace
 * and local name (any prefix, declared anywhere); new elements take the prefix of the element they go into, which
 * is bound to the same namespace there by construction. Text is written as an inline string, so sharedStrings.xml
 * never needs to change. An existing cell keeps its style (s=); a new cell takes its row's or column's style. A cell
 * holding a formula is never overwritten.
 */
export function patchSheetCells(xml: string, writes: Map<string, CellValue>): PatchResult {
  const skipped: string[] = []
  if (writes.size === 0) return { xml, skipped }
  const root = parseXmlTree(xml, 'worksheet part')
  const sheetData = child(root, 'sheetData')
  if (!sheetData) throw new Error('Worksheet part has no <sheetData>.')

  const colStyles = columnStyles(root)
  const byRow = new Map<number, Map<number, CellValue>>()
  for (const [ref, value] of writes) {
    const { col, row } = parseCellRef(ref)
    if (!byRow.has(row)) byRow.set(row, new Map())
    byRow.get(row)!.set(col, value)
  }
  const ctx: RowContext = { xml, colStyles, skipped }
  const rowPrefix = ownPrefix(sheetData)
  const pendingRows = [...byRow.keys()].sort((a, b) => a - b)
  const edits: Edit[] = []
  const newRowsBefore = (rowNumber: number) => {
    let text = ''
    while (pendingRows.length && pendingRows[0]! < rowNumber) {
      const r = pendingRows.shift()!
      text += `<${rowPrefix}row r="${r}">${newCells(ctx, rowPrefix, r, byRow.get(r)!, undefined)}</${rowPrefix}row>`
    }
    return text
  }
  let implicitRow = 0
  for (const row of children(sheetData, 'row')) {
    const r = Number(row.attrs.r ?? implicitRow + 1)
    implicitRow = r
    const before = newRowsBefore(r)
    if (before) edits.push({ start: row.start, end: row.start, text: before })
    if (pendingRows[0] === r) {
      pendingRows.shift()
      edits.push({ start: row.start, end: row.end, text: patchRow(ctx, row, r, byRow.get(r)!) })
    }
  }
  const rest = newRowsBefore(Number.POSITIVE_INFINITY)
  if (rest) edits.push(appendInside(xml, sheetData, rest))
  return { xml: applyEdits(xml, edits), skipped }
}

interface RowContext {
  xml: string
  colStyles: ColStyle[]
  skipped: string[]
}

function patchRow(ctx: RowContext, row: XmlElement, rowNumber: number, cells: Map<number, CellValue>) {
  const { xml } = ctx
  const prefix = ownPrefix(row)
  const rowStyle = rowStyleOf(row)
  let startTag = widenSpans(xml.slice(row.start, row.openEnd), [...cells.keys()])
  const name = `${prefix}${row.local}`
  if (row.selfClosing) {
    startTag = startTag.replace(/\s*\/>$/, '>')
    return `${startTag}${newCells(ctx, prefix, rowNumber, cells, rowStyle)}</${name}>`
  }
  const pending = new Map(cells)
  const out: string[] = []
  let last = row.openEnd
  let implicitCol = 0
  for (const cell of children(row, 'c')) {
    const col = cell.attrs.r ? parseCellRef(cell.attrs.r).col : implicitCol + 1
    implicitCol = col
    out.push(xml.slice(last, cell.start))
    last = cell.end
    const cellXml = xml.slice(cell.start, cell.end)
    for (const c of [...pending.keys()].sort((a, b) => a - b)) {
      if (c >= col) break
      out.push(cellElement(prefix, cellRef(c, rowNumber), pending.get(c)!, styleFor(c, rowStyle, ctx.colStyles)))
      pending.delete(c)
    }
    if (!pending.has(col)) {
      out.push(cellXml)
    } else if (child(cell, 'f')) {
      ctx.skipped.push(cellRef(col, rowNumber))
      out.push(cellXml)
      pending.delete(col)
    } else {
      out.push(cellElement(prefix, cellRef(col, rowNumber), pending.get(col)!, cell.attrs.s))
      pending.delete(col)
    }
  }
  out.push(xml.slice(last, row.closeStart))
  // Cells after the last existing one go at the end of the row.
  const rest = pending.size ? newCells(ctx, prefix, rowNumber, pending, rowStyle) : ''
  return `${startTag}${out.join('')}${rest}${xml.slice(row.closeStart, row.end)}`
}

/** spans="1:6" is an optimisation hint; keep it true when a row gains cells outside it. */
function widenSpans(startTag: string, cols: number[]): string {
  const spans = /\sspans\s*=\s*["'](\d+):(\d+)["']/.exec(startTag)
  if (!spans) return startTag
  const lo = Math.min(Number(spans[1]), ...cols)
  const hi = Math.max(Number(spans[2]), ...cols)
  return setAttribute(startTag, 'spans', `${lo}:${hi}`)
}

function newCells(
  ctx: RowContext,
  prefix: string,
  rowNumber: number,
  cells: Map<number, CellValue>,
  rowStyle: string | undefined,
) {
  return [...cells.keys()]
    .sort((a, b) => a - b)
    .map((c) => cellElement(prefix, cellRef(c, rowNumber), cells.get(c)!, styleFor(c, rowStyle, ctx.colStyles)))
    .join('')
}

/** One cell; a replaced cell keeps only its style (its old value, type and rich-value attributes go with it). */
function cellElement(prefix: string, ref: string, value: CellValue, style: string | undefined) {
  const s = style !== undefined ? ` s="${escapeXml(style)}"` : ''
  if (typeof value === 'number' && Number.isFinite(value))
    return `<${prefix}c r="${ref}"${s}><${prefix}v>${value}</${prefix}v></${prefix}c>`
  const text = String(value)
  if (text === '') return `<${prefix}c r="${ref}"${s}/>`
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : ''
  return `<${prefix}c r="${ref}"${s} t="inlineStr"><${prefix}is><${prefix}t${space}>${escapeXml(text)}</${prefix}t></${prefix}is></${prefix}c>`
}

interface ColStyle {
  min: number
  max: number
  style: string
}

function columnStyles(root: XmlElement): ColStyle[] {
  const cols = child(root, 'cols')
  if (!cols) return []
  return children(cols, 'col').flatMap(({ attrs: a }) =>
    a.style && a.min && a.max ? [{ min: Number(a.min), max: Number(a.max), style: a.style }] : [],
  )
}

function rowStyleOf(row: XmlElement): string | undefined {
  const a = row.attrs
  return a.customFormat === '1' || a.customFormat === 'true' ? a.s : undefined
}

function styleFor(col: number, rowStyle: string | undefined, colStyles: ColStyle[]): string | undefined {
  if (rowStyle !== undefined) return rowStyle
  return colStyles.find((c) => col >= c.min && col <= c.max)?.style
}
