import { unpackZip } from './archive'
import { checkOfficeBudget, checkPdfBudget } from './budget'
import { guessLanguage } from './language'
import {
  EVIDENCE_EXTENSIONS,
  TEXT_EXTENSIONS,
  EVIDENCE_MAX_BYTES,
  EvidenceReadError,
  type EvidenceDocument,
  type EvidenceInput,
  type LibraryEntry,
  type LibraryIdentity,
  type Passage,
} from './model'
import { docPassages, docxPassages } from './office.server'
import { pageText } from './html'
import { decodeText, markdownPassages } from './passages'
import { PdfReader } from './pdf.server'
import { answerLibrary, optionalLibrary } from './workbook.server'

export { EVIDENCE_EXTENSIONS }
export const MAX_EVIDENCE_BYTES = EVIDENCE_MAX_BYTES

export function evidenceExtension(fileName: string): string | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  return (EVIDENCE_EXTENSIONS as readonly string[]).includes(ext) ? ext : null
}

/**
 * Extracts text with locations from each evidence file (a .zip yields one document per file inside it).
 * A file that cannot be read becomes a document with status error or empty and a message naming the problem:
 * never a crash, so the job completes with what it could read.
 */
export async function extractEvidence(files: EvidenceInput[]): Promise<EvidenceDocument[]> {
  const docs: Promise<EvidenceDocument[]>[] = []
  const pdf = new PdfReader()
  try {
    for (const file of files) {
      const kind = evidenceExtension(file.name)
      const reading = kind === 'zip' ? extractZip(file, pdf) : extractOne(file, pdf).then((doc) => [doc])
      docs.push(reading)
      // Files are read here one at a time; a PDF's pages are read in the reader's thread (one PDF at a time)
      // while the next files are checked and read here. Either way a file's failure is its own document.
      if (kind !== 'pdf') await reading
    }
    return (await Promise.all(docs)).flat()
  } finally {
    await pdf.close()
  }
}

async function extractZip(file: EvidenceInput, pdf: PdfReader): Promise<EvidenceDocument[]> {
  try {
    const { entries, skipped } = unpackZip(file.name, file.bytes)
    const docs: EvidenceDocument[] = []
    for (const entry of entries) {
      const name = `${file.name}/${entry.name}`
      if (!evidenceExtension(entry.name))
        docs.push(failed(name, `${name}: skipped, .${ext(entry.name)} files are not read as evidence.`))
      else docs.push(await extractOne({ name, bytes: entry.bytes }, pdf))
    }
    for (const s of skipped) docs.push(failed(`${file.name}/${s.name}`, `${file.name}/${s.name}: ${s.reason}.`))
    if (!docs.length) docs.push({ ...failed(file.name, `${file.name} holds no files.`), status: 'empty' })
    return docs
  } catch (error) {
    return [failed(file.name, messageOf(file.name, error))]
  }
}

async function extractOne(file: EvidenceInput, reader: PdfReader): Promise<EvidenceDocument> {
  const kind = evidenceExtension(file.name)
  try {
    if (file.bytes.byteLength > MAX_EVIDENCE_BYTES)
      return failed(file.name, `${file.name} is larger than ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB and was not read.`)
    if (file.bytes.byteLength === 0)
      return { ...failed(file.name, `No text found in ${file.name}: the file is empty (0 bytes).`), status: 'empty' }
    checkSignature(file.name, kind, file.bytes)
    if (file.role === 'library' && !['xlsx', 'xls', 'csv', 'docx'].includes(kind ?? ''))
      return failed(file.name, notALibrary(file.name))
    let passages: Passage[] = []
    let library: LibraryEntry[] = []
    let identity: LibraryIdentity | undefined
    const notes: string[] = []
    switch (kind) {
      // Plain text often carries Markdown (copied from a wiki or a repository): it is read as Markdown, so its markup
      // never reaches a quote; without headings its passages are located by line.
      case 'txt':
      case 'md':
      case 'rst':
        passages = markdownPassages(file.name, decodeText(file.bytes))
        break
      // A saved web page: its own text, the site's frame (navigation, footer, scripts, a cookie banner) aside.
      case 'html':
      case 'htm':
        passages = markdownPassages(file.name, pageText(decodeText(file.bytes)))
        break
      case 'pdf': {
        checkPdfBudget(file.name, file.bytes)
        const pdf = await reader.read(file.name, file.bytes)
        passages = pdf.passages
        if (pdf.imageOnlyPages.length)
          notes.push(scannedNote(file.name, pdf.imageOnlyPages, pdf.pages, passages.length > 0))
        break
      }
      case 'docx': {
        checkOfficeBudget(file.name, file.bytes)
        passages = await docxPassages(file.name, file.bytes)
        // An answered Word questionnaire is also an answer library (its table cells become citable passages); one
        // uploaded as a library is read as one whatever its detection says.
        const answered =
          file.role === 'library' ? answerLibrary(file.name, file.bytes) : optionalLibrary(file.name, file.bytes)
        if (answered.library.length) {
          library = answered.library
          identity = answered.identity
          passages = [...passages, ...answered.passages]
          notes.push(`${file.name}: ${library.length} previous answers available for reuse.`)
        }
        break
      }
      case 'doc':
        passages = await docPassages(file.name, file.bytes)
        break
      case 'xlsx':
      case 'xls':
      case 'csv':
        if (kind === 'xlsx') checkOfficeBudget(file.name, file.bytes)
        ;({ library, passages, identity } = answerLibrary(file.name, file.bytes))
        if (library.length) notes.push(`${file.name}: ${library.length} previous answers available for reuse.`)
        else notes.push(`${file.name}: no answered questions found, so it is not used as an answer library.`)
        break
      default:
        return failed(
          file.name,
          `${file.name}: .${ext(file.name)} files are not read as evidence (use PDF, Word, text, Markdown, HTML, ZIP or a spreadsheet).`,
        )
    }
    const chars = passages.reduce((n, p) => n + p.text.length, 0)
    if (chars === 0 && !library.length) {
      const why = notes[0] ?? `No text found in ${file.name}: it contains no extractable text.`
      return { file: file.name, passages, library, chars, status: 'empty', message: why }
    }
    const language =
      kind === 'xlsx' || kind === 'xls' || kind === 'csv'
        ? undefined
        : guessLanguage(passages.map((p) => p.text).join('\n'))
    if (language && language !== 'English') {
      notes.push(
        `${file.name} appears to be in ${language}: it was read, but the offline engine matches English questions and cannot use it.`,
      )
    }
    const message = notes.join(' ') || undefined
    return {
      file: file.name,
      passages,
      library,
      chars,
      status: 'ok',
      language,
      message,
      ...(identity ? { identity } : {}),
    }
  } catch (error) {
    return failed(file.name, messageOf(file.name, error))
  }
}

function notALibrary(file: string): string {
  return `${file}: an earlier answered questionnaire must be .xlsx, .xls, .csv or .docx.`
}

function scannedNote(file: string, pages: number[], total: number, someText: boolean): string {
  const which =
    pages.length === total
      ? total === 1
        ? 'its only page is'
        : `all ${total} pages are`
      : `page${pages.length > 1 ? 's' : ''} ${pages.join(', ')} ${pages.length > 1 ? 'are' : 'is'}`
  const lead = someText ? `${file}: ` : `No text found in ${file}: `
  return `${lead}${which} a scanned image with no text layer; QFill does not read text from images (OCR), so upload a text PDF or the text itself.`
}

const MAGIC: Record<string, { bytes: number[]; label: string }> = {
  pdf: { bytes: [0x25, 0x50, 0x44, 0x46], label: 'PDF' },
  docx: { bytes: [0x50, 0x4b], label: 'Word .docx (Office Open XML) document' },
  xlsx: { bytes: [0x50, 0x4b], label: 'Excel .xlsx workbook' },
  xls: { bytes: [0xd0, 0xcf, 0x11, 0xe0], label: 'Excel 97-2003 .xls workbook' },
  zip: { bytes: [0x50, 0x4b], label: '.zip archive' },
  doc: { bytes: [0xd0, 0xcf, 0x11, 0xe0], label: 'Word 97-2003 .doc document' },
}

/** The content must match the extension; PDFs may have a little junk before %PDF, as readers allow. */
function checkSignature(file: string, kind: string | null, bytes: Uint8Array) {
  const magic = kind ? MAGIC[kind] : undefined
  if (magic) {
    const head =
      kind === 'pdf'
        ? Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF') >= 0
        : magic.bytes.every((b, i) => bytes[i] === b)
    if (!head) {
      const ole = MAGIC.doc!.bytes.every((b, i) => bytes[i] === b)
      if (ole && (kind === 'docx' || kind === 'xlsx'))
        throw new EvidenceReadError(
          `${file} is password-protected (encrypted Office file) or in an old format: save it without a password as .${kind}.`,
        )
      throw new EvidenceReadError(`${file} is not really a ${magic.label} (its content does not match its extension).`)
    }
  }
  if (
    TEXT_EXTENSIONS.includes(kind ?? '') &&
    bytes.subarray(0, 4096).includes(0) &&
    !(bytes[0] === 0xff || bytes[0] === 0xfe)
  ) {
    throw new EvidenceReadError(`${file} is not a text file (it looks binary).`)
  }
}

function failed(file: string, message: string): EvidenceDocument {
  return { file, passages: [], library: [], chars: 0, status: 'error', message }
}

function messageOf(file: string, error: unknown): string {
  if (error instanceof EvidenceReadError) return error.message
  const reason = error instanceof Error ? error.message : String(error)
  return `${file} could not be read: ${reason.split('\n')[0]!.slice(0, 160)}`
}

function ext(name: string): string {
  return name.toLowerCase().split('.').pop() ?? ''
}
