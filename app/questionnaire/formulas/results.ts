import type { CellValue, FormulaError } from 'fast-formula-parser'
import { cellKey, cellOfKey, setCell, type Grid } from '../grid'
import { errorValue, isErrorValue } from './library'

/** What the evaluator does with what a formula gives: values into the grid, failures into reasons. */

/** Thrown inside the parser to give up on the formula being evaluated, with the reason. */
export class GiveUp extends Error {}

/** The value a formula reads from a cell QFill could not evaluate: the formula fails with the same reason. */
export const FAILED = '#QFILL!'
const failedValues = new Map<string, FormulaError>()
/** One error value per reason: each is an Error, whose stack a hostile workbook would make QFill capture millions of times. */
export function failedValue(reason: string): FormulaError {
  let value = failedValues.get(reason)
  if (!value) failedValues.set(reason, (value = errorValue(FAILED, reason)))
  return value
}

/**
 * An array whose elements are computed when read, and again on each read (cells remember their own values, and
 * a cell still being evaluated must read as such until it is done). It holds nothing itself.
 */
export function lazyRow(length: number, at: (index: number) => CellValue): CellValue[] {
  const index = (prop: string | symbol) => {
    if (typeof prop !== 'string') return -1
    const i = Number(prop)
    return Number.isInteger(i) && i >= 0 && i < length ? i : -1
  }
  return new Proxy(new Array<CellValue>(length), {
    get(target, prop, receiver) {
      const i = index(prop)
      return i >= 0 ? at(i) : Reflect.get(target, prop, receiver)
    },
    has(target, prop) {
      return index(prop) >= 0 || Reflect.has(target, prop)
    },
  })
}

/** Puts a result into the grid as a saved value would be; returns a reason when the result is a failure. */
export function store(grid: Grid, row: number, col: number, result: unknown): string | undefined {
  const key = cellKey(row, col)
  if (isErrorValue(result)) {
    // A formula whose result is an error (#N/A) is evaluated: Excel shows the error, QFill reads an empty cell.
    return (result as FormulaError).error === FAILED ? result.message : undefined
  }
  // A plain reference to an empty cell shows 0 in Excel, and Excel saves 0.
  const value = result === null || result === undefined ? 0 : result
  if (typeof value === 'number' || typeof value === 'boolean') {
    grid.typed.set(key, value)
    setCell(grid, row, col, typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value))
  } else {
    setCell(grid, row, col, String(value).replace(/\r\n?/g, '\n').trim())
  }
  return undefined
}

/** The reason a formula failed, from what the parser threw (it wraps errors raised inside it). */
export function reasonOf(error: unknown): string {
  let parseError = false
  for (let e: unknown = error, n = 0; e && n < 10; e = (e as { details?: unknown }).details, n++) {
    if (e instanceof GiveUp) return e.message
    const message = e instanceof Error ? e.message : ''
    const missing = /^Function (\S+) is not implemented/.exec(message)
    if (missing) return `function ${missing[1]!.replace(/^_xl(?:fn|ws)\./i, '').toUpperCase()}`
    if (e instanceof RangeError && /call stack/i.test(message)) return 'formulas nested too deeply'
    if (/Exception$/.test((e as Error).name ?? '') || /unexpected character|Error at position/i.test(message))
      parseError = true
  }
  return parseError ? 'a formula QFill cannot read' : 'a formula the evaluator failed on'
}

/** The part of a sheet that holds anything (values or formulas): whole-column references stop there. */
export function extent(grid: Grid): { rows: number; cols: number } {
  let rows = 0
  let cols = 0
  for (const [r, cells] of grid.rows) {
    if (r > rows) rows = r
    for (const c of cells.keys()) if (c > cols) cols = c
  }
  for (const key of grid.formulas.keys()) {
    const { row, col } = cellOfKey(key)
    if (row > rows) rows = row
    if (col > cols) cols = col
  }
  return { rows, cols }
}
