import type FormulaParser from 'fast-formula-parser'
import type { FormulaError } from 'fast-formula-parser'
import { createRequire } from 'node:module'

type Library = typeof FormulaParser
let loaded: Library | undefined

/**
 * fast-formula-parser, loaded on first use: with chevrotain it takes a few hundred milliseconds to load, which
 * every job's process paid up front, while only workbooks saved without formula results need it.
 */
export function formulaLibrary(): Library {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('fast-formula-parser') as Library
    // Its helpers flatten every range a function reads (SUM, COUNTIF, ...) with reduce and concat, copying the rows
    // read so far for each row: quadratic, so one SUM over 20,000 rows copied 2×10⁸ cells and a hostile workbook
    // held the reader for minutes. Array.prototype.flat gives the same array in linear time.
    loaded.FormulaHelpers.flattenDeep = (array) => array.flat(Infinity)
  }
  return loaded
}

/** An Excel error value (#N/A, #VALUE!) as the evaluator's functions return it. */
export function errorValue(code: string, message?: string): FormulaError {
  return new (formulaLibrary().FormulaError)(code, message)
}

export function isErrorValue(value: unknown): value is FormulaError {
  return loaded !== undefined && value instanceof loaded.FormulaError
}
