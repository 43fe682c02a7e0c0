import type { EvidenceDocument } from '../evidence/model'
import { normalizeText } from '../evidence/text'
import { MAX_QUOTE_CHARS, type Answer, type Citation } from './model'

/** One evidence file's text in the form quotes are checked against, with where each passage starts. */
export interface FileText {
  text: string
  starts: number[]
  locations: string[]
  /** Whole passages by location: a short spreadsheet cell ("Yes") may be quoted whole. */
  cells: Map<string, string>
}

export type EvidenceIndex = Map<string, FileText>

const MIN_QUOTE_CHARS = 8

/** Normalised full text of each evidence file, for checking that quotes are verbatim. */
export function evidenceIndex(docs: EvidenceDocument[]): EvidenceIndex {
  const index: EvidenceIndex = new Map()
  for (const d of docs) {
    const starts: number[] = []
    const locations: string[] = []
    const cells = new Map<string, string>()
    let text = ''
    for (const p of d.passages) {
      const norm = normalizeText(p.text)
      if (!norm) continue
      if (text) text += ' '
      starts.push(text.length)
      locations.push(p.location)
      cells.set(p.location, norm)
      text += norm
    }
    index.set(d.file, { text, starts, locations, cells })
  }
  return index
}

/**
 * Where a quote really is: the location of the passage it starts in, or undefined when it is not verbatim text of
 * the cited file. Quotes shorter than 8 characters only count when they are a whole passage (a cell) at the cited
 * location, so "Yes" cannot be "found" anywhere in a file.
 */
export function locateQuote(index: EvidenceIndex, citation: Citation): string | undefined {
  const file = index.get(citation.file)
  const quote = normalizeText(citation.quote)
  if (!file || !quote) return undefined
  if (quote.length < MIN_QUOTE_CHARS) return file.cells.get(citation.location) === quote ? citation.location : undefined
  if (file.cells.get(citation.location)?.includes(quote)) return citation.location
  const at = file.text.indexOf(quote)
  if (at < 0) return undefined
  let lo = 0
  let hi = file.starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (file.starts[mid]! <= at) lo = mid
    else hi = mid - 1
  }
  return file.locations[lo]
}

export function isVerbatim(index: EvidenceIndex, citation: Citation): boolean {
  return locateQuote(index, citation) !== undefined
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
 * it names (its location is corrected to where the quote really is). Each dropped citation lowers confidence and
 * flags the answer.
 */
export function enforceVerbatim(answer: Answer, index: EvidenceIndex): Answer {
  const kept: Citation[] = []
  let dropped = 0
  for (const c of answer.citations) {
    const clipped = { ...c, quote: clipQuote(c.quote) }
    const location = locateQuote(index, clipped)
    if (location === undefined) dropped++
    else if (!kept.some((k) => k.file === c.file && k.quote === clipped.quote)) kept.push({ ...clipped, location })
  }
  if (!dropped) return { ...answer, citations: kept }
  const reasons = [
    ...answer.reasons,
    `${dropped} citation${dropped > 1 ? 's' : ''} not found verbatim in the evidence (removed)`,
  ]
  const confidence = Math.max(0, answer.confidence - 0.25 * dropped)
  return { ...answer, citations: kept, confidence, reasons, flagged: true }
}
