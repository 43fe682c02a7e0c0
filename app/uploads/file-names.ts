/**
 * File names as browsers and HTTP clients send them in multipart headers: raw UTF-8 (browsers), Latin-1 (older
 * clients), RFC 5987 `filename*=charset''percent-encoded`, and quoted strings holding '=', ';' or '<'.
 */

export const FILE_NAME_MAX_CHARS = 150

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Header bytes as text: UTF-8 when they are valid UTF-8, else Latin-1 (every byte is a Latin-1 character). */
export function decodeHeaderValue(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  }
}

/** The `name` and `filename` of a Content-Disposition: form-data header; `filename*` (RFC 5987) wins. */
export function fileNameFromDisposition(header: string): { name: string | null; fileName: string | null } {
  const params = new Map<string, string>()
  // Parameters: key=token or key="quoted string" (backslash escapes); values may hold ';', '=' or '<'.
  const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g
  for (const m of header.matchAll(re)) {
    const key = m[1]!.toLowerCase()
    if (!params.has(key)) params.set(key, m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim())
  }
  const extended = params.get('filename*')
  let fileName = params.get('filename') ?? null
  if (extended) fileName = decodeRfc5987(extended) ?? fileName
  // Browsers percent-encode a few characters in quoted names (", CR, LF).
  if (fileName !== null && !extended) fileName = fileName.replace(/%22/g, '"').replace(/%0D/gi, '').replace(/%0A/gi, '')
  return { name: params.get('name') ?? null, fileName }
}

/** `UTF-8''na%C3%AFve.pdf` or `iso-8859-1'en'caf%E9.pdf`; null when malformed or of another charset. */
export function decodeRfc5987(value: string): string | null {
  const m = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value.trim())
  if (!m) return null
  const charset = m[1]!.toLowerCase()
  const bytes: number[] = []
  const text = m[2]!
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(text.charCodeAt(i) & 0xff)
  }
  const buf = Buffer.from(bytes)
  if (charset === 'utf-8' || charset === 'utf8') return decodeHeaderValue(buf)
  if (charset === 'iso-8859-1' || charset === 'latin1') return buf.toString('latin1')
  return null
}

/**
 * The base name of an uploaded file, without any path a client may send, without control or bidi-override
 * characters, and at most FILE_NAME_MAX_CHARS long: a long name is shortened in the middle so its extension
 * (which decides how the file is read) survives.
 */
export function safeName(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? ''
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  if (!clean || clean === '.' || clean === '..') return 'unnamed'
  const chars = [...clean]
  if (chars.length <= FILE_NAME_MAX_CHARS) return clean
  const dot = clean.lastIndexOf('.')
  const ext = dot > 0 && clean.length - dot <= 16 ? [...clean.slice(dot)] : []
  const stem = chars.slice(0, chars.length - ext.length)
  const room = FILE_NAME_MAX_CHARS - ext.length - 1
  return `${stem.slice(0, room).join('').trimEnd()}…${ext.join('')}`
}
