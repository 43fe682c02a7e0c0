import { cellRef, columnName } from '../cells'
import { escapeXml } from './xml'

export type Row = (string | number | null | undefined)[]

export interface WorksheetOptions {
  widths?: number[]
  freezeRow?: number
  autoFilterRow?: number
  /** Style index (cellXfs) per cell; only for workbooks whose styles.xml we wrote ourselves. */
  style?: (row: number, col: number) => number | undefined
}

/** A complete, minimal worksheet part for rows of plain values (text as inline strings). */
export function worksheetXml(rows: Row[], options: WorksheetOptions = {}): string {
  const cols = options.widths?.length
    ? `<cols>${options.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : ''
  const pane = options.freezeRow
    ? `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${options.freezeRow}" topLeftCell="A${options.freezeRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`
    : ''
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((v, c) => {
          if (v === null || v === undefined || v === '') return ''
          const ref = cellRef(c + 1, r + 1)
          const style = options.style?.(r + 1, c + 1)
          const s = style === undefined ? '' : ` s="${style}"`
          if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"${s}><v>${v}</v></c>` : ''
          return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(v)}</t></is></c>`
        })
        .join('')
      return `<row r="${r + 1}">${cells}</row>`
    })
    .join('')
  const width = Math.max(1, ...rows.map((r) => r.length))
  const filter =
    options.autoFilterRow && rows.length > options.autoFilterRow
      ? `<autoFilter ref="A${options.autoFilterRow}:${columnName(width)}${rows.length}"/>`
      : ''
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<dimension ref="A1:${columnName(width)}${Math.max(rows.length, 1)}"/>${pane}<sheetFormatPr defaultRowHeight="15"/>${cols}` +
    `<sheetData>${body}</sheetData>${filter}</worksheet>`
  )
}
