import type FormulaParser from 'fast-formula-parser'
import type { CellValue, RangeRef } from 'fast-formula-parser'
import { cellKey, cellOfKey, type Grid } from '../grid'
import { EXTRA_FUNCTIONS } from './functions'
import { formulaLibrary } from './library'
import { resolveName, unreadableFormula, withoutAnchors, type WorkbookName } from './references'
import { extent, failedValue, GiveUp, lazyRow, reasonOf, store } from './results'

/**
 * Work a workbook may cost the evaluator, whatever its formulas do: a hostile file with deep or circular
 * references, or lookups over whole columns, ends with cells left empty (and reported), never with a hung reader.
 */
export const FORMULA_LIMITS = {
  /** Formulas evaluated per workbook. */
  evaluations: 50_000,
  /** Characters of formula text parsed per workbook (one formula may have 8,192). */
  formulaChars: 5_000_000,
  /** Formulas waiting on formulas waiting on formulas... */
  depth: 24,
  /** Cells of one range, once clipped to the part of the sheet that holds anything. */
  rangeCells: 100_000,
  /**
   * Cells read through ranges per workbook (each read counts, so a sum repeated over a big range is bounded), plus
   * one per row of each distinct range the formulas name.
   */
  cellReads: 5_000_000,
}
export type FormulaLimits = typeof FORMULA_LIMITS

export interface FormulaReport {
  /** Formula cells saved without their result. */
  uncomputed: number
  /** How many of them QFill computed. */
  computed: number
  /** Why the others could not be: reason ("function XLOOKUP", "a circular reference") → cells. */
  failures: Map<string, number>
}

interface Sheet {
  grid: Grid
  rows: number
  cols: number
  state: Map<number, 'busy' | 'done'>
}

/**
 * Fills in every formula cell saved without its result (Grid.uncomputed), as Excel would on opening the file:
 * references to any sheet (hidden ones included) and defined names, lookups (VLOOKUP, HLOOKUP, INDEX, MATCH),
 * IF, text functions and the rest of fast-formula-parser's functions. A cell that cannot be evaluated (a function
 * the evaluator lacks, a circular reference, a limit reached) stays empty and is listed in Grid.unevaluated.
 * Cells that have a saved result are never recomputed: the file's own values stand.
 */
export function evaluateFormulas(
  grids: Grid[],
  names: WorkbookName[],
  limits: FormulaLimits = FORMULA_LIMITS,
): FormulaReport {
  const report: FormulaReport = { uncomputed: 0, computed: 0, failures: new Map() }
  for (const g of grids) report.uncomputed += g.uncomputed.size
  if (!report.uncomputed) return report

  const sheets = new Map(grids.map((g) => [g.name.toLowerCase(), { grid: g, ...extent(g), state: new Map() } as Sheet]))
  const parsers: FormulaParser[] = []
  const ranges = new Map<string, CellValue[][]>()
  let evaluations = 0
  let formulaChars = 0
  let cellReads = 0
  let outOfWork: GiveUp | undefined
  /** Formulas being evaluated, each waiting on the next: the parser in use at each level is its own. */
  let depth = 0
  /**
   * Per level, why the formula being evaluated read a cell QFill could not evaluate, if it did. Such a formula
   * fails too, whatever the evaluator made of the error it read (some functions skip errors, or turn them into text).
   */
  const tainted: (string | undefined)[] = []
  const failedRead = (reason: string): CellValue => {
    tainted[depth - 1] ??= reason
    return failedValue(reason)
  }

  const sheetOf = (name: string | undefined): Sheet => {
    const lower = (name ?? '').toLowerCase()
    const sheet = sheets.get(lower) ?? sheets.get(lower.replace(/''/g, "'"))
    if (!sheet) throw new GiveUp('a reference to a sheet the workbook does not have')
    return sheet
  }

  const parserAt = (level: number) =>
    (parsers[level] ??= withSheetKeepingIndex(
      new (formulaLibrary())({
        functions: {
          ...EXTRA_FUNCTIONS,
          WEBSERVICE: () => {
            throw new GiveUp('function WEBSERVICE')
          },
        },
        onCell: (ref) => valueAt(sheetOf(ref.sheet), ref.row, ref.col),
        onRange: (ref) => rangeAt(ref),
        onVariable: (name, sheet) => {
          const target = resolveName(names, name, sheet)
          if (target === 'computed') throw new GiveUp('a defined name that is itself a formula')
          return target
        },
      }),
    ))

  const valueAt = (sheet: Sheet, row: number, col: number): CellValue => {
    const { grid } = sheet
    const key = cellKey(row, col)
    if (grid.uncomputed.has(key)) {
      const state = sheet.state.get(key)
      if (state === 'busy') return failedRead('a circular reference')
      if (!state) {
        if (depth >= limits.depth) return failedRead('formulas that depend on each other too deeply')
        evaluate(sheet, row, col)
      }
      const failed = grid.unevaluated.get(key)
      if (failed) return failedRead(failed)
    }
    const typed = grid.typed.get(key)
    if (typed !== undefined) return typed
    return grid.rows.get(row)?.get(col) ?? null
  }

  /**
   * A range's values, read lazily: a cell is evaluated only when a function reads it, as Excel does. A lookup
   * over a table then costs the cells it looks at, and a table holding formulas that look back at the cell being
   * evaluated is no circle unless the lookup really reads them.
   */
  const rangeAt = (ref: RangeRef): CellValue[][] => {
    const sheet = sheetOf(ref.sheet)
    const { row: r1, col: c1 } = ref.from
    if (r1 < 1 || c1 < 1) throw new GiveUp('a reference QFill cannot read')
    const r2 = Math.min(ref.to.row, sheet.rows)
    const c2 = Math.min(ref.to.col, sheet.cols)
    if (r2 < r1 || c2 < c1) return [[null]]
    if ((r2 - r1 + 1) * (c2 - c1 + 1) > limits.rangeCells)
      throw new GiveUp(`a range of more than ${limits.rangeCells.toLocaleString('en-US')} cells`)
    const cacheKey = `${sheet.grid.name}\u0000${r1},${c1},${r2},${c2}`
    const cached = ranges.get(cacheKey)
    if (cached) return cached
    spend(r2 - r1 + 1)
    const rows: CellValue[][] = []
    for (let r = r1; r <= r2; r++)
      rows.push(
        lazyRow(c2 - c1 + 1, (i) => {
          spend(1)
          return valueAt(sheet, r, c1 + i)
        }),
      )
    ranges.set(cacheKey, rows)
    return rows
  }

  const spend = (reads: number) => {
    cellReads += reads
    // Thrown on every read past the limit: one instance, rather than an Error with its stack each time.
    if (cellReads > limits.cellReads) throw (outOfWork ??= new GiveUp('the work limit for formulas'))
  }

  const evaluate = (sheet: Sheet, row: number, col: number) => {
    const { grid } = sheet
    const key = cellKey(row, col)
    sheet.state.set(key, 'busy')
    const formula = grid.formulas.get(key) ?? ''
    let failure = unreadableFormula(formula)
    if (!failure && (++evaluations > limits.evaluations || (formulaChars += formula.length) > limits.formulaChars))
      failure = 'the limit on formulas per workbook'
    if (!failure) {
      const parser = parserAt(depth)
      tainted[depth] = undefined
      depth++
      try {
        const result = parser.parse(withoutAnchors(formula), { sheet: grid.name, row, col })
        failure = tainted[depth - 1] ?? store(grid, row, col, result)
      } catch (error) {
        failure = tainted[depth - 1] ?? reasonOf(error)
      } finally {
        depth--
      }
    }
    sheet.state.set(key, 'done')
    if (failure) {
      grid.unevaluated.set(key, failure)
      report.failures.set(failure, (report.failures.get(failure) ?? 0) + 1)
    } else report.computed++
  }

  // Visible sheets first: if a limit is reached, it is reached on the sheets nobody reads.
  const order = [...sheets.values()].sort((a, b) => Number(a.grid.hidden) - Number(b.grid.hidden))
  for (const sheet of order) {
    for (const key of [...sheet.grid.uncomputed].sort((a, b) => a - b)) {
      if (sheet.state.has(key)) continue
      const { row, col } = cellOfKey(key)
      evaluate(sheet, row, col)
    }
  }
  return report
}

/**
 * fast-formula-parser's INDEX returns the cell it picks without the range's sheet, so the cell was then read on
 * the formula's own sheet: `INDEX(Questions!B2:B9, 3)` read B4 of the sheet asking. The wrapper puts the sheet back.
 */
function withSheetKeepingIndex(parser: FormulaParser): FormulaParser {
  const index = parser.functions.INDEX!
  parser.functions.INDEX = (context: unknown, ranges: { ref?: { sheet?: string } }, ...rest: unknown[]) => {
    const result = index(context, ranges, ...rest) as { ref?: { sheet?: string } } | undefined
    if (result?.ref && result.ref.sheet === undefined && ranges?.ref?.sheet !== undefined)
      result.ref.sheet = ranges.ref.sheet
    return result
  }
  return parser
}
