import { cellRef, parseCellRef } from '../cells'
import { escapeXml, readAttributes } from './xml'

export type CellValue = string | number

export interface PatchResult {
  xml: string
  /** Cells left alone because they hold a formula: the template computes them. */
  skipped: string[]
}

const START_TAG = /^<[^>]*?\/?>/

/**
 * Writes values into a worksheet part by editing only the affected <c> elements (and inserting missing <row>/<c>
 * elements in order). Everything else in the part stays as it was, byte for byte. Text is written as an inline
 * string, so sharedStrings.xml never needs to change. An existing cell keeps its style (s=); a new cell takes its
 * row's or column's style. A cell holding a formula is never overwritten.
 */
export function patchSheetCells(xml: string, writes: Map<string, CellValue>): PatchResult {
  const skipped: string[] = []
  if (writes.size === 0) return { xml, skipped }
  const sd = /<((?:\w+:)?)sheetData\b([^>]*?)(\/>|>)/.exec(xml)
  if (!sd) throw new Error('Worksheet part has no <sheetData>.')
  const prefix = sd[1]!
  const openEnd = sd.index + sd[0].length
  const closeTag = `</${prefix}sheetData>`
  const selfClosing = sd[3] === '/>'
  const close = selfClosing ? openEnd : xml.indexOf(closeTag, openEnd)
  if (close < 0) throw new Error('Worksheet part has an unterminated <sheetData>.')
  const body = selfClosing ? '' : xml.slice(openEnd, close)
  const tail = selfClosing ? openEnd : close + closeTag.length

  const colStyles = columnStyles(xml, prefix)
  const byRow = new Map<number, Map<number, CellValue>>()
  for (const [ref, value] of writes) {
    const { col, row } = parseCellRef(ref)
    if (!byRow.has(row)) byRow.set(row, new Map())
    byRow.get(row)!.set(col, value)
  }
  const ctx: RowContext = { prefix, colStyles, skipped }
  const rowRe = new RegExp(`<${prefix}row\\b[^>]*?(?:/>|>[\\s\\S]*?</${prefix}row>)`, 'g')
  const out: string[] = []
  let last = 0
  let implicitRow = 0
  const pendingRows = [...byRow.keys()].sort((a, b) => a - b)
  const emitNewRowsBefore = (rowNumber: number) => {
    while (pendingRows.length && pendingRows[0]! < rowNumber) {
      const r = pendingRows.shift()!
      out.push(`<${prefix}row r="${r}">${newCells(ctx, r, byRow.get(r)!, undefined)}</${prefix}row>`)
    }
  }
  for (const m of body.matchAll(rowRe)) {
    const rowXml = m[0]
    const r = Number(readAttributes(START_TAG.exec(rowXml)![0]).r ?? implicitRow + 1)
    implicitRow = r
    out.push(body.slice(last, m.index))
    last = m.index! + rowXml.length
    emitNewRowsBefore(r)
    if (pendingRows[0] === r) {
      pendingRows.shift()
      out.push(patchRow(ctx, rowXml, r, byRow.get(r)!))
    } else {
      out.push(rowXml)
    }
  }
  out.push(body.slice(last))
  emitNewRowsBefore(Number.POSITIVE_INFINITY)
  const head = selfClosing ? `${xml.slice(0, sd.index)}<${prefix}sheetData${sd[2]}>` : xml.slice(0, openEnd)
  return { xml: head + out.join('') + closeTag + xml.slice(tail), skipped }
}

interface RowContext {
  prefix: string
  colStyles: ColStyle[]
  skipped: string[]
}

function patchRow(ctx: RowContext, rowXml: string, rowNumber: number, cells: Map<number, CellValue>) {
  const { prefix } = ctx
  let startTag = START_TAG.exec(rowXml)![0]
  const rowStyle = rowStyleOf(startTag)
  startTag = widenSpans(startTag, [...cells.keys()])
  if (startTag.endsWith('/>')) {
    return `${startTag.slice(0, -2)}>${newCells(ctx, rowNumber, cells, rowStyle)}</${prefix}row>`
  }
  const inner = rowXml.slice(START_TAG.exec(rowXml)![0].length, rowXml.length - `</${prefix}row>`.length)
  const cellRe = new RegExp(`<${prefix}c\\b[^>]*?(?:/>|>[\\s\\S]*?</${prefix}c>)`, 'g')
  const pending = new Map(cells)
  const out: string[] = []
  let last = 0
  let implicitCol = 0
  for (const m of inner.matchAll(cellRe)) {
    const cellXml = m[0]
    const attrs = readAttributes(START_TAG.exec(cellXml)![0])
    const col = attrs.r ? parseCellRef(attrs.r).col : implicitCol + 1
    implicitCol = col
    out.push(inner.slice(last, m.index))
    last = m.index! + cellXml.length
    for (const c of [...pending.keys()].sort((a, b) => a - b)) {
      if (c >= col) break
      out.push(cellElement(prefix, cellRef(c, rowNumber), pending.get(c)!, styleFor(c, rowStyle, ctx.colStyles)))
      pending.delete(c)
    }
    if (!pending.has(col)) {
      out.push(cellXml)
    } else if (new RegExp(`<${prefix}f\\b`).test(cellXml)) {
      ctx.skipped.push(cellRef(col, rowNumber))
      out.push(cellXml)
      pending.delete(col)
    } else {
      out.push(cellElement(prefix, cellRef(col, rowNumber), pending.get(col)!, attrs.s))
      pending.delete(col)
    }
  }
  out.push(inner.slice(last))
  // Cells after the last existing one go at the end of the row.
  const rest = pending.size ? newCells(ctx, rowNumber, pending, rowStyle) : ''
  return `${startTag}${out.join('')}${rest}</${prefix}row>`
}

/** spans="1:6" is an optimisation hint; keep it true when a row gains cells outside it. */
function widenSpans(startTag: string, cols: number[]): string {
  const spans = /\bspans="(\d+):(\d+)"/.exec(startTag)
  if (!spans) return startTag
  const lo = Math.min(Number(spans[1]), ...cols)
  const hi = Math.max(Number(spans[2]), ...cols)
  return startTag.replace(spans[0], `spans="${lo}:${hi}"`)
}

function newCells(ctx: RowContext, rowNumber: number, cells: Map<number, CellValue>, rowStyle: string | undefined) {
  return [...cells.keys()]
    .sort((a, b) => a - b)
    .map((c) => cellElement(ctx.prefix, cellRef(c, rowNumber), cells.get(c)!, styleFor(c, rowStyle, ctx.colStyles)))
    .join('')
}

/** One cell; a replaced cell keeps only its style (its old value, type and rich-value attributes go with it). */
function cellElement(prefix: string, ref: string, value: CellValue, style: string | undefined) {
  const s = style !== undefined ? ` s="${escapeXml(style)}"` : ''
  if (typeof value === 'number' && Number.isFinite(value)) return `<${prefix}c r="${ref}"${s}><${prefix}v>${value}</${prefix}v></${prefix}c>`
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

function columnStyles(xml: string, prefix: string): ColStyle[] {
  const cols = new RegExp(`<${prefix}cols\\b[^>]*>([\\s\\S]*?)</${prefix}cols>`).exec(xml)
  if (!cols) return []
  const out: ColStyle[] = []
  for (const m of cols[1]!.matchAll(new RegExp(`<${prefix}col\\b[^>]*>`, 'g'))) {
    const a = readAttributes(m[0])
    if (a.style && a.min && a.max) out.push({ min: Number(a.min), max: Number(a.max), style: a.style })
  }
  return out
}

function rowStyleOf(startTag: string): string | undefined {
  const a = readAttributes(startTag)
  return a.customFormat === '1' || a.customFormat === 'true' ? a.s : undefined
}

function styleFor(col: number, rowStyle: string | undefined, colStyles: ColStyle[]): string | undefined {
  if (rowStyle !== undefined) return rowStyle
  return colStyles.find((c) => col >= c.min && col <= c.max)?.style
}
