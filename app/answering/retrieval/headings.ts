import type { Passage } from '../../evidence/model'
import { wordList } from './text'

/** Section headings: what the sentences under them are about, used as context rather than quoted as evidence. */

const HEADING_CHARS = 70

/**
 * A heading line: short, no closing stop, not a bullet; it names the section the next sentences belong to. A row
 * under a table's header row (its passage has that header as context) states what its cells say, however short: it
 * is never a heading.
 */
export function isHeading(text: string, passage?: Pick<Passage, 'context'>): boolean {
  if (passage?.context) return false
  const t = text.trim()
  if (t.length > HEADING_CHARS || /[.!?:;,]$/.test(t) || /^[•·▪◦●○■□*+\-–]/.test(t)) return false
  if (!/^[A-Z0-9]/.test(t) || /\s{3,}|\.{3,}/.test(t)) return false
  // Title case ("Backup and Recovery Practices") or a few words: a one-line statement without a stop is evidence.
  const all = wordList(t)
  const words = all.filter((w) => !SMALL_WORDS.has(w.toLowerCase()))
  const capitalised = words.filter((w) => /^[A-Z0-9(“"']/.test(w)).length
  if (words.length <= 3 || (words.length <= 9 && capitalised >= words.length * 0.75)) return true
  // Sentence-case headings ("Incident management and disaster recovery"): a few words with no verb or pronoun state
  // nothing, they name what follows.
  return words.length <= 7 && !all.some((w) => STATEMENT_WORDS.has(w.toLowerCase().replace(/[^a-z']/g, '')))
}

const STATEMENT_WORDS = new Set(
  wordList(`is are was were be been being has have had do does did will would can could must should may might shall we our
  us you your it its they their he she this that these those there not no all every each only`),
)

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'or',
  'of',
  'the',
  'to',
  'in',
  'on',
  'for',
  'with',
  'by',
  'at',
  'from',
  'vs',
  'via',
])

/** The heading path a location carries ("Security > Encryption"), or '' for page, line and cell locations. */
export function locationHeading(location: string): string {
  if (/^(?:page|line|paragraph) \d+$/i.test(location) || /![A-Z]+\d+$/.test(location)) return ''
  return location
}
