import type { XlsxPackage } from './package'
import { applyEdits, child, ownPrefix, parseXmlTree, setAttribute } from './xml-tree'

/**
 * Asks spreadsheet programs to recalculate every formula when the completed workbook is opened, so guidance and
 * scoring formulas that read the answer cells (HECVAT's) reflect the new answers instead of the cached values.
 */
export function requestFullRecalculation(pkg: XlsxPackage) {
  const xml = pkg.text(pkg.workbookPath)!
  const root = parseXmlTree(xml, 'workbook part')
  const calc = child(root, 'calcPr')
  if (calc) {
    const tag = setAttribute(xml.slice(calc.start, calc.openEnd), 'fullCalcOnLoad', '1')
    pkg.setText(pkg.workbookPath, applyEdits(xml, [{ start: calc.start, end: calc.openEnd, text: tag }]))
    return
  }
  // calcPr comes after sheets, functionGroups, externalReferences and definedNames in the schema's element order.
  const after = ['definedNames', 'externalReferences', 'functionGroups', 'sheets']
    .map((name) => child(root, name))
    .find(Boolean)
  if (!after) return
  pkg.setText(
    pkg.workbookPath,
    applyEdits(xml, [{ start: after.end, end: after.end, text: `<${ownPrefix(root)}calcPr fullCalcOnLoad="1"/>` }]),
  )
}
