import type { CellValue } from 'fast-formula-parser'
import { errorValue, isErrorValue } from './library'
import { GiveUp } from './results'

/**
 * Functions questionnaires use that fast-formula-parser lacks: MATCH (with INDEX, the classic lookup), XLOOKUP
 * (Excel 365's, in HECVAT 4), COUNTA and UPPER. Each follows Excel's documented behaviour for the cases it
 * supports and gives up, with the reason, on the rest (an approximate XLOOKUP), so no value is guessed.
 * Arguments arrive as fast-formula-parser passes them: `{ value }`, a range's value being rows of cells.
 */
interface Arg {
  value: unknown
  omitted?: boolean
}

type Vector = { length: number; at: (i: number) => CellValue }

const NA = () => errorValue('#N/A')
const VALUE = () => errorValue('#VALUE!')

/** A one-row or one-column range (or a single value) as a list, read lazily; undefined for a 2-D range. */
function vector(value: unknown): Vector | undefined {
  if (!Array.isArray(value)) return { length: 1, at: () => value as CellValue }
  const rows = value as CellValue[][]
  if (rows.length === 1) return { length: rows[0]!.length, at: (i) => rows[0]![i]! }
  if (rows.every((r) => r.length === 1)) return { length: rows.length, at: (i) => rows[i]![0]! }
  return undefined
}

/** Excel's wildcards in a text lookup: * any run, ? one character, ~ escapes either. */
function wildcard(pattern: string): RegExp {
  const body = pattern.replace(/~([*?~])|([*?])|([.+^${}()|[\]\\])/g, (_, escaped, wild, special) =>
    escaped ? `\\${escaped}` : wild === '*' ? '[\\s\\S]*' : wild === '?' ? '[\\s\\S]' : `\\${special}`,
  )
  return new RegExp(`^${body}$`, 'i')
}

function sameValue(a: CellValue, b: CellValue, wild: RegExp | undefined): boolean {
  if (typeof a === 'string' && typeof b === 'string') return wild ? wild.test(b) : a.toLowerCase() === b.toLowerCase()
  return typeof a === typeof b && a === b
}

function compare(a: CellValue, b: CellValue): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase().localeCompare(b.toLowerCase())
  return undefined
}

function firstMatch(lookup: CellValue, list: Vector, wild: boolean, reverse = false): number {
  const pattern = wild && typeof lookup === 'string' && /[*?~]/.test(lookup) ? wildcard(lookup) : undefined
  for (let n = 0; n < list.length; n++) {
    const i = reverse ? list.length - 1 - n : n
    if (sameValue(lookup, list.at(i), pattern)) return i
  }
  return -1
}

function MATCH(lookupArg: Arg, arrayArg: Arg, typeArg?: Arg) {
  const lookup = lookupArg.value as CellValue
  if (isErrorValue(lookup)) return lookup
  const list = vector(arrayArg.value)
  if (!list) return NA()
  const type = typeArg && !typeArg.omitted ? Math.sign(Number(typeArg.value)) : 1
  if (type === 0) {
    const i = firstMatch(lookup, list, true)
    return i < 0 ? NA() : i + 1
  }
  // Approximate: the list is sorted (ascending for 1, descending for -1); the last entry on the right side wins.
  let found = -1
  for (let i = 0; i < list.length; i++) {
    const order = compare(list.at(i), lookup)
    if (order === undefined) continue
    if (type * order <= 0) found = i
    else break
  }
  return found < 0 ? NA() : found + 1
}

function XLOOKUP(lookupArg: Arg, arrayArg: Arg, returnArg: Arg, ifNotFound?: Arg, modeArg?: Arg, searchArg?: Arg) {
  const lookup = lookupArg.value as CellValue
  if (isErrorValue(lookup)) return lookup
  const list = vector(arrayArg.value)
  if (!list) return VALUE()
  const mode = modeArg && !modeArg.omitted ? Number(modeArg.value) : 0
  if (mode !== 0 && mode !== 2) throw new GiveUp('function XLOOKUP with an approximate match')
  const reverse = searchArg && !searchArg.omitted ? Number(searchArg.value) < 0 : false
  const i = firstMatch(lookup, list, mode === 2, reverse)
  if (i < 0) return ifNotFound && !ifNotFound.omitted ? (ifNotFound.value as CellValue) : NA()
  const result = returnArg.value
  if (!Array.isArray(result)) return i === 0 ? (result as CellValue) : VALUE()
  const rows = result as CellValue[][]
  // A column to look in returns that row of the result range; a row to look in returns that column.
  const vertical = Array.isArray(arrayArg.value) && (arrayArg.value as unknown[][]).length === list.length
  if (vertical && list.length > 1) return rows[i] ? [rows[i]!] : VALUE()
  return rows.map((r) => [r[i]!])
}

function COUNTA(...args: Arg[]) {
  let count = 0
  const visit = (v: unknown) => {
    if (Array.isArray(v)) for (const row of v as unknown[][]) for (let c = 0; c < row.length; c++) visit(row[c])
    else if (v !== null && v !== undefined && v !== '') count++
  }
  for (const a of args) if (!a.omitted) visit(a.value)
  return count
}

function UPPER(text: Arg) {
  const v = text.value
  if (isErrorValue(v)) return v
  return (typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v ?? '')).toUpperCase()
}

/** The functions QFill adds to fast-formula-parser's own (names as Excel writes them, without _xlfn.). */
export const EXTRA_FUNCTIONS = { MATCH, XLOOKUP, COUNTA, UPPER } as unknown as Record<
  string,
  (...args: unknown[]) => unknown
>
