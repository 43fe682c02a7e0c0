/** Whitespace-normalised, compatibility-normalised text: the form in which quotes are compared with their files. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim()
}

/** Splits prose into sentences, keeping each sentence's exact text. */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  const re = /[^.!?\n]+(?:[.!?]+(?=\s|$)|\n|$)/g
  for (const m of text.matchAll(re)) {
    const s = m[0].trim()
    if (s) out.push(s)
  }
  return out
}
