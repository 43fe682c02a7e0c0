import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { EvidenceDocument, EvidenceInput, Passage } from './model'

export const EVIDENCE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'md', 'zip', 'xlsx', 'csv'] as const
const PASSAGE_CHARS = 700

export function evidenceExtension(fileName: string): string | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  return (EVIDENCE_EXTENSIONS as readonly string[]).includes(ext) ? ext : null
}

/** Extracts text with locations from each evidence file. A file that cannot be read is reported, never fatal. */
export async function extractEvidence(files: EvidenceInput[]): Promise<EvidenceDocument[]> {
  const docs: EvidenceDocument[] = []
  for (const file of files) docs.push(await extractOne(file))
  return docs
}

async function extractOne(file: EvidenceInput): Promise<EvidenceDocument> {
  const ext = evidenceExtension(file.name)
  try {
    let passages: Passage[]
    switch (ext) {
      case 'txt':
        passages = chunk(file.name, decode(file.bytes), () => 'text')
        break
      case 'md':
        passages = markdownPassages(file.name, decode(file.bytes))
        break
      case 'pdf':
        passages = await pdfPassages(file.name, file.bytes)
        break
      default:
        return { file: file.name, passages: [], library: [], chars: 0, status: 'error', message: `${file.name}: .${ext} evidence is not supported yet.` }
    }
    const chars = passages.reduce((n, p) => n + p.text.length, 0)
    if (chars === 0) {
      return { file: file.name, passages, library: [], chars, status: 'empty', message: `No text found in ${file.name}.` }
    }
    return { file: file.name, passages, library: [], chars, status: 'ok' }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { file: file.name, passages: [], library: [], chars: 0, status: 'error', message: `${file.name} could not be read: ${reason}` }
  }
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

/** Paragraph-sized passages; paragraphs longer than the limit are cut at sentence ends. */
function chunk(file: string, text: string, locationOf: (offset: number) => string): Passage[] {
  const passages: Passage[] = []
  let offset = 0
  for (const para of text.split(/\n\s*\n/)) {
    const start = text.indexOf(para, offset)
    offset = start + para.length
    let rest = para.trim()
    while (rest) {
      let cut = rest.length
      if (cut > PASSAGE_CHARS) {
        const end = rest.lastIndexOf('. ', PASSAGE_CHARS)
        cut = end > PASSAGE_CHARS / 3 ? end + 1 : PASSAGE_CHARS
      }
      passages.push({ file, location: locationOf(start), text: rest.slice(0, cut).trim() })
      rest = rest.slice(cut).trim()
    }
  }
  return passages.filter((p) => p.text)
}

function markdownPassages(file: string, text: string): Passage[] {
  const headings: { offset: number; path: string }[] = []
  const stack: string[] = []
  let offset = 0
  for (const line of text.split('\n')) {
    const m = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    if (m) {
      stack.length = m[1]!.length - 1
      stack[m[1]!.length - 1] = m[2]!
      headings.push({ offset, path: stack.filter(Boolean).join(' > ') })
    }
    offset += line.length + 1
  }
  const locationOf = (at: number) => {
    let path = ''
    for (const h of headings) {
      if (h.offset > at) break
      path = h.path
    }
    return path || 'start'
  }
  return chunk(file, text, locationOf)
}

async function pdfPassages(file: string, bytes: Uint8Array): Promise<Passage[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
  const passages: Passage[] = []
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p)
      const content = await page.getTextContent()
      const text = content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('')
      passages.push(...chunk(file, text, () => `page ${p}`))
      page.cleanup()
    }
  } finally {
    await doc.destroy()
  }
  return passages
}
