import { readFileSync } from 'node:fs'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { ArchiveScanner, MALWARE_MESSAGE } from './archive-scan'
import { TEXT_EXTENSIONS } from '../evidence/model'
import { extensionOf, type UploadProblem } from './limits'
import { isKnownMalware } from './malware'

export { MALWARE_MESSAGE, UNPACK_BUDGET } from './archive-scan'
export { EICAR, isEicar, sha256Hex } from './malware'

/**
 * The checks an upload gets before it is stored, all with bounded work: the content must match the extension
 * (magic bytes at offset 0), no file and no entry of a zip container (.zip, .xlsx, .docx), nested containers
 * included to the depth the reader reads, may be known malware (./malware.ts: the EICAR test file, or a SHA-256 on
 * the blocklist), and a container may not unpack past its budget (./archive-scan.ts). Parsing proper waits for the
 * worker.
 */

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
  // The operator's list (MALWARE_HASH_LIST, one hex SHA-256 a line); EICAR is matched by its definition instead.
  const hashes = new Set<string>()
  if (listPath) for (const h of parseHashList(readFileSync(listPath, 'utf8'))) hashes.add(h)
  cached = { path: listPath, hashes }
  return hashes
}

/**
 * What a format puts at offset 0 (issue 16, finding 6). PDF: `%PDF-` and a version digit at the very first byte,
 * with no prefix. ISO 32000-1:2008 and ISO 32000-2:2020, 7.5.2 "File header": "The first line of a PDF file shall
 * be a header consisting of the 5 characters %PDF- followed by a version number". Acrobat's habit of looking for
 * the header anywhere in the first 1024 bytes (implementation note 13 of the PDF Reference 1.7, Appendix H) is
 * not the standard, and it is what let an ELF program with `%PDF-` in its first kilobyte through.
 */
const MAGIC: Record<string, { test: (b: Uint8Array) => boolean; what: string }> = {
  zip: { test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]), what: 'a zip package' },
  ole: { test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), what: 'a legacy Office file' },
  pdf: { test: (b) => /^%PDF-\d/.test(Buffer.from(b.subarray(0, 6)).toString('latin1')), what: 'a PDF' },
}

const EXPECTED: Record<string, keyof typeof MAGIC | 'text'> = {
  xlsx: 'zip',
  docx: 'zip',
  zip: 'zip',
  xls: 'ole',
  doc: 'ole',
  pdf: 'pdf',
  ...Object.fromEntries(TEXT_EXTENSIONS.map((ext) => [ext, 'text' as const])),
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

/** Whether a file of this name and first bytes is a zip container the scan must open. */
export function isZipContainer(name: string, head: Uint8Array): boolean {
  return EXPECTED[extensionOf(name)] === 'zip' && MAGIC.zip!.test(head)
}

/**
 * A whole file in memory: known malware in the file or, for a zip container, in any entry, nested containers
 * included; the work yields to the event loop between 64 KB of input. Uploads do not use this: they scan as the
 * bytes arrive, in the scan process (scan-pool.server.ts).
 */
export async function scanFile(name: string, bytes: Uint8Array, list = blocklist()): Promise<UploadProblem | null> {
  if (isKnownMalware(bytes, list)) return { title: 'Malware Detected', message: MALWARE_MESSAGE(name) }
  if (!isZipContainer(name, bytes)) return null
  const scanner = new ArchiveScanner(name, list)
  for (let at = 0; at < bytes.byteLength && !scanner.refusal; at += 64 * 1024) {
    scanner.push(bytes.subarray(at, at + 64 * 1024))
    await nextTurn()
  }
  return scanner.end()
}
