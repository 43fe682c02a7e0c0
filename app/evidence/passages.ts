import type { Passage } from './model'

/** Passages stay paragraph-sized: big enough to carry a statement with its context, small enough to cite. */
export const PASSAGE_CHARS = 700

/**
 * Paragraph-sized passages; paragraphs longer than the limit are cut at sentence ends. Works by index, never by
 * re-slicing the rest, so a 25 MB paragraph costs linear time; identical passages of one file are kept once, so a
 * file of one repeated line yields a handful of passages rather than tens of thousands.
 */
export function chunkText(file: string, text: string, locationOf: (offset: number) => string): Passage[] {
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
        const stop = Math.max(window.lastIndexOf('. '), window.lastIndexOf('.\n'))
        if (stop >= 0) end = from + stop + 1
      }
      const piece = para.slice(start, end).trim()
      if (piece && !seen.has(piece)) {
        seen.add(piece)
        passages.push({ file, location: locationOf(paraStart + start), text: piece })
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

/** Markdown (and reStructuredText) passages located by their heading path: "Security > Encryption". */
export function markdownPassages(file: string, text: string): Passage[] {
  const headings: { offset: number; path: string }[] = []
  const stack: string[] = []
  const lines = text.split('\n')
  // Heading lines are kept out of the passages (they are the location, not evidence), blanked to keep offsets.
  const body = lines.slice()
  let offset = 0
  for (const [i, line] of lines.entries()) {
    const atx = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    // reStructuredText and setext headings: a title line underlined with a run of one punctuation character.
    const under = lines[i + 1] ?? ''
    const setext =
      !atx && line.trim() && /^([=\-~^"'`#*+])\1{2,}\s*$/.test(under) && under.trim().length >= line.trim().length
    if (atx || setext) {
      const level = atx ? atx[1]!.length : rstLevel(under.trim()[0]!)
      stack.length = level - 1
      stack[level - 1] = (atx ? atx[2]! : line.trim()).replace(/[*_`]/g, '')
      headings.push({ offset, path: stack.filter(Boolean).join(' > ') })
      body[i] = ' '.repeat(line.length)
      if (setext) body[i + 1] = ' '.repeat(under.length)
    }
    offset += line.length + 1
  }
  const line = lineLocator(text)
  const locationOf = (at: number) => {
    let path = ''
    let lo = 0
    let hi = headings.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (headings[mid]!.offset <= at) {
        path = headings[mid]!.path
        lo = mid + 1
      } else hi = mid - 1
    }
    return path || line(at)
  }
  return chunkText(file, body.join('\n'), locationOf)
}

const RST_LEVELS = ['=', '-', '~', '^', '"']
function rstLevel(ch: string): number {
  const i = RST_LEVELS.indexOf(ch)
  return i === -1 ? 3 : i + 1
}

/** UTF-8 (or UTF-16 with a byte-order mark) to text with \n line ends. */
export function decodeText(bytes: Uint8Array): string {
  let encoding = 'utf-8'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le'
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be'
  return new TextDecoder(encoding)
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
}
