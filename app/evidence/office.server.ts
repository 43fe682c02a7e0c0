import mammoth from 'mammoth'
import WordExtractor from 'word-extractor'
import { EvidenceReadError, type Passage } from './model'
import { decodeEntities } from './markup'
import { chunkText, lineLocator } from './passages'

/**
 * .docx through mammoth's HTML, so headings survive: each paragraph is located by its heading path
 * ("Security > Encryption"), like Markdown.
 */
export async function docxPassages(file: string, bytes: Uint8Array): Promise<Passage[]> {
  let html: string
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value
  } catch (error) {
    throw new EvidenceReadError(`${file} is not a readable Word document (${shortReason(error)}).`)
  }
  return htmlBlocks(html).flatMap((b) =>
    chunkText(
      file,
      b.text,
      () => b.path || 'start',
      () => b.context,
    ),
  )
}

/** Legacy binary .doc through word-extractor; it gives no headings, so paragraphs are located by number. */
export async function docPassages(file: string, bytes: Uint8Array): Promise<Passage[]> {
  let body: string
  try {
    const doc = await new WordExtractor().extract(Buffer.from(bytes))
    body = doc.getBody().replace(/\r\n?/g, '\n')
  } catch (error) {
    throw new EvidenceReadError(`${file} is not a readable Word 97-2003 document (${shortReason(error)}).`)
  }
  return chunkText(file, body, lineLocator(body, 'paragraph'))
}

interface Block {
  path: string
  text: string
  /** The header row of the table the block is a cell of. */
  context?: string
}

/**
 * Walks mammoth's flat HTML: headings update the path, each paragraph, list item or table cell becomes a block;
 * header cells (th) are the context of the table's other cells, never blocks of their own.
 */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = []
  const stack: string[] = []
  let path = ''
  let buffer = ''
  let heading = 0
  let headerCell = false
  let header: string[] = []
  let context: string | undefined
  const flush = () => {
    const text = decodeEntities(buffer)
      .replace(/[ \t]+/g, ' ')
      .trim()
    buffer = ''
    if (!text) return
    if (heading) {
      stack.length = heading - 1
      stack[heading - 1] = text
      path = stack.filter(Boolean).join(' > ')
    } else if (headerCell) header.push(text)
    else blocks.push({ path, text, ...(context ? { context } : {}) })
  }
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi)) {
    if (m[3] !== undefined) {
      buffer += m[3]
      continue
    }
    const closing = m[1] === '/'
    const tag = m[2]!.toLowerCase()
    if (tag === 'br') buffer += '\n'
    else if (/^(p|li|td|th|h[1-6]|ul|ol|table|tr)$/.test(tag)) {
      flush()
      heading = !closing && /^h[1-6]$/.test(tag) ? Number(tag[1]) : 0
      if (tag === 'th' || tag === 'td') headerCell = !closing && tag === 'th'
      if (tag === 'tr' && closing && header.length) [context, header] = [header.join('\t'), []]
      if (tag === 'table') [context, header, headerCell] = [undefined, [], false]
    }
  }
  flush()
  return blocks
}

function shortReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.split('\n')[0]!.slice(0, 120)
}
