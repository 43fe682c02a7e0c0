/** The part of fast-formula-parser's API QFill uses (the package ships no types). 1-based rows and columns. */
declare module 'fast-formula-parser' {
  export interface CellRef {
    sheet?: string
    row: number
    col: number
  }
  export interface RangeRef {
    sheet?: string
    from: { row: number; col: number }
    to: { row: number; col: number }
  }
  export type CellValue = string | number | boolean | null | FormulaError

  export class FormulaError extends Error {
    constructor(error: string, msg?: string, details?: unknown)
    readonly error: string
    readonly details?: unknown
  }

  export interface ParserConfig {
    functions?: Record<string, (...args: unknown[]) => unknown>
    onVariable?: (name: string, sheet: string) => CellRef | RangeRef | null
    onCell?: (ref: CellRef) => CellValue
    onRange?: (ref: RangeRef) => CellValue[][]
  }

  export default class FormulaParser {
    constructor(config?: ParserConfig)
    /** Every function the parser knows, by name (its own and the config's). */
    functions: Record<string, (...args: any[]) => unknown>
    static FormulaError: typeof FormulaError
    /** The helpers every built-in function shares (one object). */
    static FormulaHelpers: { flattenDeep(array: unknown[]): unknown[] }
    parse(formula: string, position: { sheet: string; row: number; col: number }, allowReturnArray?: boolean): unknown
  }
}
