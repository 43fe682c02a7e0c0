/**
 * A rough language check: enough to tell the user that a file is not in English (the offline engine matches
 * English questions word by word, so a Spanish overview cannot support its answers).
 */
const MARKERS: Record<string, string[]> = {
  English: ['the', 'and', 'of', 'to', 'is', 'are', 'with', 'that', 'for', 'our', 'we', 'this'],
  Spanish: ['el', 'la', 'los', 'las', 'de', 'del', 'que', 'y', 'en', 'para', 'con', 'por', 'una', 'es'],
  French: ['le', 'la', 'les', 'des', 'du', 'et', 'est', 'pour', 'avec', 'une', 'dans', 'nous', 'sont'],
  German: ['der', 'die', 'das', 'und', 'ist', 'mit', 'für', 'von', 'den', 'wir', 'nicht', 'eine', 'sind'],
  Portuguese: ['o', 'os', 'as', 'do', 'da', 'dos', 'e', 'em', 'para', 'com', 'uma', 'não', 'são'],
}

/** The language whose common words are most frequent in a sample of the text; undefined for too little text. */
export function guessLanguage(text: string): string | undefined {
  const words =
    text
      .slice(0, 200_000)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  if (words.length < 50) return undefined
  const counts = new Map<string, number>()
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
  let best: { lang: string; score: number } | undefined
  for (const [lang, markers] of Object.entries(MARKERS)) {
    const score = new Set(markers).size && markers.reduce((n, m) => n + (counts.get(m) ?? 0), 0) / words.length
    if (!best || score > best.score) best = { lang, score }
  }
  return best && best.score > 0.08 ? best.lang : undefined
}
