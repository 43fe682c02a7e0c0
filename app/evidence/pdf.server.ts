import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { EvidenceReadError, type Passage } from './model'
import { chunkText } from './passages'

export interface PdfText {
  passages: Passage[]
  pages: number
  /** Pages with no text layer that paint an image: scans or photos of text, which QFill does not OCR (ADR 004). */
  imageOnlyPages: number[]
}

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
])

/** Text of each page, located as "page N". Throws an EvidenceReadError for encrypted or broken files. */
export async function pdfText(file: string, bytes: Uint8Array): Promise<PdfText> {
  let doc
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    }).promise
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name === 'PasswordException')
      throw new EvidenceReadError(`${file} is password-protected: upload a copy without a password.`)
    if (name === 'InvalidPDFException')
      throw new EvidenceReadError(`${file} is not a readable PDF (the file is damaged or not a PDF).`)
    throw error
  }
  const passages: Passage[] = []
  const imageOnlyPages: number[] = []
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p)
      const content = await page.getTextContent()
      const text = content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('')
      if (text.trim()) passages.push(...chunkText(file, text, () => `page ${p}`))
      else {
        const ops = await page.getOperatorList()
        if (ops.fnArray.some((fn) => IMAGE_OPS.has(fn))) imageOnlyPages.push(p)
      }
      page.cleanup()
    }
    return { passages, pages: doc.numPages, imageOnlyPages }
  } finally {
    await doc.destroy()
  }
}
