import type { CellRef, RangeRef } from 'fast-formula-parser'
import { parseRange } from '../cells'

/** A defined name as the evaluator needs it: the sheet it is local to (absent = workbook-wide) and its formula. */
export interface WorkbookName {
  name: string
  sheet?: string
  formula: string
}

const REFERENCE =
  /^(?:'((?:[^']|'')+)'|([^!'"()]+))!(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?|\$?[A-Z]{1,3}:\$?[A-Z]{1,3}|\$?\d+:\$?\d+)$/i

/**
 * What a defined name refers to, for formulas that use it (`VLOOKUP(A5, Lite, 2, FALSE)`): a cell or a range on
 * a sheet. Sheet-local names come before workbook-wide ones, as in Excel. `null` when the workbook has no such
 * name (#NAME?, as in Excel); 'computed' when the name is itself a formula or a constant, which QFill does not follow.
 */
export function resolveName(
  names: WorkbookName[],
  name: string,
  sheet: string,
): CellRef | RangeRef | 'computed' | null {
  const lower = name.toLowerCase()
  const found =
    names.find((n) => n.sheet === sheet && n.name.toLowerCase() === lower) ??
    names.find((n) => n.sheet === undefined && n.name.toLowerCase() === lower)
  if (!found) return null
  const m = REFERENCE.exec(found.formula.trim().replace(/^=/, ''))
  if (!m) return 'computed'
  const target = m[1]?.replace(/''/g, "'") ?? m[2]!.trim()
  const range = parseRange(m[3]!)
  if (range.r1 === range.r2 && range.c1 === range.c2) return { sheet: target, row: range.r1, col: range.c1 }
  return { sheet: target, from: { row: range.r1, col: range.c1 }, to: { row: range.r2, col: range.c2 } }
}

/** Excel's own limits on a formula: 8,192 characters and 64 levels of nested functions. */
export const MAX_FORMULA_CHARS = 8192
export const MAX_NESTING = 64

/**
 * Why a formula cannot be evaluated before trying: longer or more deeply nested than Excel allows (a hostile
 * workbook's, which could exhaust the parser's stack), or pointing at another workbook or a table by name
 * (`[1]Sheet!A1`, `Table1[Column]`), which the evaluator does not read. Undefined when it may be tried.
 */
export function unreadableFormula(formula: string): string | undefined {
  if (!formula.trim()) return 'a formula QFill cannot read'
  if (formula.length > MAX_FORMULA_CHARS) return 'a formula longer than Excel allows'
  let depth = 0
  let deepest = 0
  let quote = ''
  for (const ch of formula) {
    if (quote) {
      if (ch === quote) quote = ''
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '(') deepest = Math.max(deepest, ++depth)
    else if (ch === ')') depth--
    else if (ch === '[') return 'a reference to another workbook or a table'
  }
  return deepest > MAX_NESTING ? 'a formula nested deeper than Excel allows' : undefined
}

/**
 * The formula without `$` anchors, which only matter when a formula is copied, never to its value; the evaluator
 * misreads anchored whole columns (`$B:$AA`). Text in quotes and quoted sheet names are left alone.
 */
export function withoutAnchors(formula: string): string {
  if (!formula.includes('$')) return formula
  return formula.replace(/("(?:[^"]|"")*"|'(?:[^']|'')*')|([^"']+)/g, (_, quoted: string, code: string) =>
    quoted ? quoted : code.replace(/\$/g, ''),
  )
}
