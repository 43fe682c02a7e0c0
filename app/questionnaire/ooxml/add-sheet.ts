import type { XlsxPackage } from './package'
import { escapeXml } from './xml'
import { appendInside, applyEdits, child, children, ownPrefix, parseXmlTree, prefixFor } from './xml-tree'

const REL_NS = {
  transitional: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  strict: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
}
const WORKSHEET_TYPE = {
  transitional: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  strict: 'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet',
}
const WORKSHEET_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml'
const PACKAGE_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const STRICT_MAIN = 'http://purl.oclc.org/ooxml/spreadsheetml/main'

/** A sheet name not used yet in the workbook (names compare case-insensitively in Excel). */
export function freeSheetName(pkg: XlsxPackage, wanted: string): string {
  const taken = new Set(pkg.sheets.map((s) => s.name.toLowerCase()))
  const root = parseXmlTree(pkg.text(pkg.workbookPath) ?? '', 'workbook part')
  const sheets = child(root, 'sheets')
  for (const s of sheets ? children(sheets, 'sheet') : []) if (s.attrs.name) taken.add(s.attrs.name.toLowerCase())
  if (!taken.has(wanted.toLowerCase())) return wanted
  for (let i = 2; ; i++) {
    const name = `${wanted} (${i})`
    if (!taken.has(name.toLowerCase())) return name
  }
}

/**
 * Appends a worksheet to the package, touching only the workbook part, its relationships and [Content_Types].xml.
 * The new sheet goes last, so sheet indexes used by defined names and views do not move. Each new element takes
 * the prefix of the element it goes into; the relationship id attribute uses a prefix bound to the relationships
 * namespace where the new <sheet> sits, or declares one on the new element itself when none is (openpyxl, for
 * one, declares xmlns:r on each <sheet> rather than on the root).
 */
export function addWorksheet(pkg: XlsxPackage, name: string, sheetXml: string): string {
  const wbPath = pkg.workbookPath
  const wbDir = wbPath.slice(0, wbPath.lastIndexOf('/'))
  let n = 1
  while (pkg.parts[`${wbDir}/worksheets/sheet${n}.xml`]) n++
  const partPath = `${wbDir}/worksheets/sheet${n}.xml`
  pkg.parts[partPath] = new TextEncoder().encode(sheetXml)

  const ct = pkg.text('[Content_Types].xml')!
  const types = parseXmlTree(ct, '[Content_Types].xml')
  pkg.setText(
    '[Content_Types].xml',
    applyEdits(ct, [
      appendInside(
        ct,
        types,
        `<${ownPrefix(types)}Override PartName="/${escapeXml(partPath)}" ContentType="${WORKSHEET_CONTENT_TYPE}"/>`,
      ),
    ]),
  )

  const workbook = pkg.text(wbPath)!
  const wb = parseXmlTree(workbook, 'workbook part')
  const strict = wb.uri === STRICT_MAIN
  const relsPath = `${wbDir}/_rels/${wbPath.slice(wbDir.length + 1)}.rels`
  const rels =
    pkg.text(relsPath) ??
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELS_NS}"></Relationships>`
  const relsRoot = parseXmlTree(rels, 'relationships part')
  const ids = new Set(children(relsRoot, 'Relationship').map((r) => r.attrs.Id))
  let relId = 'rIdQFill1'
  for (let i = 2; ids.has(relId); i++) relId = `rIdQFill${i}`
  const type = strict ? WORKSHEET_TYPE.strict : WORKSHEET_TYPE.transitional
  pkg.setText(
    relsPath,
    applyEdits(rels, [
      appendInside(
        rels,
        relsRoot,
        `<${ownPrefix(relsRoot)}Relationship Id="${relId}" Type="${type}" Target="worksheets/sheet${n}.xml"/>`,
      ),
    ]),
  )

  const relNs = strict ? REL_NS.strict : REL_NS.transitional
  const sheets = child(wb, 'sheets')
  const sheetIds = (sheets ? children(sheets, 'sheet') : []).map((s) => Number(s.attrs.sheetId) || 0)
  const sheetId = Math.max(0, ...sheetIds) + 1
  const inScope = sheets ? prefixFor(sheets, relNs) : undefined
  const elPrefix = sheets ? ownPrefix(sheets) : ownPrefix(wb)
  const idAttr = inScope ? `${inScope}:id="${relId}"` : `xmlns:r="${relNs}" r:id="${relId}"`
  const sheetEl = `<${elPrefix}sheet name="${escapeXml(name)}" sheetId="${sheetId}" ${idAttr}/>`
  if (!sheets) {
    // A workbook part must have <sheets>; one without is damaged, but a new list after its properties repairs it.
    const after = [
      child(wb, 'bookViews'),
      child(wb, 'workbookProtection'),
      child(wb, 'workbookPr'),
      child(wb, 'fileSharing'),
      child(wb, 'fileVersion'),
    ].find(Boolean)
    const at = after ? after.end : wb.openEnd
    pkg.setText(
      wbPath,
      applyEdits(workbook, [{ start: at, end: at, text: `<${elPrefix}sheets>${sheetEl}</${elPrefix}sheets>` }]),
    )
  } else {
    pkg.setText(wbPath, applyEdits(workbook, [appendInside(workbook, sheets, sheetEl)]))
  }
  return partPath
}
