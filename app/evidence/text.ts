/** Whitespace-normalised, compatibility-normalised text: the form in which quotes are compared with their files. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim()
}

const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|etc|inc|ltd|co|corp|vs|no|nos|dr|mr|mrs|ms|st|approx|fig|sec|u\.s|[a-z])\.$/i

/**
 * Whether the stop ending at `end` (just after it) closes an abbreviation ("Inc.", "e.g.") rather than a sentence;
 * `from` is where the sentence began (nothing before it counts).
 */
export function endsAbbreviation(text: string, end: number, from = 0): boolean {
  return ABBREVIATION.test(text.slice(Math.max(from, end - 8), end))
}
/**
 * A list item's mark at the start of a line, with the white space around it: a bullet (a PDF gives Wingdings' round
 * bullet as "o"), a dash, or a number, letter or roman numeral with "." or ")". The one definition of a list mark:
 * sentence splitting starts an item at it, and retrieval leaves it out of quotes (the rest is still verbatim).
 */
export const LIST_MARK = /^\s*(?:[•·▪◦●○■□➢►✓✔‣∙*+]|[-–](?=\s)|o(?=\s)|\(?(?:\d{1,2}|[A-Za-z]|[ivx]{2,4})[.)](?=\s))\s*/
/** A line that starts a new item whatever came before: a list item, a table row, a heading or quote mark. */
const itemStart = (line: string) => LIST_MARK.test(line) || /^\s*[|#>]/.test(line)
/** Words a wrapped line can end on but a heading or a finished statement cannot. */
const CONTINUES =
  /\b(?:a|an|the|and|or|nor|of|to|in|on|at|by|for|with|from|into|via|as|is|are|was|were|be|that|which|who|whose|its|their|our|your|this|these|those|than|such|per|not|no|both|either|including)$/i
/** Above this length a line is body text wrapped by the layout, not a heading or a one-line statement. */
const WRAPPED_LINE = 60
/** Sentences joined across wrapped lines stop growing here (tables of contents and lists without stops). */
const MAX_JOINED = 400

/**
 * Splits prose into sentences, keeping each sentence's exact text. A sentence ends at . ! or ? followed by
 * white space (so "TLS 1.2" and "AES-256." stay whole; "e.g." and "Inc." do not end one), and at a line end that
 * is a real break: a blank line, a bullet or numbered item after it, or a short line (a heading, a list entry)
 * without a stop. Lines wrapped by a PDF or a text editor mid-sentence are joined back, so "...strictly on a
 * least-\nprivileged basis." is one sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  let start = 0
  const push = (end: number) => {
    const s = text.slice(start, end).trim()
    if (s) out.push(s)
    start = end
  }
  for (const m of text.matchAll(/[.!?]+(?=\s|$)|\n/g)) {
    const end = m.index! + m[0].length
    if (m[0] !== '\n') {
      if (!endsAbbreviation(text, end, start)) push(end)
      continue
    }
    if (hardBreak(text, start, m.index!)) push(end)
  }
  push(text.length)
  return out
}

/** Whether the line break at `at` ends the sentence that began at `start`. */
function hardBreak(text: string, start: number, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const line = text.slice(Math.max(lineStart, start), at).trim()
  const nextEnd = text.indexOf('\n', at + 1)
  const next = text.slice(at + 1, nextEnd < 0 ? text.length : nextEnd)
  if (!line) return true
  if (!next.trim() || itemStart(next)) return true
  if (at - start > MAX_JOINED) return true
  if (/[,;(/&-]$/.test(line) || CONTINUES.test(line)) return false
  // A table-of-contents or data line ends on a number after a dot leader or wide gap.
  if (/(?:\.{3,}|\s{3,})\s*\d+$/.test(line)) return true
  const startsLower = /^\s*[a-z(]/.test(next)
  if (startsLower) return false
  return text.slice(lineStart, at).trim().length <= WRAPPED_LINE || /[:!?]$/.test(line)
}
