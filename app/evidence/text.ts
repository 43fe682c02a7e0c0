/** Whitespace-normalised, compatibility-normalised text: the form in which quotes are compared with their files. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim()
}

const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|inc|ltd|co|corp|vs|no|nos|dr|mr|mrs|ms|st|approx|fig|sec|u\.s|[a-z])\.$/i

/**
 * Splits prose into sentences, keeping each sentence's exact text. A sentence ends at . ! or ? followed by
 * white space (so "TLS 1.2" and "AES-256." stay whole), or at a line end; "e.g." and "Inc." do not end one.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  let start = 0
  for (const m of text.matchAll(/[.!?]+(?=\s|$)|\n/g)) {
    const end = m.index! + m[0].length
    if (m[0] !== '\n' && ABBREVIATION.test(text.slice(Math.max(start, end - 8), end))) continue
    const s = text.slice(start, end).trim()
    if (s) out.push(s)
    start = end
  }
  const rest = text.slice(start).trim()
  if (rest) out.push(rest)
  return out
}
