import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { EVIDENCE_MAX_BYTES, MAX_EVIDENCE_FILES, QUESTIONNAIRE_MAX_BYTES } from './limits'

/** Everything a fill request may carry, plus a little room for the other fields. */
export const MAX_REQUEST_BYTES = QUESTIONNAIRE_MAX_BYTES + MAX_EVIDENCE_FILES * EVIDENCE_MAX_BYTES + 1024 * 1024
const FIELD_LIMIT = 64 * 1024

export interface UploadedFile {
  field: string
  name: string
  bytes: Uint8Array
  /** True when the file was larger than its limit; its bytes were read and discarded. */
  oversize: boolean
  size: number
}

export class RequestTooLargeError extends Error {
  name = 'RequestTooLargeError'
}

export class MalformedUploadError extends Error {
  name = 'MalformedUploadError'
}

/**
 * Reads a multipart body into memory with a limit per file (oversize files are drained and marked, so every
 * problem can be reported at once) and for the whole request. Text fields come back in `fields`.
 */
export async function readUpload(request: Request, limits: Record<string, number>): Promise<{ files: UploadedFile[]; fields: Map<string, string[]> }> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_REQUEST_BYTES) throw new RequestTooLargeError()
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    throw new MalformedUploadError('Send the files as multipart/form-data.')
  }
  const files: UploadedFile[] = []
  let total = 0
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const limit = filename !== undefined ? (limits[name] ?? 0) : FIELD_LIMIT
    const chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of data) {
      size += chunk.byteLength
      total += chunk.byteLength
      if (total > MAX_REQUEST_BYTES) throw new RequestTooLargeError()
      if (size <= limit) chunks.push(chunk)
    }
    if (filename === undefined) return size <= limit ? new TextDecoder().decode(concat(chunks)) : undefined
    // A file input left empty still sends a part with an empty file name.
    if (filename === '' && size === 0) return undefined
    files.push({ field: name, name: safeName(filename), bytes: size <= limit ? concat(chunks) : new Uint8Array(), oversize: size > limit, size })
    return undefined
  }
  let form: FormData
  try {
    form = await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw error
    throw new MalformedUploadError('The upload could not be read (the multipart body is malformed or was cut off).')
  }
  const fields = new Map<string, string[]>()
  for (const [key, value] of form) {
    if (typeof value === 'string') fields.set(key, [...(fields.get(key) ?? []), value])
  }
  return { files, fields }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

/** The base name of an uploaded file, without any path a browser or client may send, and without control characters. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200)
  return clean || 'unnamed'
}
