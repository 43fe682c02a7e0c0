import { decodeBytes, type TextEncoding } from './encoding'
import { emptyGrid, setCell, type Grid } from './grid'

/** The encoding a CSV was read in (encoding.ts). */
export type CsvEncoding = TextEncoding

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
  const { text, encoding } = decodeBytes(bytes)
  const delimiter = detectDelimiter(text)
  const grid = emptyGrid(name)
  parseCsv(text, delimiter).forEach((record, r) => {
    record.forEach((field, c) => setCell(grid, r + 1, c + 1, field.replace(/\r\n?/g, '\n').trim()))
  })
  return { grid, encoding, delimiter }
}
