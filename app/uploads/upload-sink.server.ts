import { createHash } from 'node:crypto'
import type { FileRole, FileStore } from '../storage/files.server'
import { blocklist, checkMagic, isZipContainer, MALWARE_MESSAGE } from './content-check.server'
import type { UploadProblem } from './limits'
import { EICAR_MAX_BYTES, isEicar } from './malware'
import { openScan, type ScanSession } from './scan-pool.server'

/**
 * One file of an upload, checked and stored as its bytes arrive: they go to the encrypted store in chunks (the
 * whole file is never in memory), the first 8 KB are kept for the content check, the SHA-256 is taken on the way,
 * and a zip container's bytes also go to the scan process. When the part ends, every problem of the file is known.
 */

const HEAD_BYTES = 8 * 1024

export interface FileCheck {
  title: 'Invalid Questionnaire File' | 'Invalid Evidence File'
  /** Extension, size and emptiness (limits.ts). */
  check(file: { name: string; size: number }): UploadProblem | null
}

export class UploadedFile {
  size = 0
  problem: UploadProblem | null = null
  private head: Buffer[] = []
  private headBytes = 0
  private scan: ScanSession | null = null
  private scanDecided = false
  private readonly writer: ReturnType<FileStore['writer']> | null

  constructor(
    store: FileStore,
    jobId: string,
    readonly name: string,
    /** Where it is stored, and the form field it came in (evidence and library files are both evidence). */
    readonly file: { role: FileRole; position: number; field?: string },
    private readonly rules: FileCheck,
  ) {
    // A file whose extension is refused is read to its end (to report its size with every other problem) but
    // neither stored nor scanned.
    this.problem = rules.check({ name, size: 1 })
    this.writer = this.problem ? null : store.writer(jobId, { role: file.role, name, position: file.position })
  }

  /** The file's SHA-256 (hex) once end() ran; empty for a file not stored. */
  sha256 = ''

  get field(): string {
    return this.file.field ?? this.file.role
  }

  get stored(): boolean {
    return this.writer !== null
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.size += chunk.byteLength
    if (!this.writer) return
    if (this.headBytes < HEAD_BYTES) {
      const piece = Buffer.from(chunk.subarray(0, HEAD_BYTES - this.headBytes))
      this.head.push(piece)
      this.headBytes += piece.byteLength
    }
    if (!this.scanDecided && this.headBytes >= 4) {
      this.scanDecided = true
      if (isZipContainer(this.name, Buffer.concat(this.head))) this.scan = openScan(this.name)
    }
    await Promise.all([this.writer.write(chunk), this.scan?.write(chunk)])
  }

  /** The part ended: stores the last chunk and settles the file's problem (null when it may be used). */
  async end(): Promise<void> {
    if (!this.writer) return
    const { sha256 } = await this.writer.finish()
    this.sha256 = sha256.toString('hex')
    const scanned = this.scan ? await this.scan.end() : null
    this.scan = null
    this.problem =
      this.rules.check({ name: this.name, size: this.size }) ??
      checkMagic(this.name, Buffer.concat(this.head), this.rules.title) ??
      (this.isKnownMalware(this.sha256) ? { title: 'Malware Detected', message: MALWARE_MESSAGE(this.name) } : null) ??
      scanned
  }

  /** The same verdict as malware.ts isKnownMalware, from what was kept on the way: the head and the hash. */
  private isKnownMalware(sha256: string): boolean {
    return (this.size <= EICAR_MAX_BYTES && isEicar(Buffer.concat(this.head))) || blocklist().has(sha256)
  }

  /** The upload stopped before this file ended. */
  close(): void {
    this.scan?.close()
    this.scan = null
  }
}

/** A file of a repeated request (Idempotency-Key): its bytes are hashed and dropped, to compare the bodies. */
export class HashingSink {
  private readonly hash = createHash('sha256')
  private digest = ''

  get sha256(): string {
    return this.digest
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.hash.update(chunk)
  }

  async end(): Promise<void> {
    this.digest = this.hash.digest('hex')
  }
}
