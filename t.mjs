import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { readFileSync } from 'node:fs'
const data = new Uint8Array(readFileSync(process.argv[2]))
console.time('pdf')
const doc = await getDocument({ data, useSystemFonts: false, disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise
let chars = 0
for (let p = 1; p <= doc.numPages; p++) {
  const page = await doc.getPage(p)
  const tc = await page.getTextContent()
  const text = tc.items.map(i => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('')
  chars += text.length
  if (p === 2) console.log(text.slice(0, 800))
}
console.timeEnd('pdf'); console.log(doc.numPages, 'pages', chars, 'chars')
