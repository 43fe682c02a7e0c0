import { strFromU8, strToU8, zipSync, type Unzipped } from 'fflate'
import { QuestionnaireError } from '../model'
import { unzipOffice } from './unzip'
import { attr, escapeXml, readAttributes } from './xml'
import { stripDoctype } from './xml-tree'

export interface SheetPart {
  name: string
  /** Path of the worksheet part inside the package, e.g. "xl/worksheets/sheet1.xml". */
  path: string
  state: 'visible' | 'hidden' | 'veryHidden'
  relId: string
  /** Position in the workbook's <sheets> list (chart sheets included): what localSheetId and sheet views count. */
  index: number
}

/** An opened .xlsx package: the raw parts, untouched until a caller replaces one. */
export class XlsxPackage {
  readonly parts: Unzipped
  readonly workbookPath: string
  readonly sheets: SheetPart[]

  private constructor(parts: Unzipped) {
    this.parts = parts
    this.workbookPath = findWorkbookPath(parts)
    this.sheets = readSheets(parts, this.workbookPath)
  }

  static open(bytes: Uint8Array): XlsxPackage {
    const parts = unzipOffice(bytes, '.xlsx workbook')
    if (!parts['[Content_Types].xml']) {
      throw new QuestionnaireError(
        'The file is a zip archive but not an Excel workbook (it has no [Content_Types].xml).',
      )
    }
    return new XlsxPackage(parts)
  }

  text(path: string): string | undefined {
    const part = this.parts[path]
    return part ? strFromU8(part) : undefined
  }

  setText(path: string, text: string) {
    this.parts[path] = strToU8(text)
  }

  /** Relationships of a part: id → absolute target path (external targets left as they are). */
  relationships(partPath: string): Map<string, { target: string; type: string }> {
    const dir = partPath.includes('/') ? partPath.slice(0, partPath.lastIndexOf('/')) : ''
    const relsPath = `${dir ? `${dir}/` : ''}_rels/${partPath.slice(partPath.lastIndexOf('/') + 1)}.rels`
    const xml = this.text(relsPath)
    const rels = new Map<string, { target: string; type: string }>()
    if (!xml) return rels
    for (const m of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
      const a = readAttributes(m[0])
      if (!a.Id || !a.Target) continue
      const external = a.TargetMode === 'External'
      rels.set(a.Id, { target: external ? a.Target : resolvePath(dir, a.Target), type: a.Type ?? '' })
    }
    return rels
  }

  /**
   * Removes DOCTYPE declarations from every XML part (OOXML forbids them): run before writing a package back, so a
   * hostile input's DTD (entity expansion, external entities) never travels into the completed workbook.
   * Returns the paths changed.
   */
  stripDoctypes(): string[] {
    const changed: string[] = []
    for (const [path, bytes] of Object.entries(this.parts)) {
      if (!/\.(xml|rels|vml)$/i.test(path)) continue
      if (!/<!DOCTYPE/i.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) continue
      const text = strFromU8(bytes)
      const clean = stripDoctype(text)
      if (clean !== text) {
        this.setText(path, clean)
        changed.push(path)
      }
    }
    return changed
  }

  toBytes(): Uint8Array {
    return zipSync(this.parts, { level: 6 })
  }
}

function findWorkbookPath(parts: Unzipped): string {
  const rels = parts['_rels/.rels'] ? strFromU8(parts['_rels/.rels']) : ''
  const types = parts['[Content_Types].xml'] ? strFromU8(parts['[Content_Types].xml']) : ''
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const a = readAttributes(m[0])
    if (a.Type?.endsWith('/officeDocument') && a.Target) {
      const target = resolvePath('', a.Target)
      // The main part of a Word or PowerPoint file is an officeDocument too: only a spreadsheet's counts.
      const type = new RegExp(
        `PartName="/${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*ContentType="([^"]+)"`,
      ).exec(types)?.[1]
      if (parts[target] && (type ? /spreadsheetml|ms-excel/.test(type) : /workbook/i.test(target))) return target
    }
  }
  if (parts['xl/workbook.xml']) return 'xl/workbook.xml'
  if (parts['word/document.xml'])
    throw new QuestionnaireError('The file is a Word document, not an Excel workbook: upload it as .docx.')
  if (parts['ppt/presentation.xml'])
    throw new QuestionnaireError('The file is a PowerPoint presentation, not an Excel workbook.')
  throw new QuestionnaireError('The file is a zip archive but not an Excel workbook (no workbook part found).')
}

function readSheets(parts: Unzipped, workbookPath: string): SheetPart[] {
  const xml = strFromU8(parts[workbookPath]!)
  if (/<(?:\w+:)?fileSharing\b[^>]*(?:reservationPassword|hashValue)/.test(xml) && !/<(?:\w+:)?sheet\b/.test(xml)) {
    throw new QuestionnaireError('The workbook is password-protected: save it without a password and upload it again.')
  }
  const dir = workbookPath.slice(0, workbookPath.lastIndexOf('/'))
  const relsXml = parts[`${dir}/_rels/${workbookPath.slice(dir.length + 1)}.rels`]
  const targets = new Map<string, string>()
  if (relsXml) {
    for (const m of strFromU8(relsXml).matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
      const a = readAttributes(m[0])
      if (a.Id && a.Target) targets.set(a.Id, resolvePath(dir, a.Target))
    }
  }
  const sheets: SheetPart[] = []
  let index = -1
  for (const m of xml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    index++
    const a = readAttributes(m[0])
    const relId = Object.entries(a).find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1]
    const path = relId ? targets.get(relId) : undefined
    if (!a.name || !path || !parts[path]) continue // chartsheets and dialog sheets have no cells
    if (!/worksheet/.test(strFromU8(parts[path]!.subarray(0, 600)))) continue
    sheets.push({ name: a.name, path, relId: relId!, state: (a.state as SheetPart['state']) ?? 'visible', index })
  }
  return sheets
}

export function resolvePath(baseDir: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${baseDir ? `${baseDir}/` : ''}${target}`).split('/')
  const out: string[] = []
  for (const p of parts) {
    if (p === '..') out.pop()
    else if (p !== '.' && p !== '') out.push(p)
  }
  return out.join('/')
}

export { attr, escapeXml }
