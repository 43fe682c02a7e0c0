import { Unzip, UnzipInflate, type UnzipFile } from 'fflate'
import type { UploadProblem } from './limits'
import { MalwareMatcher } from './malware'

/**
 * Scans a zip container (.zip, .xlsx, .docx) as it streams in: every entry is hashed and matched against known
 * malware, and containers inside it are opened too, to the depth the reader reads (issue 16, finding 6): an
 * evidence .zip is unpacked one level and the Office files in it are read part by part, so two levels of
 * containers are scanned. Anything inside a deeper container is never read by QFill; that container itself is
 * still matched whole. Nothing unpacked is kept, and the whole scan, nested containers included, stays within one
 * budget checked while inflating (lying headers do not help). Synchronous and pure: the caller feeds the bytes as
 * they arrive (uploads do so in the scan process, scan-pool.server.ts). Work per call is bounded: input goes in
 * 4 KB slices, and deflate inflates at most about 1000:1, so no slice unpacks more than ~4 MB.
 */

export const SCAN_DEPTH = 2

/** What a container may unpack to, all levels together. */
export const UNPACK_BUDGET = {
  entries: 5000,
  entryBytes: 150 * 1024 * 1024,
  totalBytes: 300 * 1024 * 1024,
  /** Unpacked bytes per packed byte received so far, above `floorBytes`. */
  ratio: 100,
  floorBytes: 1024 * 1024,
}

const SLICE = 4 * 1024

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const isZip = (b: Uint8Array) => ZIP.every((x, i) => b[i] === x)

export const MALWARE_MESSAGE = (name: string) =>
  `${name} matches a known malware signature and was refused; nothing was stored. If this is a mistake, contact support.`

export class ArchiveScanner {
  refusal: UploadProblem | null = null
  private entries = 0
  private packed = 0
  private total = 0
  private broken = false
  private readonly root: Unzip

  constructor(
    private readonly name: string,
    private readonly blocklist: Set<string>,
    private readonly budget = UNPACK_BUDGET,
  ) {
    this.root = this.container([name], 1)
  }

  /** Feeds the next bytes of the file; a damaged archive is for the reader to explain, so errors stop the scan only. */
  push(bytes: Uint8Array, final = false) {
    for (let at = 0; at < bytes.byteLength || (final && at === 0); at += SLICE) {
      if (this.refusal || this.broken) return
      const slice = bytes.subarray(at, at + SLICE)
      this.packed += slice.byteLength
      try {
        this.root.push(slice, final && at + SLICE >= bytes.byteLength)
      } catch {
        this.broken = true // not a readable zip past this point: nothing more to hash
      }
    }
  }

  /** The file ended: the refusal, if any. */
  end(): UploadProblem | null {
    if (!this.refusal && !this.broken) this.push(new Uint8Array(0), true)
    return this.refusal
  }

  /** What the scan may unpack by now: `ratio` times the packed bytes received so far, within the bounds. */
  private get maxTotal(): number {
    return Math.min(this.budget.totalBytes, Math.max(this.budget.floorBytes, this.packed * this.budget.ratio))
  }

  private bomb(why: string) {
    this.refusal ??= {
      title: 'Unsafe Archive',
      message: `${this.name} was refused: ${why}; this looks like a zip bomb, not a document.`,
    }
  }

  private container(path: string[], depth: number): Unzip {
    const unzip = new Unzip((entry: UnzipFile) => this.entry(entry, path, depth))
    unzip.register(UnzipInflate)
    return unzip
  }

  private entry(entry: UnzipFile, path: string[], depth: number) {
    if (this.refusal) return
    if (++this.entries > this.budget.entries) return this.bomb(`it holds more than ${this.budget.entries} entries`)
    const at = [...path, safeEntry(entry.name)]
    const matcher = new MalwareMatcher()
    let size = 0
    // Whether this entry is itself a container to open: decided on its first 4 bytes.
    let nested: Unzip | null | undefined
    let pending: Uint8Array[] = []
    const feed = (chunks: Uint8Array[], final: boolean) => {
      if (!nested) return
      try {
        chunks.forEach((c, i) => nested!.push(c, final && i === chunks.length - 1))
      } catch {
        nested = null
      }
    }
    entry.ondata = (error, data, final) => {
      if (this.refusal || error) return
      size += data.byteLength
      this.total += data.byteLength
      if (size > this.budget.entryBytes)
        this.bomb(`${at.slice(1).join('/')} unpacks to more than ${this.budget.entryBytes / 1024 / 1024} MB`)
      else if (this.total > this.maxTotal)
        this.bomb(
          `it unpacks to more than ${Math.round(this.maxTotal / 1024 / 1024)} MB (over ${this.budget.ratio} times its size)`,
        )
      if (this.refusal) return entry.terminate()
      matcher.update(data)
      if (nested === undefined) {
        pending.push(data)
        if (matcher.start.byteLength < 4 && !final) return
        nested = depth < SCAN_DEPTH && isZip(matcher.start) ? this.container(at, depth + 1) : null
        feed(pending, final)
        pending = []
      } else feed([data], final)
      if (final && !this.refusal && matcher.matches(this.blocklist))
        this.refusal = { title: 'Malware Detected', message: MALWARE_MESSAGE(at.join('/')) }
    }
    try {
      entry.start()
    } catch {
      // Encrypted or unknown compression: the reader reports it; nothing to hash here.
    }
  }
}

function safeEntry(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120)
}
