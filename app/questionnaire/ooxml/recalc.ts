import type { XlsxPackage } from './package'

/**
 * Asks spreadsheet programs to recalculate every formula when the completed workbook is opened, so guidance and
 * scoring formulas that read the answer cells (HECVAT's) reflect the new answers instead of the cached values.
 */
export function requestFullRecalculation(pkg: XlsxPackage) {
  let xml = pkg.text(pkg.workbookPath)!
  const calc = /<((?:\w+:)?)calcPr\b([^>]*?)(\/?)>/.exec(xml)
  if (calc) {
    if (/\bfullCalcOnLoad=/.test(calc[2]!)) xml = xml.replace(calc[0], calc[0].replace(/\bfullCalcOnLoad="[^"]*"/, 'fullCalcOnLoad="1"'))
    else xml = xml.replace(calc[0], `<${calc[1]}calcPr${calc[2]} fullCalcOnLoad="1"${calc[3]}>`)
  } else {
    // calcPr comes after definedNames (or sheets) in the schema's element order.
    const prefix = /<(\w+:)?sheets\b/.exec(xml)?.[1] ?? ''
    const after = [`</${prefix}definedNames>`, `</${prefix}externalReferences>`, `</${prefix}functionGroups>`, `</${prefix}sheets>`].find((t) => xml.includes(t))
    if (!after) return
    xml = xml.replace(after, `${after}<${prefix}calcPr fullCalcOnLoad="1"/>`)
  }
  pkg.setText(pkg.workbookPath, xml)
}
