import { cellRef, columnNumber, parseCellRef } from '../cells'
import { escapeXml, readAttributes } from './xml'

export type CellValue = string | number

/**
 * Writes values into a worksheet part by editing only the affected <c> elements (and inserting missing <row>/<c>
 * elements in order). Everything else in the part stays as it was, byte for byte. Text is written as an inline
 * string, so sharedStrings.xml never needs to change. An existing cell keeps its style (s=); a new cell takes its
 * row's or column's style.
 */
export function patchSheetCells(xml: string, writes: Map<string, CellValue>): string {
  if (writes.size === 0) return xml
  const sd = /<((?:\w+:)?)sheetData\b([^>]*?)(\/>|>)/.exec(xml)
  if (!sd) throw new Error('Worksheet part has no <sheetData>.')
  const prefix = sd[1]!
  const openEnd = sd.index + sd[0].length
  let body: string
  let tail: number
  if (sd[3] === '/>') {
    body = ''
    tail = openEnd
  } else {
    const close = xml.indexOf(`</${prefix}sheetData>`, openEnd)
    if (close < 0) throw new Error('Worksheet part has an unterminated <sheetData>.')
    body = xml.slice(openEnd, close)
    tail = close + `</${prefix}sheetData>`.length
  }
  const colStyles = columnStyles(xml, prefix)
  const byRow = new Map<number, Map<number, CellValue>>()
  for (const [ref, value] of writes) {
    const { col, row } = parseCellRef(ref)
    if (!byRow.has(row)) byRow.set(row, new Map())
    byRow.get(row)!.set(col, value)
  }

  const rowRe = new RegExp(`<${prefix}row\\b[^>]*?(?:/>|>[\\s\\S]*?</${prefix}row>)`, 'g')
  const out: string[] = []
  let last = 0
  let implicitRow = 0
  const pendingRows = [...byRow.keys()].sort((a, b) => a - b)
  const emitNewRowsBefore = (rowNumber: number) => {
    while (pendingRows.length && pendingRows[0]! < rowNumber) {
      const r = pendingRows.shift()!
      out.push(newRow(prefix, r, byRow.get(r)!, colStyles))
    }
  }
  for (const m of body.matchAll(rowRe)) {
    const rowXml = m[0]
    const startTag = /^<[^>]*?\/?>/.exec(rowXml)![0]
    const r = Number(readAttributes(startTag).r ?? implicitRow + 1)
    implicitRow = r
    out.push(body.slice(last, m.index))
    last = m.index! + rowXml.length
    emitNewRowsBefore(r)
    const cells = byRow.get(r)
    if (cells && pendingRows[0] === r) {
      pendingRows.shift()
      out.push(patchRow(prefix, rowXml, r, cells, colStyles))
    } else {
      out.push(rowXml)
    }
  }
  out.push(body.slice(last))
  emitNewRowsBefore(Number.POSITIVE_INFINITY)
  const newBody = out.join('')
  const head = sd[3] === '/>' ? xml.slice(0, sd.index) + `<${prefix}sheetData${sd[2]}>` : xml.slice(0, openEnd)
  const close = sd[3] === '/>' ? `</${prefix}sheetData>` : xml.slice(tail - `</${prefix}sheetData>`.length, tail)
  return head + newBody + close + xml.slice(tail)
}

function patchRow(prefix: string, rowXml: string, rowNumber: number, cells: Map<number, CellValue>, colStyles: ColStyle[]) {
  const startTag = /^<[^>]*?\/?>/.exec(rowXml)![0]
  const rowStyle = rowStyleOf(startTag)
  if (startTag.endsWith('/>')) {
    const open = startTag.slice(0, -2) + '>'
    return open + newCells(prefix, rowNumber, cells, rowStyle, colStyles) + `</${prefix}row>`
  }
  const inner = rowXml.slice(startTag.length, rowXml.length - `</${prefix}row>`.length)
  const cellRe = new RegExp(`<${prefix}c\\b[^>]*?(?:/>|>[\\s\\S]*?</${prefix}c>)`, 'g')
  const pending = new Map(cells)
  const order = () => [...pending.keys()].sort((a, b) => a - b)
  const out: string[] = []
  let last = 0
  let implicitCol = 0
  for (const m of inner.matchAll(cellRe)) {
    const cellXml = m[0]
    const tag = /^<[^>]*?\/?>/.exec(cellXml)![0]
    const attrs = readAttributes(tag)
    const col = attrs.r ? parseCellRef(attrs.r).col : implicitCol + 1
    implicitCol = col
    out.push(inner.slice(last, m.index))
    last = m.index! + cellXml.length
    for (const c of order()) {
      if (c >= col) break
      out.push(cellXml_(prefix, cellRef(c, rowNumber), pending.get(c)!, styleFor(c, rowStyle, colStyles)))
      pending.delete(c)
    }
    if (pending.has(col)) {
      out.push(cellXml_(prefix, cellRef(col, rowNumber), pending.get(col)!, attrs.s, attrs))
      pending.delete(col)
    } else {
      out.push(cellXml)
    }
  }
  out.push(inner.slice(last))
  // Cells after the last existing one go at the end of the row, before any trailing whitespace.
  let rest = out.join('')
  if (pending.size) rest += newCells(prefix, rowNumber, pending, rowStyle, colStyles)
  return startTag + rest + `</${prefix}row>`
}

function newRow(prefix: string, rowNumber: number, cells: Map<number, CellValue>, colStyles: ColStyle[]) {
  return `<${prefix}row r="${rowNumber}">${newCells(prefix, rowNumber, cells, undefined, colStyles)}</${prefix}row>`
}

function newCells(prefix: string, rowNumber: number, cells: Map<number, CellValue>, rowStyle: string | undefined, colStyles: ColStyle[]) {
  return [...cells.keys()]
    .sort((a, b) => a - b)
    .map((c) => cellXml_(prefix, cellRef(c, rowNumber), cells.get(c)!, styleFor(c, rowStyle, colStyles)))
    .join('')
}

/** The XML of one cell; attributes other than r, s, t of a replaced cell (cm, vm, ph) are dropped with its old value. */
function cellXml_(prefix: string, ref: string, value: CellValue, style: string | undefined, _old?: Record<string, string>) {
  const s = style !== undefined ? ` s="${escapeXml(style)}"` : ''
  if (typeof value === 'number' && Number.isFinite(value)) {
    return `<${prefix}c r="${ref}"${s}><${prefix}v>${value}</${prefix}v></${prefix}c>`
  }
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

export { columnNumber }
