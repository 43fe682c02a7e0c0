import * as XLSX from '@e965/xlsx'
import { inRange, parseRange } from './cells'
import type { XlsxPackage } from './ooxml/package'
import { readAttributes, unescapeXml } from './ooxml/xml'

export interface ListValidation {
  /** Ranges the list applies to (sqref). */
  ranges: { c1: number; r1: number; c2: number; r2: number }[]
  values: string[]
}

/**
 * Reads every list data validation of a sheet: the classic <dataValidations> element and the x14 extension
 * (<x14:dataValidations> inside <extLst>, where Excel puts lists that point at other sheets). A list is either
 * inline ("Yes,No,N/A") or a reference to a range, possibly on another sheet or through a defined name.
 */
export function readListValidations(pkg: XlsxPackage, sheetPath: string, wb: XLSX.WorkBook): ListValidation[] {
  const xml = pkg.text(sheetPath) ?? ''
  const out: ListValidation[] = []
  // Classic: <dataValidation type="list" sqref="C3:C20"><formula1>"Yes,No"</formula1></dataValidation>
  for (const m of xml.matchAll(/<(?:\w+:)?dataValidation\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?dataValidation>/g)) {
    const attrs = readAttributes(`<x ${m[1]}>`)
    if (attrs.type !== 'list' || !attrs.sqref) continue
    const formula = /<(?:\w+:)?formula1>([\s\S]*?)<\/(?:\w+:)?formula1>/.exec(m[2]!)?.[1]
    if (formula === undefined) continue
    const values = listValues(unescapeXml(formula), wb)
    if (values.length) out.push({ ranges: sqrefRanges(attrs.sqref), values })
  }
  // x14: <x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1><xm:sqref>D5:D9</xm:sqref>
  for (const m of xml.matchAll(/<x14:dataValidation\b([^>]*)>([\s\S]*?)<\/x14:dataValidation>/g)) {
    const attrs = readAttributes(`<x ${m[1]}>`)
    if (attrs.type !== 'list') continue
    const formula = /<x14:formula1>\s*<xm:f>([\s\S]*?)<\/xm:f>/.exec(m[2]!)?.[1]
    const sqref = /<xm:sqref>([\s\S]*?)<\/xm:sqref>/.exec(m[2]!)?.[1]
    if (formula === undefined || !sqref) continue
    const values = listValues(unescapeXml(formula), wb)
    if (values.length) out.push({ ranges: sqrefRanges(sqref), values })
  }
  return out
}

export function allowedValuesAt(validations: ListValidation[], col: number, row: number): string[] | undefined {
  for (const v of validations) if (v.ranges.some((r) => inRange({ col, row }, r))) return v.values
  return undefined
}

function sqrefRanges(sqref: string) {
  return sqref
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((ref) => {
      try {
        return [parseRange(ref)]
      } catch {
        return []
      }
    })
}

/** The values a list formula allows: an inline "a,b,c" list, a range (Sheet!$A$1:$A$5) or a defined name. */
export function listValues(formula: string, wb: XLSX.WorkBook, depth = 0): string[] {
  const f = formula.trim().replace(/^=/, '')
  if (f.startsWith('"')) {
    return unique(f.replace(/^"|"$/g, '').replace(/""/g, '"').split(','))
  }
  if (depth > 3) return []
  const name = wb.Workbook?.Names?.find((n) => n.Name.toLowerCase() === f.toLowerCase())
  if (name?.Ref) return listValues(name.Ref, wb, depth + 1)
  const m = /^(?:'((?:[^']|'')+)'|([^!'"]+))!(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)$/i.exec(f)
  const sheetName = m ? (m[1]?.replace(/''/g, "'") ?? m[2]!) : undefined
  const ref = m ? m[3]! : /^\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?$/i.test(f) ? f : undefined
  if (!ref) return []
  const ws = sheetName ? wb.Sheets[sheetName] : undefined
  if (!ws) return []
  const range = parseRange(ref)
  const values: string[] = []
  const data = (ws['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]
  // Lists are short; cap the walk so a whole-column reference cannot scan a million rows.
  for (let r = range.r1; r <= Math.min(range.r2, range.r1 + 500, data.length); r++) {
    const row = data[r - 1]
    if (!row) continue
    for (let c = range.c1; c <= Math.min(range.c2, range.c1 + 50); c++) {
      const cell = row[c - 1]
      if (cell && cell.v !== undefined && cell.v !== null && String(cell.v).trim() !== '') values.push(String(cell.w ?? cell.v).trim())
    }
  }
  return unique(values)
}

function unique(values: string[]) {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))]
}
