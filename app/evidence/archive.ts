import { Unzip, UnzipInflate, type UnzipFile } from 'fflate'
import { EVIDENCE_MAX_BYTES, EvidenceReadError } from './model'

/** Limits that stop zip bombs before they cost memory: checked while inflating, so lying headers do not help. */
export const ZIP_LIMITS = {
  entries: 100,
  entryBytes: EVIDENCE_MAX_BYTES,
  totalBytes: 100 * 1024 * 1024,
  /** Unpacked bytes per packed byte of the whole archive; ordinary documents compress far less than 100:1. */
  ratio: 100,
}

export interface ArchiveEntry {
  name: string
  bytes: Uint8Array
}

export interface Unpacked {
  entries: ArchiveEntry[]
  /** Entries not read, each with the reason ("nested archive", "folder"...): for the user's report. */
  skipped: { name: string; reason: string }[]
}

/** Unpacks a .zip one level deep in memory. Throws an EvidenceReadError naming the limit a bomb would break. */
export function unpackZip(file: string, bytes: Uint8Array, limits = ZIP_LIMITS): Unpacked {
  const entries: ArchiveEntry[] = []
  const skipped: Unpacked['skipped'] = []
  const maxTotal = Math.min(limits.totalBytes, Math.max(1024 * 1024, bytes.byteLength * limits.ratio))
  let total = 0
  let files = 0
  // fflate hands errors thrown inside its callbacks back to them, so a refusal is remembered and raised after push.
  let refusal: string | undefined
  const fail = (message: string): never => {
    refusal ??= message
    throw new EvidenceReadError(`${file} was not unpacked: ${message}`)
  }
  const unzip = new Unzip((entry: UnzipFile) => {
    const name = entry.name
    if (refusal) return
    if (name.endsWith('/') || /(^|\/)(__MACOSX\/|\.DS_Store$)/.test(name)) return
    if (++files > limits.entries) fail(`it holds more than ${limits.entries} files.`)
    if (/\.(zip|7z|rar|tar|gz|tgz|bz2|xz)$/i.test(name)) {
      skipped.push({ name, reason: 'nested archive: QFill unpacks one level only; upload its files directly' })
      return
    }
    if (entry.originalSize !== undefined && entry.originalSize > limits.entryBytes)
      fail(`${name} would unpack to more than ${mb(limits.entryBytes)}.`)
    const chunks: Uint8Array[] = []
    let size = 0
    entry.ondata = (error, data, final) => {
      if (refusal) return
      if (error) {
        skipped.push({ name, reason: `could not be unpacked (${error.message})` })
        return
      }
      size += data.byteLength
      total += data.byteLength
      if (size > limits.entryBytes) fail(`${name} unpacks to more than ${mb(limits.entryBytes)}.`)
      if (total > maxTotal) {
        fail(
          `its contents unpack to more than ${mb(maxTotal)} (over ${limits.ratio} times the archive's size, or over ${mb(limits.totalBytes)}): this looks like a zip bomb.`,
        )
      }
      chunks.push(data)
      if (final) entries.push({ name, bytes: concat(chunks, size) })
    }
    try {
      entry.start()
    } catch (error) {
      const reason = (error as Error).message
      skipped.push({
        name,
        reason:
          /encrypt|password/i.test(reason) || entry.compression === 99
            ? 'password-protected'
            : `unsupported compression (${reason})`,
      })
    }
  })
  unzip.register(UnzipInflate)
  try {
    unzip.push(bytes, true)
  } catch (error) {
    if (!refusal) throw new EvidenceReadError(`${file} is not a readable .zip archive (${(error as Error).message}).`)
  }
  if (refusal) throw new EvidenceReadError(`${file} was not unpacked: ${refusal}`)
  if (!entries.length && !skipped.length && files === 0) fail('it is empty or not a .zip archive.')
  return { entries, skipped }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

function mb(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
}
