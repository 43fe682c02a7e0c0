import { parseRange, parseSqref, type CellRange } from './cells'
import { cellText, type Grid, type ListValidation, type PromptValidation } from './grid'
import { readAttributes, unescapeXml } from './ooxml/xml'

/** A workbook-level or sheet-level defined name (<definedName>). */
export interface DefinedName {
  name: string
  /** Index of the sheet the name is local to (localSheetId); absent for workbook-wide names. */
  sheetIndex?: number
  formula: string
}

export function readDefinedNames(workbookXml: string): DefinedName[] {
  const names: DefinedName[] = []
  for (const m of workbookXml.matchAll(/<(?:\w+:)?definedName\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?definedName>/g)) {
    const a = readAttributes(`<d ${m[1]}>`)
    if (!a.name) continue
    names.push({
      name: a.name,
      sheetIndex: a.localSheetId === undefined ? undefined : Number(a.localSheetId),
      formula: unescapeXml(m[2]!),
    })
  }
  return names
}

export interface ListContext {
  /** Every sheet of the workbook by name, for lists that point at a range on another sheet. */
  grids: Map<string, Grid>
  names: DefinedName[]
  /** The sheet the validation lives on: the default sheet of bare references and the scope of local names. */
  sheet: string
  sheetIndex: number
}

/**
 * Reads a worksheet's data validations: list validations (classic <dataValidations> and the x14 extension that
 * Excel uses for lists pointing at other sheets) and input messages, which some templates use to say a cell is
 * theirs ("populated from the START HERE tab") or must stay blank.
 */
export function readValidations(
  xml: string,
  ctx: ListContext,
): { lists: ListValidation[]; prompts: PromptValidation[] } {
  const lists: ListValidation[] = []
  const prompts: PromptValidation[] = []
  const add = (attrs: Record<string, string>, formula: string | undefined, ranges: CellRange[]) => {
    if (!ranges.length) return
    if (attrs.prompt?.trim()) prompts.push({ ranges, prompt: attrs.prompt.trim() })
    if (attrs.type !== 'list' || formula === undefined) return
    const values = listValues(unescapeXml(formula), ctx)
    if (values.length) lists.push({ ranges, values })
  }
  for (const m of xml.matchAll(/<(?:\w+:)?dataValidation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?dataValidation>)/g)) {
    if (/^<x14:/.test(m[0])) continue
    const attrs = readAttributes(`<d ${m[1]}>`)
    const formula = /<(?:\w+:)?formula1>([\s\S]*?)<\/(?:\w+:)?formula1>/.exec(m[2] ?? '')?.[1]
    add(attrs, formula, parseSqref(attrs.sqref ?? ''))
  }
  for (const m of xml.matchAll(/<x14:dataValidation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/x14:dataValidation>)/g)) {
    const attrs = readAttributes(`<d ${m[1]}>`)
    const formula = /<x14:formula1>\s*<xm:f>([\s\S]*?)<\/xm:f>/.exec(m[2] ?? '')?.[1]
    const sqref = /<xm:sqref>([\s\S]*?)<\/xm:sqref>/.exec(m[2] ?? '')?.[1] ?? ''
    add(attrs, formula, parseSqref(sqref))
  }
  return { lists, prompts }
}

const RANGE_REF =
  /^(?:(?:'((?:[^']|'')+)'|([^!'"()]+))!)?(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?|\$?[A-Z]{1,3}:\$?[A-Z]{1,3})$/i
/** Lists are short; a reference to a whole column must not walk a million rows. */
const MAX_LIST_VALUES = 500

/** The values a list formula allows: an inline "a,b,c" list, a range (Sheet!$A$1:$A$5) or a defined name. */
export function listValues(formula: string, ctx: ListContext, depth = 0): string[] {
  const f = formula.trim().replace(/^=/, '')
  if (f.startsWith('"')) return unique(f.replace(/^"|"$/g, '').replace(/""/g, '"').split(','))
  if (depth > 3) return []
  const name =
    ctx.names.find((n) => n.sheetIndex === ctx.sheetIndex && n.name.toLowerCase() === f.toLowerCase()) ??
    ctx.names.find((n) => n.sheetIndex === undefined && n.name.toLowerCase() === f.toLowerCase())
  if (name) return listValues(name.formula, ctx, depth + 1)
  const m = RANGE_REF.exec(f)
  if (!m) return [] // INDIRECT(), OFFSET() and the like: the list is computed, so we cannot know it.
  const grid = ctx.grids.get(m[1]?.replace(/''/g, "'") ?? m[2]?.trim() ?? ctx.sheet)
  if (!grid) return []
  const range = parseRange(m[3]!)
  const values: string[] = []
  // Walk the cells that exist, not the rows the reference spans.
  const rows =
    range.r2 - range.r1 < 2000 ? rangeRows(range) : [...grid.rows.keys()].filter((r) => r >= range.r1 && r <= range.r2)
  for (const r of rows.sort((a, b) => a - b)) {
    if (!grid.rows.has(r)) continue
    for (let c = range.c1; c <= Math.min(range.c2, range.c1 + 50); c++) {
      const text = cellText(grid, r, c)
      if (text) values.push(text)
    }
    if (values.length >= MAX_LIST_VALUES) break
  }
  return unique(values)
}

function rangeRows(range: CellRange): number[] {
  const rows: number[] = []
  for (let r = range.r1; r <= range.r2; r++) rows.push(r)
  return rows
}

function unique(values: string[]) {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))]
}
