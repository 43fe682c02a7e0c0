import type { CellRange } from './cells'

/** A list data validation: the cells it covers and the values it allows (resolved, in the workbook's spelling). */
export interface ListValidation {
  ranges: CellRange[]
  values: string[]
}

/** An input-message validation ("This cell should be left blank", "populated from the START HERE tab"). */
export interface PromptValidation {
  ranges: CellRange[]
  prompt: string
}

/**
 * One sheet (or one .docx table, or a CSV file) as cell text, rows and columns 1-based. Only cells that hold
 * something are stored: a sheet whose dimension claims a million rows costs what its real cells cost.
 */
export interface Grid {
  name: string
  hidden: boolean
  /** row number → (column number → text) */
  rows: Map<number, Map<number, string>>
  /** Formula text of formula cells, keyed by cellKey(row, col) (a shared formula's, moved to each of its cells). */
  formulas: Map<number, string>
  /** Cells whose value is a number or a logical, keyed by cellKey; every other cell's value is its text. */
  typed: Map<number, number | boolean>
  /** Formula cells saved without their result (openpyxl and many scripts save them so); the evaluator fills them. */
  uncomputed: Set<number>
  /** Formula cells QFill could not evaluate, with why ("function XLOOKUP", "a circular reference"). */
  unevaluated: Map<number, string>
  /** How numeric cells with a number format display (a date serial as a date), keyed by cellKey(row, col). */
  display: Map<number, string>
  hiddenRows: Set<number>
  hiddenCols: Set<number>
  merges: CellRange[]
  lists: ListValidation[]
  prompts: PromptValidation[]
}

export function emptyGrid(name: string, hidden = false): Grid {
  return {
    name,
    hidden,
    rows: new Map(),
    formulas: new Map(),
    typed: new Map(),
    uncomputed: new Set(),
    unevaluated: new Map(),
    display: new Map(),
    hiddenRows: new Set(),
    hiddenCols: new Set(),
    merges: [],
    lists: [],
    prompts: [],
  }
}

/** Excel has at most 16,384 columns, so row and column fit one number. */
export function cellKey(row: number, col: number): number {
  return row * 16384 + col
}

/** The row and column of a cellKey. */
export function cellOfKey(key: number): { row: number; col: number } {
  const row = Math.floor((key - 1) / 16384)
  return { row, col: key - row * 16384 }
}

export function cellText(grid: Grid, row: number, col: number): string {
  return grid.rows.get(row)?.get(col) ?? ''
}

/** A cell's text as the workbook displays it: number formats applied (dates, percentages), else its value. */
export function displayText(grid: Grid, row: number, col: number): string {
  return grid.display.get(cellKey(row, col)) ?? cellText(grid, row, col)
}

export function setCell(grid: Grid, row: number, col: number, text: string) {
  if (text === '') return
  let cells = grid.rows.get(row)
  if (!cells) {
    cells = new Map()
    grid.rows.set(row, cells)
  }
  cells.set(col, text)
}

export function hasFormula(grid: Grid, row: number, col: number): boolean {
  return grid.formulas.has(cellKey(row, col))
}

/** Why a formula cell could not be evaluated, when QFill had to and could not (its text is then empty). */
export function unevaluatedAt(grid: Grid, row: number, col: number): string | undefined {
  return grid.unevaluated.get(cellKey(row, col))
}

/** Rows in ascending order (a Map keeps insertion order, and readers may insert out of order). */
export function sortedRows(grid: Grid): number[] {
  return [...grid.rows.keys()].sort((a, b) => a - b)
}

function covers(ranges: CellRange[], row: number, col: number) {
  return ranges.some((r) => row >= r.r1 && row <= r.r2 && col >= r.c1 && col <= r.c2)
}

export function listAt(grid: Grid, row: number, col: number): string[] | undefined {
  return grid.lists.find((v) => covers(v.ranges, row, col))?.values
}

export function promptsAt(grid: Grid, row: number, col: number): string[] {
  return grid.prompts.filter((p) => covers(p.ranges, row, col)).map((p) => p.prompt)
}

/** The merged range a cell belongs to, if any. */
export function mergeAt(grid: Grid, row: number, col: number): CellRange | undefined {
  return grid.merges.find((m) => row >= m.r1 && row <= m.r2 && col >= m.c1 && col <= m.c2)
}
