import { SaxesParser, type SaxesTagNS } from 'saxes'
import { QuestionnaireError } from '../model'

/**
 * A namespace-aware index of a part's elements, with their offsets in the text. The write-back patches parts by
 * offset (so every other byte stays as it was) but finds elements by namespace URI and local name, whatever prefix
 * the producer chose and wherever it declared it (Excel declares everything on the root, openpyxl declares
 * `xmlns:r` on each `<sheet>`, hand-written packages use any prefix on any element).
 */
export interface XmlElement {
  /** Prefix as written ('' when unprefixed). */
  prefix: string
  local: string
  uri: string
  /** Unprefixed attributes (the ones OOXML uses for data), by name. */
  attrs: Record<string, string>
  /** Namespace declarations on this element: prefix ('' = default) → URI. */
  declares: Record<string, string>
  /** The start tag is xml.slice(start, openEnd); the end tag xml.slice(closeStart, end). Equal for `<x/>`. */
  start: number
  openEnd: number
  closeStart: number
  end: number
  selfClosing: boolean
  parent?: XmlElement
  children: XmlElement[]
}

export function parseXmlTree(xml: string, what = 'workbook part'): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true })
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  parser.on('opentag', (tag: SaxesTagNS) => {
    const openEnd = parser.position
    const start = xml.lastIndexOf('<', openEnd - 1)
    const attrs: Record<string, string> = {}
    for (const a of Object.values(tag.attributes)) if (!a.prefix && a.local !== 'xmlns') attrs[a.local] = a.value
    const el: XmlElement = {
      prefix: tag.prefix,
      local: tag.local,
      uri: tag.uri,
      attrs,
      declares: { ...tag.ns },
      start,
      openEnd,
      closeStart: openEnd,
      end: openEnd,
      selfClosing: tag.isSelfClosing,
      parent: stack[stack.length - 1],
      children: [],
    }
    if (el.parent) el.parent.children.push(el)
    else root = el
    stack.push(el)
  })
  parser.on('closetag', () => {
    const el = stack.pop()!
    if (el.selfClosing) return
    el.end = parser.position
    el.closeStart = xml.lastIndexOf('<', el.end - 1)
  })
  try {
    parser.write(xml).close()
  } catch (error) {
    throw new QuestionnaireError(
      `The workbook is damaged: a ${what} is not well-formed XML (${(error as Error).message.split('\n')[0]}).`,
    )
  }
  if (!root) throw new QuestionnaireError(`The workbook is damaged: a ${what} has no root element.`)
  return root
}

export function child(el: XmlElement, local: string, uri = el.uri): XmlElement | undefined {
  return el.children.find((c) => c.local === local && c.uri === uri)
}

export function children(el: XmlElement, local: string, uri = el.uri): XmlElement[] {
  return el.children.filter((c) => c.local === local && c.uri === uri)
}

/** The namespace a prefix is bound to inside `el` ('' = the default namespace). */
export function namespaceOf(el: XmlElement, prefix: string): string | undefined {
  if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace'
  for (let e: XmlElement | undefined = el; e; e = e.parent)
    if (prefix in e.declares) return e.declares[prefix] || undefined
  return undefined
}

/** A non-default prefix bound to `uri` inside `el` (and not rebound to something else in between), if any. */
export function prefixFor(el: XmlElement, uri: string): string | undefined {
  const seen = new Set<string>()
  for (let e: XmlElement | undefined = el; e; e = e.parent) {
    for (const [p, u] of Object.entries(e.declares)) {
      if (seen.has(p)) continue
      seen.add(p)
      if (p && u === uri) return p
    }
  }
  return undefined
}

/** The qualified-name prefix (`x:` or '') to use for a new element of `el`'s own namespace placed inside `el`. */
export function ownPrefix(el: XmlElement): string {
  return el.prefix ? `${el.prefix}:` : ''
}

/** Text edits by offset, applied from the end so earlier offsets stay valid. */
export interface Edit {
  start: number
  end: number
  text: string
}

export function applyEdits(xml: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  const out: string[] = []
  let last = 0
  for (const e of sorted) {
    if (e.start < last) throw new Error('Overlapping XML edits.')
    out.push(xml.slice(last, e.start), e.text)
    last = e.end
  }
  out.push(xml.slice(last))
  return out.join('')
}

/** Inserts `text` as the last content of `el`, turning `<x/>` into `<x>text</x>`. */
export function appendInside(xml: string, el: XmlElement, text: string): Edit {
  if (!el.selfClosing) return { start: el.closeStart, end: el.closeStart, text }
  const tag = xml.slice(el.start, el.openEnd).replace(/\s*\/>$/, '>')
  const name = el.prefix ? `${el.prefix}:${el.local}` : el.local
  return { start: el.start, end: el.end, text: `${tag}${text}</${name}>` }
}

/** Sets (or adds) an unprefixed attribute in a start tag's text. */
export function setAttribute(tag: string, name: string, value: string): string {
  const re = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*')`)
  if (re.test(tag)) return tag.replace(re, (_, lead: string) => `${lead}"${value}"`)
  return tag.replace(/\s*(\/?)>$/, (_, slash: string) => ` ${name}="${value}"${slash}>`)
}

/**
 * Removes a DOCTYPE declaration (with its internal subset) from a part. OOXML forbids DTDs (ECMA-376 Part 2), and
 * a hostile workbook's DOCTYPE (entity expansion, external entities) must not travel into the file we hand back.
 * References to entities the DTD declared are dropped with it (never expanded).
 */
export function stripDoctype(xml: string): string {
  const at = xml.search(/<!DOCTYPE/i)
  if (at < 0) return xml
  // Only the prolog may hold one: stop at the root element.
  const root = firstElementStart(xml)
  if (root >= 0 && root < at) return xml
  let i = at + '<!DOCTYPE'.length
  let depth = 0
  let quote = ''
  for (; i < xml.length; i++) {
    const ch = xml[i]!
    if (quote) {
      if (ch === quote) quote = ''
    } else if (xml.startsWith('<!--', i)) {
      const close = xml.indexOf('-->', i + 4)
      i = close < 0 ? xml.length : close + 2
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '[') depth++
    else if (ch === ']') depth--
    else if (ch === '>' && depth <= 0) break
  }
  const rest = xml.slice(0, at) + xml.slice(Math.min(i + 1, xml.length))
  return rest.replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)[A-Za-z_:][\w.:-]*;/g, '')
}

function firstElementStart(xml: string): number {
  const re = /<([A-Za-z_])|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g
  for (let m = re.exec(xml); m; m = re.exec(xml)) if (m[1]) return m.index
  return -1
}
