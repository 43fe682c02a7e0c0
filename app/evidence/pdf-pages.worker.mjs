// The PDF reader's worker thread (pdf.server.ts starts it): pdf.js text extraction, one file at a time, page by page.
// Plain JavaScript, so Node loads it and pdf.js without the TypeScript loader: under tsx, pdf.js (2.9 MB of code
// that calls import()) is rewritten with an inline source map, and loading it with one document read cost +425 MB
// and 1.8 s instead of +25 MB and 0.2 s (ADR 034).
import { parentPort } from 'node:worker_threads'

/** pdf.js says it left out an image too large for maxImageSize only as this warning. */
const SKIPPED_IMAGE = 'Warning: Image exceeded maximum allowed size and was removed.'

/** While a page is probed for images, pdf.js's warnings are counted here instead of being logged. */
let probe = null

// pdf.js's console output goes to the main thread's console (a job logs it as JSON lines), never to raw stdout.
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => {
    const text = args.map(String).join(' ')
    if (probe) {
      if (text === SKIPPED_IMAGE) probe.images++
      return
    }
    parentPort.postMessage({ type: 'console', level, text })
  }
}

// pdf.js's legacy build brings core-js, which swaps the platform's Array.prototype.push for a slower copy (written
// for an edge case of array-likes longer than 2^32 that pdf.js never meets): a tenth of the reading time. Both of
// its parts are loaded here (the document side, and its worker side run in this thread), then the platform's own
// push is put back. This thread does nothing else, and the rest of QFill never loads pdf.js.
const nativePush = Array.prototype.push
const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs')
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true })

const OPTIONS = {
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  stopAtErrors: false,
  verbosity: 0,
}

const IMAGE_OPS = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
])

// One request at a time: the image probe's warnings must come from the file being probed.
let queue = Promise.resolve()
parentPort.on('message', (request) => {
  queue = queue.then(() => answer(request))
})

/** `text`: each page's text; `images`: which of the given pages paint an image. */
async function answer({ id, kind, bytes, pages }) {
  let stage = 'open'
  try {
    if (kind === 'images') {
      parentPort.postMessage({ type: 'images', id, imageOnlyPages: await paintingImages(bytes, pages) })
      return
    }
    // pdf.js takes the buffer over (it is transferred to it): the bytes are this request's own copy.
    const doc = await getDocument({ ...OPTIONS, data: bytes }).promise
    stage = 'read'
    const texts = []
    try {
      for (let p = 1; p <= doc.numPages; p++) {
        const page = await doc.getPage(p)
        const content = await page.getTextContent()
        texts.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join(''))
        // Page by page: what pdf.js holds for a page (its operator lists, fonts' glyph data) goes now.
        page.cleanup()
      }
    } finally {
      await doc.destroy()
    }
    parentPort.postMessage({ type: 'text', id, pages: texts })
  } catch (error) {
    parentPort.postMessage({
      type: 'failed',
      id,
      stage,
      name: error?.name,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

/**
 * The pages that paint an image. Asking pdf.js for a page's drawing operations decodes its images (a scanned page's
 * JPEG: a quarter of a second), so the pages are read from a document opened to refuse every image larger than one
 * pixel (maxImageSize), and pdf.js's warning for each refused image says it was there. Images of one pixel are
 * still drawn, and found among the operations.
 */
async function paintingImages(bytes, pages) {
  const found = []
  probe = { images: 0 }
  try {
    const doc = await getDocument({ ...OPTIONS, data: bytes, maxImageSize: 1, verbosity: 1 }).promise
    try {
      for (const p of pages) {
        const page = await doc.getPage(p)
        probe.images = 0
        const ops = await page.getOperatorList()
        if (probe.images > 0 || ops.fnArray.some((fn) => IMAGE_OPS.has(fn))) found.push(p)
        page.cleanup()
      }
    } finally {
      await doc.destroy()
    }
  } finally {
    probe = null
  }
  return found
}
