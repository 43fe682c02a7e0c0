import { decodeHeaderValue, fileNameFromDisposition, safeName } from './file-names'
import { FIELD_MAX_BYTES, MAX_FIELDS, MAX_PARTS, MAX_REQUEST_BYTES } from './limits'

export { safeName }

/**
 * A streaming multipart/form-data reader. It reads the body as it arrives and hands each part to the caller
 * before the next one is read, so the caller can check a token field before any file, and it stops reading at
 * the first byte over a limit: no part, and no request, is ever read past its limit. A file part goes to a sink
 * the caller gives (the upload's encrypted store): the next bytes are read only once the sink has taken these.
 */

/** A file part read into memory (when fileStart answers a bare limit, as small callers and tests do). */
export interface UploadedFile {
  field: string
  name: string
  bytes: Uint8Array
  size: number
}

/** Where a file part's bytes go as they arrive. */
export interface PartSink {
  write(chunk: Uint8Array): Promise<void>
  end(): Promise<void>
}

/** A limit was passed; `file` names the file (or is null for the request or a text field). */
export class RequestTooLargeError extends Error {
  name = 'RequestTooLargeError'
  constructor(
    message: string,
    readonly file: { field: string; name: string; limit: number } | null = null,
  ) {
    super(message)
  }
}

export class MalformedUploadError extends Error {
  name = 'MalformedUploadError'
}

export interface PartHandlers {
  /** A text field, complete. May throw to stop reading (e.g. a Response for a bad token). */
  field(name: string, value: string): void | Promise<void>
  /**
   * A file part starts: return its byte limit (the part is kept in memory and returned) or a limit and a sink
   * (its bytes are written there as they arrive), or throw to stop reading before any of its bytes are kept.
   */
  fileStart(
    field: string,
    name: string,
  ): number | { limit: number; sink: PartSink } | Promise<number | { limit: number; sink: PartSink }>
}

const HEADER_MAX_BYTES = 16 * 1024
const CRLF = Buffer.from('\r\n')

export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return m ? (m[1] ?? m[2])! : null
}

/**
 * Reads a multipart body, calling `handlers` for each part in order. Files come back with their bytes; the
 * reader is cancelled (the rest of the body is never read) as soon as a limit is passed or a handler throws.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  handlers: PartHandlers,
  maxRequestBytes = MAX_REQUEST_BYTES,
): Promise<UploadedFile[]> {
  if (!body) throw new MalformedUploadError('The upload is empty: send the files as multipart/form-data.')
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const reader = body.getReader()
  const files: UploadedFile[] = []
  // A leading CRLF makes the first boundary look like every other one.
  let buf: Buffer = Buffer.from(CRLF)
  let total = 0
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble'
  let parts = 0
  let fields = 0
  let part: {
    field: string
    fileName: string | null
    limit: number
    chunks: Buffer[]
    size: number
    sink?: PartSink
  } | null = null

  const keep = async (chunk: Buffer) => {
    if (!part) return
    part.size += chunk.byteLength
    if (part.size > part.limit) {
      if (part.fileName === null)
        throw new RequestTooLargeError(`The form field "${part.field}" is longer than ${FIELD_MAX_BYTES / 1024} KB.`)
      throw new RequestTooLargeError('file over its limit', {
        field: part.field,
        name: part.fileName,
        limit: part.limit,
      })
    }
    if (!chunk.byteLength) return
    if (part.sink) await part.sink.write(chunk)
    else part.chunks.push(chunk)
  }

  const endPart = async () => {
    const p = part!
    part = null
    if (p.sink) return p.sink.end()
    const bytes = Buffer.concat(p.chunks, p.size)
    if (p.fileName === null) await handlers.field(p.field, bytes.toString('utf8'))
    // A file input left empty still sends a part with an empty file name.
    else if (!(p.fileName === '' && p.size === 0)) {
      files.push({
        field: p.field,
        name: safeName(p.fileName),
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        size: p.size,
      })
    }
  }

  const startPart = async (headerBytes: Buffer) => {
    const headers = new Map<string, string>()
    for (const line of decodeHeaderValue(headerBytes).split('\r\n')) {
      const colon = line.indexOf(':')
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
    }
    const disposition = headers.get('content-disposition')
    if (!disposition || !/^form-data\b/i.test(disposition))
      throw new MalformedUploadError('A part of the upload has no Content-Disposition: form-data header.')
    const { name, fileName } = fileNameFromDisposition(disposition)
    if (name === null) throw new MalformedUploadError('A part of the upload has no field name.')
    if (++parts > MAX_PARTS)
      throw new RequestTooLargeError(
        `The upload has more than ${MAX_PARTS} parts: send one questionnaire, at most 10 evidence files and a few fields.`,
      )
    if (fileName === null) {
      if (++fields > MAX_FIELDS) throw new RequestTooLargeError(`The upload has more than ${MAX_FIELDS} form fields.`)
      part = { field: name, fileName: null, limit: FIELD_MAX_BYTES, chunks: [], size: 0 }
    } else {
      const started = await handlers.fileStart(name, fileName)
      part =
        typeof started === 'number'
          ? { field: name, fileName, limit: started, chunks: [], size: 0 }
          : { field: name, fileName, limit: started.limit, chunks: [], size: 0, sink: started.sink }
    }
  }

  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxRequestBytes) throw new RequestTooLargeError('request over its limit')
      buf = buf.byteLength ? Buffer.concat([buf, value]) : Buffer.from(value)
      // Consume as much of the buffer as the state machine can.
      for (;;) {
        if (state === 'preamble') {
          const at = buf.indexOf(delimiter)
          if (at < 0) {
            if (total > HEADER_MAX_BYTES)
              throw new MalformedUploadError('The upload could not be read: no multipart boundary found.')
            break
          }
          buf = buf.subarray(at + delimiter.byteLength)
          state = 'after-delimiter'
        } else if (state === 'after-delimiter') {
          if (buf.byteLength < 2) break
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done'
            break
          }
          const eol = buf.indexOf(CRLF)
          if (eol < 0) {
            if (buf.byteLength > 256)
              throw new MalformedUploadError('The upload could not be read (a boundary line is malformed).')
            break
          }
          buf = buf.subarray(eol + 2)
          state = 'headers'
        } else if (state === 'headers') {
          const end = buf.indexOf('\r\n\r\n')
          if (end < 0) {
            if (buf.byteLength > HEADER_MAX_BYTES)
              throw new MalformedUploadError('The upload could not be read (part headers over 16 KB).')
            break
          }
          const headerBytes = buf.subarray(0, end)
          buf = buf.subarray(end + 4)
          await startPart(headerBytes)
          state = 'body'
        } else if (state === 'body') {
          const at = buf.indexOf(delimiter)
          if (at < 0) {
            // Keep a tail that could be the start of the delimiter; everything before it belongs to the part.
            const safe = buf.byteLength - delimiter.byteLength
            if (safe > 0) {
              await keep(Buffer.from(buf.subarray(0, safe)))
              buf = Buffer.from(buf.subarray(safe))
            }
            break
          }
          await keep(Buffer.from(buf.subarray(0, at)))
          buf = buf.subarray(at + delimiter.byteLength)
          await endPart()
          state = 'after-delimiter'
        } else break
      }
      if (state === 'done') break
    }
  } catch (error) {
    // Stop reading, without destroying the connection: the caller answers (with Connection: close), and the
    // server closes the socket after the answer instead of reading the rest of the body. Up to 1 MB more is
    // read and dropped first, so a small request's client is not cut off while still sending.
    await drain(reader, DRAIN_BYTES)
    reader.releaseLock()
    throw error
  }
  if (state !== 'done') {
    reader.releaseLock()
    throw new MalformedUploadError('The upload could not be read (the multipart body is malformed or was cut off).')
  }
  // An epilogue after the closing boundary is read (up to 64 KB) so the connection stays usable.
  await drain(reader, 64 * 1024)
  reader.releaseLock()
  return files
}

const DRAIN_BYTES = 1024 * 1024

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  try {
    for (let read = 0; read < limit;) {
      const { value, done } = await reader.read()
      if (done) return
      read += value.byteLength
    }
  } catch {
    // The client went away: nothing left to read.
  }
}
