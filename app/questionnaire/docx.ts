import { strFromU8 } from 'fflate'
import { emptyGrid, setCell, type Grid } from './grid'
import { QuestionnaireError } from './model'
import { unzipOffice } from './ooxml/unzip'
import { readAttributes, unescapeXml } from './ooxml/xml'
import { questionStrength } from './question-text'

/**
 * A Word questionnaire as grids, so the same layout detection reads it: each table becomes a grid named
 * "Table N" (its rows and columns as in the document), and numbered or question-like paragraphs become one grid
 * named "Paragraphs" whose row numbers are the paragraphs' positions in the document. Either way a question's
 * location says where its answer belongs.
 */
export function docxGrids(bytes: Uint8Array): Grid[] {
  const parts = unzipOffice(bytes, '.docx document')
  const document = parts['word/document.xml']
  if (!document) {
    if (parts['xl/workbook.xml'])
      throw new QuestionnaireError('The file is an Excel workbook, not a Word document: upload it as .xlsx.')
    throw new QuestionnaireError('The file is a zip archive but not a Word document (it has no word/document.xml).')
  }
  const xml = strFromU8(document)
  const body = /<w:body\b[^>]*>([\s\S]*)<\/w:body>/.exec(xml)?.[1] ?? ''
  const grids: Grid[] = []
  const paragraphs = emptyGrid('Paragraphs')
  const counters: number[] = []
  let paragraphIndex = 0
  for (const block of topLevelBlocks(body)) {
    if (block.kind === 'tbl') {
      grids.push(tableGrid(block.xml, `Table ${grids.length + 1}`))
      continue
    }
    paragraphIndex++
    const text = paragraphText(block.xml)
    if (!text) continue
    const numbering =
      /<w:numPr>[\s\S]*?<w:ilvl w:val="(\d+)"/.exec(block.xml) ?? (/<w:numPr>/.test(block.xml) ? ['', '0'] : null)
    const style = /<w:pStyle w:val="([^"]+)"/.exec(block.xml)?.[1] ?? ''
    const typed = /^\s*((?:Q\s?)?\d{1,3}(?:\.\d{1,3}){0,3})[.):]?\s+(\S[\s\S]*)$/i.exec(text)
    if (/^(?:heading|title)/i.test(style) && !numbering) {
      setCell(paragraphs, paragraphIndex, 2, text)
    } else if (numbering) {
      const level = Number(numbering[1])
      counters.length = level + 1
      counters[level] = (counters[level] ?? 0) + 1
      setCell(paragraphs, paragraphIndex, 1, `Q${counters.map((n) => n ?? 1).join('.')}`)
      setCell(paragraphs, paragraphIndex, 2, text)
    } else if (typed && questionStrength(typed[2]!) > 0) {
      setCell(paragraphs, paragraphIndex, 1, /^q/i.test(typed[1]!) ? typed[1]!.replace(/\s/g, '') : `Q${typed[1]}`)
      setCell(paragraphs, paragraphIndex, 2, typed[2]!.trim())
    } else if (questionStrength(text) === 2) {
      setCell(paragraphs, paragraphIndex, 2, text)
    }
  }
  return paragraphs.rows.size ? [...grids, paragraphs] : grids
}

function* topLevelBlocks(body: string): Generator<{ kind: 'p' | 'tbl'; xml: string }> {
  const open = /<w:(p|tbl)\b[^>]*?(\/>|>)/g
  let m: RegExpExecArray | null
  while ((m = open.exec(body))) {
    const kind = m[1] as 'p' | 'tbl'
    if (m[2] === '/>') {
      yield { kind, xml: m[0] }
      continue
    }
    const end = closingIndex(body, kind, open.lastIndex)
    yield { kind, xml: body.slice(m.index, end) }
    open.lastIndex = end
  }
}

/** The index just after the element's matching close tag, counting nested elements of the same name. */
function closingIndex(xml: string, name: string, from: number): number {
  const tag = new RegExp(`<(/?)w:${name}\\b[^>]*?(/?)>`, 'g')
  tag.lastIndex = from
  let depth = 1
  let m: RegExpExecArray | null
  while ((m = tag.exec(xml))) {
    if (m[2] === '/') continue
    depth += m[1] ? -1 : 1
    if (depth === 0) return tag.lastIndex
  }
  return xml.length
}

function tableGrid(xml: string, name: string): Grid {
  const grid = emptyGrid(name)
  const inner = xml.slice(xml.indexOf('>') + 1)
  let row = 0
  for (const tr of childElements(inner, 'tr')) {
    row++
    let col = 0
    for (const tc of childElements(tr.slice(tr.indexOf('>') + 1), 'tc')) {
      col++
      const span = Number(/<w:gridSpan w:val="(\d+)"/.exec(tc)?.[1] ?? 1)
      const continued = /<w:vMerge\s*\/>|<w:vMerge w:val="continue"/.test(tc)
      if (!continued) setCell(grid, row, col, cellParagraphs(tc))
      col += Math.max(0, span - 1)
    }
  }
  return grid
}

function childElements(xml: string, name: string): string[] {
  const out: string[] = []
  const open = new RegExp(`<w:${name}\\b[^>]*?(/?)>`, 'g')
  let m: RegExpExecArray | null
  while ((m = open.exec(xml))) {
    const end = m[1] === '/' ? open.lastIndex : closingIndex(xml, name, open.lastIndex)
    out.push(xml.slice(m.index, end))
    open.lastIndex = end
  }
  return out
}

function cellParagraphs(xml: string): string {
  return [...xml.matchAll(/<w:p\b[^>]*?(?:\/>|>[\s\S]*?<\/w:p>)/g)]
    .map((m) => paragraphText(m[0]))
    .filter(Boolean)
    .join('\n')
}

function paragraphText(xml: string): string {
  let text = ''
  for (const m of xml.matchAll(/<w:(t|tab|br|cr)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/w:t>)/g)) {
    if (m[1] === 't') text += unescapeXml(m[3] ?? '')
    else if (m[1] === 'tab') text += '\t'
    else if (readAttributes(`<b ${m[2]}>`)['w:type'] !== 'page') text += '\n'
  }
  return text.replace(/[ \t]+/g, ' ').trim()
}
