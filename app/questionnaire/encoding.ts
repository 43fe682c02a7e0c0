/** Encodings an uploaded text file (a CSV questionnaire, a text or Markdown file of evidence) is read in. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/** UTF-16 text has a zero byte in every other position; binary files have zeros anywhere. */
export function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  const n = Math.min(bytes.length - (bytes.length % 2), 4096)
  if (n < 4) return undefined
  let even = 0
  let odd = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++
    if (bytes[i + 1] === 0) odd++
  }
  const pairs = n / 2
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le'
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be'
  return undefined
}

/**
 * Decodes a text file's bytes: UTF-8 with or without BOM, UTF-16 (BOM or sniffed), else Windows-1252 (Excel's "CSV"
 * and Notepad's text on Windows): bytes that are no UTF-8 are never read as replacement characters.
 */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' }
  }
  const utf16 = sniffUtf16(bytes)
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes).replace(/^\uFEFF/, ''), encoding: utf16 }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' }
  }
}

// Node's TextDecoder treats windows-1252 as Latin-1, so 0x80-0x9F (€ ‘ ’ “ ” – — …) are mapped here.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'

function decodeWindows1252(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192)
    text += String.fromCharCode(...chunk).replace(/[\u0080-\u009F]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!)
  }
  return text
}
