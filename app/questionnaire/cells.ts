/** A1-notation helpers. Columns and rows are 1-based. */

export function columnName(col: number): string {
  let name = ''
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

export function columnNumber(name: string): number {
  let n = 0
  for (const ch of name.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n
}

export function cellRef(col: number, row: number): string {
  return `${columnName(col)}${row}`
}

export function parseCellRef(ref: string): { col: number; row: number } {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref.trim())
  if (!m) throw new Error(`Not a cell reference: ${ref}`)
  return { col: columnNumber(m[1]!), row: Number(m[2]) }
}

/** A rectangle of cells, 1-based and inclusive. */
export interface CellRange {
  c1: number
  r1: number
  c2: number
  r2: number
}

export const MAX_ROW = 1048576
export const MAX_COL = 16384

/** "A1:C10" → bounds; a single cell is a range of one. */
export function parseRange(ref: string): CellRange {
  const [a, b = a] = ref.replace(/\$/g, '').split(':') as [string, string?]
  // Whole-column ("C:C") and whole-row ("3:3") references
  const col = /^([A-Za-z]{1,3})$/
  const row = /^(\d+)$/
  if (col.test(a) && col.test(b!)) return { c1: columnNumber(a), r1: 1, c2: columnNumber(b!), r2: MAX_ROW }
  if (row.test(a) && row.test(b!)) return { c1: 1, r1: Number(a), c2: MAX_COL, r2: Number(b) }
  const start = parseCellRef(a)
  const end = parseCellRef(b!)
  return {
    c1: Math.min(start.col, end.col),
    r1: Math.min(start.row, end.row),
    c2: Math.max(start.col, end.col),
    r2: Math.max(start.row, end.row),
  }
}

/** A space-separated list of references (a validation's sqref); references that do not parse are skipped. */
export function parseSqref(sqref: string): CellRange[] {
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
