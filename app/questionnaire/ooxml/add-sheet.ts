import type { XlsxPackage } from './package'
import { escapeXml, readAttributes } from './xml'

const REL_NS = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]
const WORKSHEET_TYPE = {
  transitional: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  strict: 'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet',
}
const WORKSHEET_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml'

/** A sheet name not used yet in the workbook (names compare case-insensitively in Excel). */
export function freeSheetName(pkg: XlsxPackage, wanted: string): string {
  const taken = new Set(pkg.sheets.map((s) => s.name.toLowerCase()))
  const workbook = pkg.text(pkg.workbookPath) ?? ''
  for (const m of workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = readAttributes(m[0]).name
    if (name) taken.add(name.toLowerCase())
  }
  if (!taken.has(wanted.toLowerCase())) return wanted
  for (let i = 2; ; i++) {
    const name = `${wanted} (${i})`
    if (!taken.has(name.toLowerCase())) return name
  }
}

/**
 * Appends a worksheet to the package, touching only the workbook part, its relationships and [Content_Types].xml.
 * The new sheet goes last, so sheet indexes used by defined names and views do not move.
 */
export function addWorksheet(pkg: XlsxPackage, name: string, sheetXml: string): string {
  const wbPath = pkg.workbookPath
  const wbDir = wbPath.slice(0, wbPath.lastIndexOf('/'))
  let n = 1
  while (pkg.parts[`${wbDir}/worksheets/sheet${n}.xml`]) n++
  const partPath = `${wbDir}/worksheets/sheet${n}.xml`
  pkg.parts[partPath] = new TextEncoder().encode(sheetXml)

  const ct = pkg.text('[Content_Types].xml')!
  pkg.setText(
    '[Content_Types].xml',
    ct.replace(/<\/(\w+:)?Types>\s*$/, (close) => `<Override PartName="/${partPath}" ContentType="${WORKSHEET_CONTENT_TYPE}"/>${close}`),
  )

  let workbook = pkg.text(wbPath)!
  const strict = workbook.includes('purl.oclc.org/ooxml')
  const relsPath = `${wbDir}/_rels/${wbPath.slice(wbDir.length + 1)}.rels`
  const rels =
    pkg.text(relsPath) ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>'
  const ids = new Set([...rels.matchAll(/\bId="([^"]+)"/g)].map((m) => m[1]))
  let relId = 'rIdQFill1'
  for (let i = 2; ids.has(relId); i++) relId = `rIdQFill${i}`
  const type = strict ? WORKSHEET_TYPE.strict : WORKSHEET_TYPE.transitional
  pkg.setText(
    relsPath,
    rels.replace(
      /<\/(\w+:)?Relationships>\s*$/,
      (close) => `<Relationship Id="${relId}" Type="${type}" Target="worksheets/sheet${n}.xml"/>${close}`,
    ),
  )

  // The relationships namespace prefix is usually r:, but any prefix bound to it is valid.
  let prefix = [...workbook.matchAll(/xmlns:(\w+)="([^"]+)"/g)].find((m) => REL_NS.includes(m[2]!))?.[1]
  if (!prefix) {
    prefix = 'qfr'
    workbook = workbook.replace(/<((?:\w+:)?workbook)\b/, `<$1 xmlns:qfr="${strict ? REL_NS[1] : REL_NS[0]}"`)
  }
  const sheetIds = [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((m) => Number(readAttributes(m[0]).sheetId) || 0)
  const sheetId = Math.max(0, ...sheetIds) + 1
  const elPrefix = /<(\w+:)?sheets\b/.exec(workbook)?.[1] ?? ''
  const sheetEl = `<${elPrefix}sheet name="${escapeXml(name)}" sheetId="${sheetId}" ${prefix}:id="${relId}"/>`
  workbook = /<\/(\w+:)?sheets>/.test(workbook)
    ? workbook.replace(/<\/(\w+:)?sheets>/, (close) => `${sheetEl}${close}`)
    : workbook.replace(/<(\w+:)?sheets\s*\/>/, `<${elPrefix}sheets>${sheetEl}</${elPrefix}sheets>`)
  pkg.setText(wbPath, workbook)
  return partPath
}
