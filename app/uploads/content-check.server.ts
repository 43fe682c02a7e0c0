import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate'
import { extensionOf, type UploadProblem } from './limits'

/**
 * The checks an upload gets before it is stored, all with bounded work: the content must match the extension
 * (magic bytes), no file and no zip entry may have a SHA-256 on the blocklist, and a zip container (.zip, .xlsx,
 * .docx) may not unpack past its budget. Parsing proper waits for the worker.
 */

/** Shipped blocklist: the EICAR anti-virus test file. Operators add theirs with MALWARE_HASH_LIST (a file). */
export const BUILTIN_BLOCKLIST = ['275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f']

/** What a container may unpack to, checked while inflating (lying headers do not help). */
export const UNPACK_BUDGET = {
  entries: 5000,
  entryBytes: 150 * 1024 * 1024,
  totalBytes: 300 * 1024 * 1024,
  ratio: 100,
  floorBytes: 1024 * 1024,
}

let cached: { path: string | undefined; hashes: Set<string> } | null = null

/** Lines of 64 hex digits; '#' starts a comment. */
export function parseHashList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim().toLowerCase())
    .filter((l) => /^[0-9a-f]{64}$/.test(l))
}

export function blocklist(listPath = process.env.MALWARE_HASH_LIST): Set<string> {
  if (cached && cached.path === listPath) return cached.hashes
  const hashes = new Set(BUILTIN_BLOCKLIST)
  if (listPath) for (const h of parseHashList(readFileSync(listPath, 'utf8'))) hashes.add(h)
  cached = { path: listPath, hashes }
  return hashes
}

const MAGIC: Record<string, { test: (b: Uint8Array) => boolean; what: string }> = {
  zip: { test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]), what: 'a zip package' },
  ole: { test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), what: 'a legacy Office file' },
  pdf: { test: (b) => Buffer.from(b.subarray(0, 1024)).includes('%PDF-'), what: 'a PDF' },
}

const EXPECTED: Record<string, keyof typeof MAGIC | 'text'> = {
  xlsx: 'zip',
  docx: 'zip',
  zip: 'zip',
  xls: 'ole',
  doc: 'ole',
  pdf: 'pdf',
  csv: 'text',
  txt: 'text',
  md: 'text',
  rst: 'text',
}

function startsWith(bytes: Uint8Array, magic: number[]) {
  return magic.every((b, i) => bytes[i] === b)
}

/** What the first bytes say the file is, for messages. */
export function sniff(bytes: Uint8Array): string {
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'a Linux program (ELF)'
  if (startsWith(bytes, [0x4d, 0x5a])) return 'a Windows program'
  if (startsWith(bytes, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe]))
    return 'a macOS program'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'a PNG image'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'a JPEG image'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image'
  if (startsWith(bytes, [0x1f, 0x8b])) return 'a gzip archive'
  if (startsWith(bytes, [0x52, 0x61, 0x72, 0x21])) return 'a RAR archive'
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf])) return 'a 7-Zip archive'
  for (const m of Object.values(MAGIC)) if (m.test(bytes)) return m.what
  return looksLikeText(bytes) ? 'plain text' : 'binary data'
}

/** Text: a UTF-16 BOM, or no NUL byte in the first 8 KB. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true
  return !bytes.subarray(0, 8192).includes(0)
}

/** Null when the content fits the extension; else a problem naming what the file really is. */
export function checkMagic(name: string, bytes: Uint8Array, title: string): UploadProblem | null {
  const ext = extensionOf(name)
  const expected = EXPECTED[ext]
  if (!expected || bytes.byteLength === 0) return null
  const ok =
    expected === 'text'
      ? looksLikeText(bytes) && !/program|image|archive|zip package|PDF|Office/.test(sniff(bytes))
      : MAGIC[expected]!.test(bytes)
  if (ok) return null
  return {
    title,
    message: `${name} is not really a .${ext} file (its content is ${sniff(bytes)}): upload the document itself.`,
  }
}

export const MALWARE_MESSAGE = (name: string) =>
  `${name} matches a known malware signature and was refused; nothing was stored. If this is a mistake, contact support.`

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export interface ScanResult {
  problem: UploadProblem | null
}

/**
 * SHA-256 of the file and, for zip containers, of every entry, streamed (nothing unpacked is kept) with a
 * budget on entries and unpacked bytes; the work yields to the event loop between 16 KB slices of input.
 */
export async function scanFile(name: string, bytes: Uint8Array, list = blocklist()): Promise<UploadProblem | null> {
  if (list.has(sha256Hex(bytes))) return { title: 'Malware Detected', message: MALWARE_MESSAGE(name) }
  if (EXPECTED[extensionOf(name)] !== 'zip' || !MAGIC.zip!.test(bytes)) return null
  const budget = UNPACK_BUDGET
  const maxTotal = Math.min(budget.totalBytes, Math.max(budget.floorBytes, bytes.byteLength * budget.ratio))
  let refusal: UploadProblem | null = null
  let entries = 0
  let total = 0
  const bomb = (why: string) => {
    refusal ??= {
      title: 'Unsafe Archive',
      message: `${name} was refused: ${why}; this looks like a zip bomb, not a document.`,
    }
  }
  const unzip = new Unzip((entry: UnzipFile) => {
    if (refusal) return
    if (++entries > budget.entries) return bomb(`it holds more than ${budget.entries} entries`)
    const hash = createHash('sha256')
    let size = 0
    entry.ondata = (error, data, final) => {
      if (refusal || error) return
      size += data.byteLength
      total += data.byteLength
      if (size > budget.entryBytes)
        bomb(`${safeEntry(entry.name)} unpacks to more than ${budget.entryBytes / 1024 / 1024} MB`)
      else if (total > maxTotal)
        bomb(`it unpacks to more than ${Math.round(maxTotal / 1024 / 1024)} MB (over ${budget.ratio} times its size)`)
      if (refusal) return entry.terminate()
      hash.update(data)
      if (final && list.has(hash.digest('hex')))
        refusal ??= { title: 'Malware Detected', message: MALWARE_MESSAGE(`${name}/${safeEntry(entry.name)}`) }
    }
    try {
      entry.start()
    } catch {
      // Encrypted or unknown compression: the reader reports it; nothing to hash here.
    }
  })
  unzip.register(UnzipInflate)
  // Small slices: a deflate stream inflates at most ~1000:1, so one push allocates at most ~16 MB.
  const slice = 16 * 1024
  try {
    for (let at = 0; at < bytes.byteLength && !refusal; at += slice) {
      unzip.push(bytes.subarray(at, at + slice), at + slice >= bytes.byteLength)
      await nextTurn()
    }
  } catch {
    // A damaged archive is for the reader to explain; the scan only refuses what it can prove.
  }
  return refusal
}

function safeEntry(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120)
}
