import { createHash } from 'node:crypto'
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate'
import type { UploadProblem } from './limits'

/**
 * The scan of a zip container (.zip, .xlsx, .docx) as its bytes arrive: every entry is inflated once, hashed
 * against the malware blocklist and dropped, with a budget on entries and unpacked bytes checked while inflating
 * (lying headers do not help). Work per call is bounded: input is pushed in 4 KB slices, and deflate inflates at
 * most about 1000:1, so no slice unpacks more than ~4 MB. Uploads run it outside the web process, in the scan
 * process (scan-pool.server.ts).
 */

/** What a container may unpack to. */
export const UNPACK_BUDGET = {
  entries: 5000,
  entryBytes: 150 * 1024 * 1024,
  totalBytes: 300 * 1024 * 1024,
  /** Unpacked bytes per packed byte received so far, above `floorBytes`. */
  ratio: 100,
  floorBytes: 1024 * 1024,
}

const SLICE = 4 * 1024

export const MALWARE_MESSAGE = (name: string) =>
  `${name} matches a known malware signature and was refused; nothing was stored. If this is a mistake, contact support.`

export class ZipScan {
  private readonly unzip: Unzip
  private refusal: UploadProblem | null = null
  private entries = 0
  private packed = 0
  private total = 0
  private broken = false

  constructor(
    private readonly name: string,
    private readonly blocklist: Set<string>,
    private readonly budget = UNPACK_BUDGET,
  ) {
    this.unzip = new Unzip((entry) => this.entry(entry))
    this.unzip.register(UnzipInflate)
  }

  /** Feeds the next bytes of the file. */
  push(bytes: Uint8Array, final = false): void {
    for (let at = 0; at < bytes.byteLength || (final && at === 0); at += SLICE) {
      if (this.refusal || this.broken) return
      const slice = bytes.subarray(at, at + SLICE)
      this.packed += slice.byteLength
      try {
        this.unzip.push(slice, final && at + SLICE >= bytes.byteLength)
      } catch {
        // A damaged archive is for the reader to explain; the scan only refuses what it can prove.
        this.broken = true
      }
    }
  }

  /** The file ended: the refusal, if any. */
  end(): UploadProblem | null {
    if (!this.refusal && !this.broken) this.push(new Uint8Array(0), true)
    return this.refusal
  }

  private bomb(why: string) {
    this.refusal ??= {
      title: 'Unsafe Archive',
      message: `${this.name} was refused: ${why}; this looks like a zip bomb, not a document.`,
    }
  }

  private entry(entry: UnzipFile) {
    if (this.refusal) return
    if (++this.entries > this.budget.entries) return this.bomb(`it holds more than ${this.budget.entries} entries`)
    const hash = createHash('sha256')
    let size = 0
    entry.ondata = (error, data, final) => {
      if (this.refusal || error) return
      size += data.byteLength
      this.total += data.byteLength
      const maxTotal = Math.min(
        this.budget.totalBytes,
        Math.max(this.budget.floorBytes, this.packed * this.budget.ratio),
      )
      if (size > this.budget.entryBytes)
        this.bomb(`${safeEntry(entry.name)} unpacks to more than ${this.budget.entryBytes / 1024 / 1024} MB`)
      else if (this.total > maxTotal)
        this.bomb(
          `it unpacks to more than ${Math.round(maxTotal / 1024 / 1024)} MB (over ${this.budget.ratio} times its size)`,
        )
      if (this.refusal) return entry.terminate()
      hash.update(data)
      if (final && this.blocklist.has(hash.digest('hex')))
        this.refusal ??= {
          title: 'Malware Detected',
          message: MALWARE_MESSAGE(`${this.name}/${safeEntry(entry.name)}`),
        }
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
