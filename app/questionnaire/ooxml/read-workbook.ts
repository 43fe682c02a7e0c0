import { evaluateFormulas, type FormulaReport } from '../formulas/evaluate'
import type { Grid } from '../grid'
import { readDefinedNames, readValidations } from '../validations'
import { readCellFormats } from './number-formats'
import type { XlsxPackage } from './package'
import { readGrid, readSharedStrings } from './read-cells'

/**
 * Every worksheet of the package as a Grid, with formulas saved without their results evaluated (issue 19: files
 * saved by openpyxl and many scripts) and list validations resolved (lists may point at other sheets, whose cells
 * may be such formulas).
 */
export function readWorkbookGrids(pkg: XlsxPackage): { grids: Grid[]; formulas: FormulaReport } {
  const strings = readSharedStrings(pkg)
  const xml = pkg.sheets.map((s) => pkg.text(s.path) ?? '')
  const formats = readCellFormats(pkg)
  const grids = pkg.sheets.map((s, i) => readGrid(xml[i]!, s, strings, formats))
  const byName = new Map(grids.map((g) => [g.name, g]))
  const names = readDefinedNames(pkg.text(pkg.workbookPath) ?? '')
  const sheetName = (index: number | undefined) =>
    index === undefined ? undefined : (pkg.sheets.find((s) => s.index === index)?.name ?? `#${index}`)
  const formulas = evaluateFormulas(
    grids,
    names.map((n) => ({ name: n.name, sheet: sheetName(n.sheetIndex), formula: n.formula })),
  )
  pkg.sheets.forEach((sheet, i) => {
    const { lists, prompts } = readValidations(xml[i]!, {
      grids: byName,
      names,
      sheet: sheet.name,
      sheetIndex: sheet.index,
    })
    grids[i]!.lists = lists
    grids[i]!.prompts = prompts
  })
  return { grids, formulas }
}
