import { columnName, columnNumber, MAX_COL, MAX_ROW } from '../cells'

/**
 * A shared formula (`<f t="shared" si="0">`) is written once, on its first cell; the other cells of its range carry
 * only the index, and their formula is the first one with every relative reference moved by the cell's offset
 * (Excel's "fill down"). This rewrites a formula for an offset: `VLOOKUP(A24,Questions!B$18:C$109,2,FALSE)` moved
 * one row down reads `VLOOKUP(A25,Questions!B$18:C$109,2,FALSE)`. References anchored with `$` stay; text in
 * double quotes and quoted sheet names are left alone; a reference pushed off the sheet becomes #REF!, as in Excel.
 */
export function shiftFormula(formula: string, rows: number, cols: number): string {
  if (!rows && !cols) return formula
  // Split into quoted pieces ("text", 'sheet name') kept verbatim and the rest, where references live.
  return formula.replace(/("(?:[^"]|"")*"|'(?:[^']|'')*')|([^"']+)/g, (_, quoted: string, code: string) =>
    quoted ? quoted : shiftReferences(code, rows, cols),
  )
}

/** A1 references, whole columns (B:C) and whole rows (3:5); not names such as LOG10( or Sheet1!. */
const REFERENCE =
  /(?<![\w.$])(?:(\$?)([A-Z]{1,3})(\$?)(\d{1,7})|(\$?)([A-Z]{1,3}):(\$?)([A-Z]{1,3})|(\$?)(\d{1,7}):(\$?)(\d{1,7}))(?![\w.(!])/gi

function shiftReferences(code: string, rows: number, cols: number): string {
  return code.replace(REFERENCE, (whole, ...m: (string | undefined)[]) => {
    if (m[1] !== undefined) {
      const col = shiftCol(m[1]!, m[0]!, cols)
      const row = shiftRow(m[3]!, m[2]!, rows)
      return col && row ? `${col}${row}` : '#REF!'
    }
    if (m[5] !== undefined) {
      const a = shiftCol(m[5]!, m[4]!, cols)
      const b = shiftCol(m[7]!, m[6]!, cols)
      return a && b ? `${a}:${b}` : '#REF!'
    }
    if (m[9] !== undefined) {
      const a = shiftRow(m[9]!, m[8]!, rows)
      const b = shiftRow(m[11]!, m[10]!, rows)
      return a && b ? `${a}:${b}` : '#REF!'
    }
    return whole
  })
}

function shiftCol(name: string, anchor: string, by: number): string | undefined {
  if (anchor) return `$${name}`
  const col = columnNumber(name) + by
  return col >= 1 && col <= MAX_COL ? columnName(col) : undefined
}

function shiftRow(digits: string, anchor: string, by: number): string | undefined {
  if (anchor) return `$${digits}`
  const row = Number(digits) + by
  return row >= 1 && row <= MAX_ROW ? String(row) : undefined
}
