import * as XLSX from '@e965/xlsx'

/** One sheet's cell text, rows and columns 1-based. Only rows that hold cells are stored (never the declared range). */
export interface Grid {
  name: string
  hidden: boolean
  /** row number → (column number → text) */
  rows: Map<number, Map<number, string>>
  /** Rows hidden in the sheet (1-based). */
  hiddenRows: Set<number>
  /** Merged ranges, 1-based inclusive. */
  merges: { c1: number; r1: number; c2: number; r2: number }[]
}

export function cellText(grid: Grid, row: number, col: number): string {
  return grid.rows.get(row)?.get(col) ?? ''
}

/** Reads every sheet of a SheetJS workbook into grids, touching only the cells that exist. */
export function gridsFromWorkbook(wb: XLSX.WorkBook): Grid[] {
  return wb.SheetNames.map((name, index) => {
    const ws = wb.Sheets[name]!
    const rows = new Map<number, Map<number, string>>()
    const data = (ws['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]
    data.forEach((row, r) => {
      if (!row) return
      let cells: Map<number, string> | undefined
      row.forEach((cell, c) => {
        if (!cell) return
        const text = cellToText(cell)
        if (text === '') return
        cells ??= new Map()
        cells.set(c + 1, text)
      })
      if (cells) rows.set(r + 1, cells)
    })
    const hiddenRows = new Set<number>()
    ;(ws['!rows'] ?? []).forEach((info, r) => {
      if (info?.hidden) hiddenRows.add(r + 1)
    })
    const merges = (ws['!merges'] ?? []).map((m) => ({ c1: m.s.c + 1, r1: m.s.r + 1, c2: m.e.c + 1, r2: m.e.r + 1 }))
    const hidden = Boolean(wb.Workbook?.Sheets?.[index]?.Hidden)
    return { name, hidden, rows, hiddenRows, merges }
  })
}

function cellToText(cell: XLSX.CellObject): string {
  if (cell.v === undefined || cell.v === null) return ''
  if (cell.t === 'e') return ''
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10)
  return String(cell.w ?? cell.v)
    .replace(/\r\n?/g, '\n')
    .trim()
}
