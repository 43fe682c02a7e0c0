import { SSF } from '@e965/xlsx'
import type { XlsxPackage } from './package'
import { readAttributes, unescapeXml } from './xml'

/**
 * Number formats, so a value reads as the workbook displays it: a date cell stored as the serial 45569 shows
 * "10/4/2024". Only the displayed text of numeric cells changes; the stored value stays what every other reader
 * sees (grid.rows), so answering is unaffected.
 */

/** Built-in formats whose SheetJS default differs from how Excel (en-US) shows them. */
const BUILT_IN: Record<number, string> = { 14: 'm/d/yyyy', 22: 'm/d/yyyy h:mm' }
const NUM_FMT = /<(?:\w+:)?numFmt\b[^>]*>/g
const CELL_XFS = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/
const XF = /<(?:\w+:)?xf\b[^>]*>/g

/** The format code of each cell style (the `s` attribute of a cell), or null for General and text. */
export function readCellFormats(pkg: XlsxPackage): (string | number | null)[] {
  const path = [...pkg.relationships(pkg.workbookPath).values()].find((r) => r.type.endsWith('/styles'))?.target
  const xml = pkg.text(path ?? 'xl/styles.xml')
  if (!xml) return []
  const custom = new Map<number, string>()
  for (const m of xml.matchAll(NUM_FMT)) {
    const a = readAttributes(m[0])
    if (a.numFmtId && a.formatCode) custom.set(Number(a.numFmtId), unescapeXml(a.formatCode))
  }
  const xfs = CELL_XFS.exec(xml)?.[1] ?? ''
  return [...xfs.matchAll(XF)].map((m) => {
    const id = Number(readAttributes(m[0]).numFmtId ?? 0)
    const code = custom.get(id) ?? id
    return code === 0 || code === 49 || code === 'General' || code === '@' ? null : code
  })
}

/** The text Excel shows for a number in a format (SheetJS's SSF), or the number itself if the format is unreadable. */
export function formatNumber(raw: string, format: string | number): string {
  const value = Number(raw)
  if (!Number.isFinite(value)) return raw
  try {
    const text = SSF.format(typeof format === 'number' ? (BUILT_IN[format] ?? format) : format, value).trim()
    return text || raw
  } catch {
    return raw
  }
}
