import { Unzip, UnzipInflate, Unzlib, type UnzipFile } from 'fflate'
import { EvidenceReadError } from './model'

/**
 * Decompression budgets, checked before a reader (pdf.js, mammoth, SheetJS) inflates anything itself: the
 * compressed parts are inflated once here, streaming, with the output counted and dropped, so a bomb is refused
 * with a message naming it instead of costing the job's memory. Lying size headers do not help.
 */
export const DECOMPRESSION_BUDGET = {
  /** Office packages (.docx, .xlsx evidence): all parts together, and per unpacked byte per packed byte. */
  officeBytes: 200 * 1024 * 1024,
  officeRatio: 100,
  /** PDF: all Flate streams other than images, together. */
  pdfBytes: 200 * 1024 * 1024,
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** Throws an EvidenceReadError when an Office package would unpack past its budget. */
export function checkOfficeBudget(file: string, bytes: Uint8Array, budget = DECOMPRESSION_BUDGET): void {
  const limit = Math.min(budget.officeBytes, Math.max(1024 * 1024, bytes.byteLength * budget.officeRatio))
  let total = 0
  let over: string | null = null
  const unzip = new Unzip((entry: UnzipFile) => {
    if (over) return
    entry.ondata = (error, data) => {
      if (over || error) return
      total += data.byteLength
      if (total > limit) {
        over = entry.name
        entry.terminate()
      }
    }
    try {
      entry.start()
    } catch {
      // Unknown compression: the reader says so.
    }
  })
  unzip.register(UnzipInflate)
  try {
    for (let at = 0; at < bytes.byteLength && !over; at += 16 * 1024)
      unzip.push(bytes.subarray(at, at + 16 * 1024), at + 16 * 1024 >= bytes.byteLength)
  } catch {
    // Damaged archives are for the reader to explain.
  }
  if (over)
    throw new EvidenceReadError(
      `${file} was not read: its parts unpack to more than ${mb(limit)} (a decompression bomb, or far larger than a document).`,
    )
}

/** Throws an EvidenceReadError when the PDF's Flate streams (images aside) inflate past the budget. */
export function checkPdfBudget(file: string, bytes: Uint8Array, budget = DECOMPRESSION_BUDGET): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  let total = 0
  const re = /stream\r?\n/g
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length
    if (text.slice(Math.max(0, m.index - 3), m.index) === 'end') continue
    const dict = text.slice(Math.max(0, m.index - 1024), m.index)
    const dictStart = dict.lastIndexOf('<<')
    const head = dictStart >= 0 ? dict.slice(dictStart) : dict
    const end = text.indexOf('endstream', start)
    if (end < 0) break
    re.lastIndex = end + 9
    if (!/\/FlateDecode|\/Fl\b/.test(head) || /\/Subtype\s*\/Image/.test(head)) continue
    const inflater = new Unzlib((data) => {
      total += data.byteLength
    })
    try {
      for (let at = start; at < end && total <= budget.pdfBytes; at += 16 * 1024)
        inflater.push(bytes.subarray(at, Math.min(end, at + 16 * 1024)), false)
    } catch {
      // A damaged stream: pdf.js skips it too.
    }
    if (total > budget.pdfBytes) {
      throw new EvidenceReadError(
        `${file} was not read: its compressed streams inflate to more than ${mb(budget.pdfBytes)} (a decompression bomb, or far larger than a document).`,
      )
    }
  }
}
