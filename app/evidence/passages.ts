import { decodeBytes } from '../questionnaire/encoding'
import { plainLines } from './markup'
import { endsAbbreviation } from './text'
import type { Passage } from './model'

/** Passages stay paragraph-sized: big enough to carry a statement with its context, small enough to cite. */
export const PASSAGE_CHARS = 700

/**
 * Paragraph-sized passages; paragraphs longer than the limit are cut at sentence ends (where a window has none, at a
 * line's end or between words). Works by index, never by re-slicing the rest, so a 25 MB paragraph costs linear time;
 * identical passages of one file are kept once, so a file of one repeated line yields a handful of passages rather
 * than tens of thousands.
 */
export function chunkText(
  file: string,
  text: string,
  locationOf: (offset: number) => string,
  contextOf?: (offset: number) => string | undefined,
): Passage[] {
  const passages: Passage[] = []
  const seen = new Set<string>()
  const breaks = /\n[ \t]*\n/g
  for (let from = 0; from < text.length;) {
    const br = breaks.exec(text)
    const to = br ? br.index : text.length
    const para = text.slice(from, to)
    const paraStart = from
    from = br ? br.index + br[0].length : text.length
    let start = 0
    while (start < para.length) {
      let end = Math.min(para.length, start + PASSAGE_CHARS)
      if (end < para.length) {
        // Search only this window: an unbounded lastIndexOf makes a long paragraph without ". " quadratic.
        const from = start + Math.floor(PASSAGE_CHARS / 3)
        const window = para.slice(from, end)
        // The last stop that ends a sentence: "Mattermost, Inc. (E10)" goes on.
        let stop = -1
        for (const m of window.matchAll(/\.(?=\s)/g)) if (!endsAbbreviation(window, m.index + 1)) stop = m.index
        if (stop >= 0) end = from + stop + 1
        else {
          // No sentence ends here (a long list, lines without stops): cut at a line's end, else between two words,
          // never inside one (a list item "Ledger retention and aging features" had been cut before "features").
          const line = window.lastIndexOf('\n')
          const space = window.search(/\s\S*$/)
          if (line >= 0) end = from + line + 1
          else if (space >= 0) end = from + space + 1
        }
      }
      const raw = para.slice(start, end)
      const piece = raw.trim()
      if (piece && !seen.has(piece)) {
        seen.add(piece)
        // Located where its text begins: white space before it may still belong to the section above.
        const at = paraStart + start + raw.indexOf(piece[0]!)
        const context = contextOf?.(at)
        passages.push({ file, location: locationOf(at), text: piece, ...(context ? { context } : {}) })
      }
      start = end
    }
  }
  return passages
}

/** Maps a character offset to its 1-based line number by binary search over line starts. */
export function lineLocator(text: string, label = 'line'): (offset: number) => string {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return `${label} ${lo + 1}`
  }
}

/**
 * Markdown, reStructuredText and plain text as plain passages (markup stripped: evidence/markup.ts), located by
 * heading path ("Security > Encryption"), or by line number before the first heading. Headings are the location,
 * never evidence; a table's rows are passages of their own, with its header row as their context.
 */
export function markdownPassages(file: string, text: string): Passage[] {
  const marks: { at: number; path: string; line: number; context?: string }[] = []
  const stack: string[] = []
  let level = 0
  let out = ''
  for (const p of plainLines(text)) {
    if (p.heading || p.subheading) {
      const depth = p.heading ?? level + 1
      if (p.heading) level = p.heading
      stack.length = depth - 1
      stack[depth - 1] = p.text.trim()
      out += '\n'
      continue
    }
    if (p.block) out += '\n'
    marks.push({ at: out.length, path: stack.filter(Boolean).join(' > '), line: p.line, context: p.context })
    out += `${p.text}\n`
  }
  const markAt = (at: number) => {
    let lo = 0
    let hi = marks.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (marks[mid]!.at <= at) lo = mid
      else hi = mid - 1
    }
    return marks[lo]
  }
  return chunkText(
    file,
    out,
    (at) => {
      const mark = markAt(at)
      return mark?.path || `line ${(mark?.line ?? 0) + 1}`
    },
    (at) => markAt(at)?.context,
  )
}

/** A text or Markdown file's bytes (encoding.ts: UTF-8, UTF-16 or Windows-1252) to text with \n line ends. */
export function decodeText(bytes: Uint8Array): string {
  return decodeBytes(bytes)
    .text.replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
}
