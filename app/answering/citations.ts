import type { EvidenceDocument } from '../evidence/model'
import { normalizeText } from '../evidence/text'
import { MAX_QUOTE_CHARS, type Answer, type Citation } from './model'

/** Normalised full text of each evidence file, for checking that quotes are verbatim. */
export function evidenceIndex(docs: EvidenceDocument[]): Map<string, string> {
  return new Map(docs.map((d) => [d.file, normalizeText(d.passages.map((p) => p.text).join('\n'))]))
}

export function isVerbatim(index: Map<string, string>, citation: Citation): boolean {
  const text = index.get(citation.file)
  const quote = normalizeText(citation.quote)
  return Boolean(text && quote.length >= 8 && text.includes(quote))
}

/** Cuts a quote to at most 180 characters at a word boundary, keeping it a verbatim span. */
export function clipQuote(quote: string): string {
  const q = quote.replace(/\s+/g, ' ').trim()
  if (q.length <= MAX_QUOTE_CHARS) return q
  const cut = q.lastIndexOf(' ', MAX_QUOTE_CHARS)
  return q.slice(0, cut > MAX_QUOTE_CHARS / 2 ? cut : MAX_QUOTE_CHARS).trim()
}

/**
 * The rule every engine's output passes through: a citation stays only if its quote is verbatim text of the file
 * it names. Each dropped citation lowers confidence; an answer left with no citation is flagged.
 */
export function enforceVerbatim(answer: Answer, index: Map<string, string>): Answer {
  const kept: Citation[] = []
  let dropped = 0
  for (const c of answer.citations) {
    const clipped = { ...c, quote: clipQuote(c.quote) }
    if (isVerbatim(index, clipped)) kept.push(clipped)
    else dropped++
  }
  if (!dropped) return { ...answer, citations: kept }
  const reasons = [...answer.reasons, `${dropped} citation${dropped > 1 ? 's' : ''} not found verbatim in the evidence (removed)`]
  const confidence = Math.max(0, answer.confidence - 0.25 * dropped)
  return { ...answer, citations: kept, confidence, reasons, flagged: true }
}
