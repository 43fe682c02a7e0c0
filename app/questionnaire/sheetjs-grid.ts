import type * as XLSX from '@e965/xlsx'
import type { WorkbookName } from './formulas/references'
import { cellKey, emptyGrid, setCell, type Grid } from './grid'

/**
 * Legacy .xls workbooks are read through SheetJS (dense mode: only rows that exist are stored). Their data
 * validations are not available this way, so answer columns are found by header and content only.
 */
export function gridsFromSheetJs(wb: XLSX.WorkBook): Grid[] {
  return wb.SheetNames.map((name, index) => {
    const ws = wb.Sheets[name]!
    const grid = emptyGrid(name, Boolean(wb.Workbook?.Sheets?.[index]?.Hidden))
    const data = (ws['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]
    data.forEach((row, r) => {
      row?.forEach((cell, c) => {
        if (!cell) return
        const key = cellKey(r + 1, c + 1)
        if (cell.f) grid.formulas.set(key, cell.f)
        if (cell.f && (cell.v === undefined || cell.v === null)) grid.uncomputed.add(key)
        if ((cell.t === 'n' || cell.t === 'b') && (typeof cell.v === 'number' || typeof cell.v === 'boolean'))
          grid.typed.set(key, cell.v)
        setCell(grid, r + 1, c + 1, cellToText(cell))
      })
    })
    ;(ws['!rows'] ?? []).forEach((info, r) => {
      if (info?.hidden) grid.hiddenRows.add(r + 1)
    })
    ;(ws['!cols'] ?? []).forEach((info, c) => {
      if (info?.hidden) grid.hiddenCols.add(c + 1)
    })
    grid.merges = (ws['!merges'] ?? []).map((m) => ({ c1: m.s.c + 1, r1: m.s.r + 1, c2: m.e.c + 1, r2: m.e.r + 1 }))
    return grid
  })
}

function cellToText(cell: XLSX.CellObject): string {
  if (cell.v === undefined || cell.v === null || cell.t === 'e') return ''
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10)
  return String(cell.w ?? cell.v)
    .replace(/\r\n?/g, '\n')
    .trim()
}

/** The workbook's defined names, for formulas that use them. */
export function sheetJsNames(wb: XLSX.WorkBook): WorkbookName[] {
  return (wb.Workbook?.Names ?? []).flatMap((n) =>
    n.Name && n.Ref
      ? [{ name: n.Name, sheet: n.Sheet === undefined ? undefined : wb.SheetNames[n.Sheet], formula: n.Ref }]
      : [],
  )
}
