import { emptyGrid, setCell, type Grid } from './grid'

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/** UTF-16 text has a zero byte in every other position; binary files have zeros anywhere. */
export function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  const n = Math.min(bytes.length - (bytes.length % 2), 4096)
  if (n < 4) return undefined
  let even = 0
  let odd = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++
    if (bytes[i + 1] === 0) odd++
  }
  const pairs = n / 2
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le'
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be'
  return undefined
}

/** Decodes CSV bytes: UTF-8 with or without BOM, UTF-16 (BOM or sniffed), else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' }
  }
  const utf16 = sniffUtf16(bytes)
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes).replace(/^\uFEFF/, ''), encoding: utf16 }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' }
  }
}

// Node's TextDecoder treats windows-1252 as Latin-1, so 0x80-0x9F (€ ‘ ’ “ ” – — …) are mapped here.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'

function decodeWindows1252(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192)
    text += String.fromCharCode(...chunk).replace(/[\u0080-\u009F]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!)
  }
  return text
}

/** RFC 4180 records: quoted fields may hold delimiters, doubled quotes and newlines; CRLF, LF and CR all end a row. */
export function parseCsv(text: string, delimiter: string, maxRecords = Number.POSITIVE_INFINITY): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const endRecord = () => {
    record.push(field)
    records.push(record)
    record = []
    field = ''
  }
  while (i < text.length && records.length < maxRecords) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"' && field.trim() === '') {
      quoted = true
      field = ''
    } else if (ch === delimiter) {
      record.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRecord()
    } else field += ch
    i++
  }
  if (field !== '' || record.length) endRecord()
  return records
}

const DELIMITERS = [',', ';', '\t', '|']

/** The delimiter that splits the first records into the most consistent number of fields (more than one). */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024)
  let best = { delimiter: ',', score: 0 }
  for (const delimiter of DELIMITERS) {
    const counts = parseCsv(sample, delimiter, 50)
      .filter((r) => r.some((f) => f.trim() !== ''))
      .map((r) => r.length)
    const freq = new Map<number, number>()
    for (const c of counts) if (c > 1) freq.set(c, (freq.get(c) ?? 0) + 1)
    const [fields, rows] = [...freq].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [1, 0]
    const score = rows * Math.log2(fields + 1)
    if (score > best.score) best = { delimiter, score }
  }
  return best.delimiter
}

export function csvGrid(
  bytes: Uint8Array,
  name = 'Questionnaire',
): { grid: Grid; encoding: CsvEncoding; delimiter: string } {
  const { text, encoding } = decodeCsv(bytes)
  const delimiter = detectDelimiter(text)
  const grid = emptyGrid(name)
  parseCsv(text, delimiter).forEach((record, r) => {
    record.forEach((field, c) => setCell(grid, r + 1, c + 1, field.replace(/\r\n?/g, '\n').trim()))
  })
  return { grid, encoding, delimiter }
}
