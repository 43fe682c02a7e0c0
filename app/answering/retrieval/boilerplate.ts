import { capitalised, collapseSpace } from './text'

/**
 * Lines that are part of a document's furniture, not its statements: signature blocks, tables of contents, running
 * headers and footers. They never answer a question (an ISO 27001 certificate's "Director of ISO Services" line is
 * not a statement about ISO 9001). General layout conventions only: nothing here names a particular document.
 */

const TITLE =
  /\b(?:director|manager|officer|president|chief|ceo|ciso|cto|cfo|coo|head of|auditor|partner|principal|chairman|secretary|signatory|registrar)\b/i
const SIGNING =
  /^(?:signed|signature|sign here|authori[sz]ed (?:by|signatory)|on behalf of|for and on behalf|approved by|issued by|name:|title:|date:)\b/i
/**
 * "Access control ........ 12", "3.2 Encryption . . . . 14", or a dot leader whose page number the extraction put on
 * a line of its own ("18 Disaster Recovery Plan Testing ..........."): a table-of-contents entry.
 */
const TOC_LINE = /(?:\.{4,}|…{2,}|(?:\s\.){3,})\s*\d{1,4}\s*$|\.{8,}|…{4,}|(?:\s\.){6,}/

/** A signature block, a table-of-contents entry, a page number or a bare date line. */
export function isFurniture(text: string): boolean {
  const t = text.trim()
  if (TOC_LINE.test(t)) return true
  if (SIGNING.test(t)) return true
  if (/^(?:page\s+)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i.test(t)) return true
  const words = t.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []
  if (words.length && words.length <= 14 && TITLE.test(t)) {
    // A name-and-title line: mostly capitalised words, no sentence of its own.
    const capitals = words.filter(capitalised).length
    const small = new Set(['of', 'and', 'the', 'for', 'to', 'at', 'in', '&'])
    const content = words.filter((w) => !small.has(w.toLowerCase())).length
    if (content && capitals / content >= 0.75 && !/[.!?]\s*$/.test(t.replace(/\b(?:Inc|Ltd|LLC|Corp|Co)\.$/, '')))
      return true
  }
  return false
}

/** The line as a running header or footer would repeat it: digits (page numbers, dates) and spacing aside. */
export function repeatKey(text: string): string {
  return collapseSpace(text.toLowerCase().replace(/\d+/g, '#'))
}

/** Lines that recur on three or more pages (passages) of the same file: running headers and footers. */
export function runningLines(passages: { text: string }[], split: (text: string) => string[]): Set<string> {
  if (passages.length < 3) return new Set()
  const pages = new Map<string, number>()
  for (const p of passages) {
    for (const key of new Set(split(p.text).map(repeatKey))) pages.set(key, (pages.get(key) ?? 0) + 1)
  }
  return new Set([...pages].filter(([, n]) => n >= 3).map(([k]) => k))
}
