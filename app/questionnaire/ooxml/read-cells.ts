import { parseCellRef, parseRange } from '../cells'
import { shiftFormula } from '../formulas/shift'
import { cellKey, emptyGrid, setCell, type Grid } from '../grid'
import type { SheetPart, XlsxPackage } from './package'
import { formatNumber } from './number-formats'
import { readAttributes, unescapeXml } from './xml'

/**
 * Our own reader for worksheet cells. It reads the parts XlsxPackage already unzipped (with its zip-bomb limits),
 * keeps formula text (mirror and scoring sheets are recognised by it), hidden rows and columns and merges, and
 * touches only the cells present in the XML, never the declared dimension.
 */

const SI = /<(?:\w+:)?si\b[^>]*>([\s\S]*?)<\/(?:\w+:)?si>|<(?:\w+:)?si\b[^>]*\/>/g
const T = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g
const ROW = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g
const VALUE = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/
const EMPTY_VALUE = /<(?:\w+:)?v\b[^>]*\/>/
const FORMULA = /<(?:\w+:)?f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?f>)/
const INLINE = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/
const COL = /<(?:\w+:)?col\b[^>]*>/g
const MERGE = /<(?:\w+:)?mergeCell\b[^>]*>/g

/** Text of a string item: its <t> runs, without phonetic guides; _xHHHH_ escapes decoded. */
function stringItemText(xml: string): string {
  let text = ''
  for (const m of xml.replace(PHONETIC, '').matchAll(T)) text += m[1] ?? ''
  return decodeEscapes(unescapeXml(text))
}

export function decodeEscapes(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export function readSharedStrings(pkg: XlsxPackage): string[] {
  const path = [...pkg.relationships(pkg.workbookPath).values()].find((r) => r.type.endsWith('/sharedStrings'))?.target
  const xml = pkg.text(path ?? 'xl/sharedStrings.xml')
  if (!xml) return []
  return [...xml.matchAll(SI)].map((m) => (m[1] ? stringItemText(m[1]) : ''))
}

function normalize(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim()
}

/**
 * The cell's displayable text, and its number or logical for formulas that read it. Numbers stay as stored
 * (number formats only matter for display). `saved` is false when the cell has no stored value at all.
 */
function cellValue(
  attrs: Record<string, string>,
  inner: string,
  strings: string[],
): { text: string; typed?: number | boolean; saved: boolean } {
  const t = attrs.t ?? 'n'
  if (t === 'inlineStr') {
    const is = INLINE.exec(inner)
    return { text: is ? stringItemText(is[1]!) : '', saved: Boolean(is) }
  }
  // Excel writes an empty text result as <v/>: a value, and an empty one.
  const v = VALUE.exec(inner)?.[1] ?? (EMPTY_VALUE.test(inner) ? '' : undefined)
  // A formula written without its result: no <v>, or (openpyxl) an empty one where a number or logical belongs.
  if (v === undefined || (v === '' && t !== 'str' && t !== 's')) return { text: '', saved: false }
  if (t === 's') return { text: strings[Number(v)] ?? '', saved: true }
  if (t === 'b') return { text: v.trim() === '1' ? 'TRUE' : 'FALSE', typed: v.trim() === '1', saved: true }
  if (t === 'e') return { text: '', saved: true }
  const text = decodeEscapes(unescapeXml(v))
  const n = t === 'n' && text.trim() !== '' ? Number(text) : NaN
  return { text, typed: Number.isFinite(n) ? n : undefined, saved: true }
}

/** The formula of a cell: its own text, or its shared formula's, moved from the cell that states it. */
function formulaText(
  attrs: Record<string, string>,
  text: string,
  shared: Map<string, { formula: string; row: number; col: number }>,
  row: number,
  col: number,
): string {
  if (attrs.t !== 'shared' || attrs.si === undefined) return text
  if (text) {
    shared.set(attrs.si, { formula: text, row, col })
    return text
  }
  const first = shared.get(attrs.si)
  return first ? shiftFormula(first.formula, row - first.row, col - first.col) : ''
}

export function readGrid(
  xml: string,
  sheet: Pick<SheetPart, 'name' | 'state'>,
  strings: string[],
  formats: (string | number | null)[] = [],
): Grid {
  const grid = emptyGrid(sheet.name, sheet.state !== 'visible')
  const sheetData = /<(?:\w+:)?sheetData\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?sheetData>)/.exec(xml)
  const colsEnd = sheetData?.index ?? xml.length
  for (const m of xml.slice(0, colsEnd).matchAll(COL)) {
    const a = readAttributes(m[0])
    if (a.hidden !== '1' && a.hidden !== 'true') continue
    const min = Number(a.min)
    const max = Math.min(Number(a.max), min + 16384)
    for (let c = min; c <= max; c++) grid.hiddenCols.add(c)
  }
  const shared = new Map<string, { formula: string; row: number; col: number }>()
  let rowNumber = 0
  for (const rm of (sheetData?.[1] ?? '').matchAll(ROW)) {
    const rowAttrs = readAttributes(`<r ${rm[1]}>`)
    rowNumber = rowAttrs.r ? Number(rowAttrs.r) : rowNumber + 1
    if (rowAttrs.hidden === '1' || rowAttrs.hidden === 'true') grid.hiddenRows.add(rowNumber)
    const body = rm[2]
    if (!body) continue
    let col = 0
    for (const cm of body.matchAll(CELL)) {
      const attrs = readAttributes(`<c ${cm[1]}>`)
      col = attrs.r ? parseCellRef(attrs.r).col : col + 1
      const inner = cm[2]
      if (!inner) continue
      const key = cellKey(rowNumber, col)
      const value = cellValue(attrs, inner, strings)
      const f = FORMULA.exec(inner)
      if (f) {
        const formula = formulaText(readAttributes(`<f ${f[1]}>`), unescapeXml(f[2] ?? ''), shared, rowNumber, col)
        grid.formulas.set(key, formula)
        if (!value.saved) grid.uncomputed.add(key)
      }
      if (value.typed !== undefined) grid.typed.set(key, value.typed)
      const text = normalize(value.text)
      setCell(grid, rowNumber, col, text)
      const format = attrs.s && (attrs.t ?? 'n') === 'n' && text ? formats[Number(attrs.s)] : null
      if (format) {
        const shown = formatNumber(text, format)
        if (shown !== text) grid.display.set(key, shown)
      }
    }
  }
  const mergesStart = xml.indexOf('mergeCells', colsEnd)
  if (mergesStart >= 0) {
    for (const m of xml.slice(mergesStart).matchAll(MERGE)) {
      const ref = readAttributes(m[0]).ref
      if (ref) {
        try {
          grid.merges.push(parseRange(ref))
        } catch {
          // A merge we cannot read changes nothing we rely on.
        }
      }
    }
  }
  return grid
}
