import type { Questionnaire } from '../../app/questionnaire/model'
import { XlsxPackage } from '../../app/questionnaire/ooxml/package'
import { patchSheetCells } from '../../app/questionnaire/ooxml/sheet-patch'
import { applyEdits, children, parseXmlTree, type Edit, type XmlElement } from '../../app/questionnaire/ooxml/xml-tree'

/**
 * A workbook as openpyxl (and many scripts and procurement tools) saves it: every formula kept, no result saved
 * beside it. Each formula cell loses its cached value: `<v>` removed, or emptied as openpyxl writes it (`<v></v>`
 * with no type), and its `t` attribute (a result's type) dropped. Shared formulas stay shared (the harder case: openpyxl
 * writes each cell's own formula). Built with QFill's own OOXML code, in memory: nothing is written anywhere.
 */
export function stripFormulaResults(
  bytes: Uint8Array,
  options: { style?: 'no-value' | 'empty-value' } = {},
): { bytes: Uint8Array; stripped: number } {
  const pkg = XlsxPackage.open(bytes)
  let stripped = 0
  for (const sheet of pkg.sheets) {
    const xml = pkg.text(sheet.path)
    if (!xml) continue
    const root = parseXmlTree(xml, 'worksheet part')
    const edits: Edit[] = []
    for (const c of cellsOf(root)) {
      const f = children(c, 'f')[0]
      if (!f) continue
      stripped++
      for (const v of children(c, 'v')) {
        edits.push({ start: v.start, end: v.end, text: options.style === 'empty-value' ? '<v></v>' : '' })
      }
      const tag = xml.slice(c.start, c.openEnd)
      const untyped = tag.replace(/\st\s*=\s*("[^"]*"|'[^']*')/, '')
      if (untyped !== tag) edits.push({ start: c.start, end: c.openEnd, text: untyped })
    }
    pkg.setText(sheet.path, applyEdits(xml, edits))
  }
  return { bytes: pkg.toBytes(), stripped }
}

function cellsOf(root: XmlElement): XmlElement[] {
  const data = children(root, 'sheetData')[0]
  if (!data) return []
  return children(data, 'row').flatMap((row) => children(row, 'c'))
}

/** Every formula cell of a workbook as written: `Sheet!B5` → the cell's XML, for checking that none changed. */
export function formulaCellsXml(bytes: Uint8Array): Map<string, string> {
  const pkg = XlsxPackage.open(bytes)
  const out = new Map<string, string>()
  for (const sheet of pkg.sheets) {
    const xml = pkg.text(sheet.path)
    if (!xml) continue
    for (const c of cellsOf(parseXmlTree(xml, 'worksheet part'))) {
      if (children(c, 'f').length) out.set(`${sheet.name}!${c.attrs.r}`, xml.slice(c.start, c.end))
    }
  }
  return out
}

/**
 * The questionnaire with its answers cleared (every answer and comment cell of its questions emptied), as a user
 * hands in a blank copy of last year's form; patched with QFill's own writer, in memory.
 */
export function clearAnswers(bytes: Uint8Array, questionnaire: Questionnaire): Uint8Array {
  const pkg = XlsxPackage.open(bytes)
  const bySheet = new Map<string, Map<string, string>>()
  for (const q of questionnaire.questions) {
    const cells = bySheet.get(q.location.sheet) ?? new Map<string, string>()
    for (const ref of [q.location.answerCell, q.location.commentCell]) if (ref) cells.set(ref, '')
    bySheet.set(q.location.sheet, cells)
  }
  for (const [name, cells] of bySheet) {
    const sheet = pkg.sheets.find((s) => s.name === name)!
    pkg.setText(sheet.path, patchSheetCells(pkg.text(sheet.path)!, cells).xml)
  }
  return pkg.toBytes()
}
