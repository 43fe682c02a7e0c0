import type { LibraryEntry } from '../../evidence/model'
import type { AnswerLabel, Answer, Citation } from '../model'
import { words } from './tokens'

const MIN_SIMILARITY = 0.8

const LABELS: [RegExp, AnswerLabel][] = [
  [/^(?:y|yes|true|implemented|compliant|in place)\b/i, 'YES'],
  [/^(?:n|no|false|not implemented|non-?compliant)\b/i, 'NO'],
  [/^(?:n\/?a|not applicable)\b/i, 'N/A'],
  [/^partial/i, 'PARTIALLY'],
  [/^(?:planned|roadmap|in progress)\b/i, 'PLANNED'],
]

/** Previously answered questions, matched to new ones by their words (order and punctuation aside). */
export class AnswerLibrary {
  private readonly entries: { entry: LibraryEntry; words: Set<string> }[]

  constructor(entries: LibraryEntry[]) {
    this.entries = entries.map((entry) => ({ entry, words: new Set(words(entry.question)) }))
  }

  /** The reused answer for a question, or undefined when no earlier question is close enough. */
  answer(key: string, question: string): Answer | undefined {
    const mine = new Set(words(question))
    let best: { entry: LibraryEntry; similarity: number } | undefined
    for (const { entry, words: theirs } of this.entries) {
      let shared = 0
      for (const w of mine) if (theirs.has(w)) shared++
      const similarity = shared / (mine.size + theirs.size - shared || 1)
      if (similarity >= MIN_SIMILARITY && (!best || similarity > best.similarity)) best = { entry, similarity }
    }
    if (!best) return undefined
    const { entry, similarity } = best
    const label = LABELS.find(([re]) => re.test(entry.answer))?.[1]
    const citations: Citation[] = []
    if (entry.answer) citations.push({ file: entry.file, location: entry.location, quote: entry.answer })
    // The comment sits in its own cell; the verbatim check corrects the location to where the quote really is.
    if (entry.comment) citations.push({ file: entry.file, location: entry.location, quote: entry.comment })
    const exact = similarity === 1
    return {
      key,
      label: label ?? 'YES',
      text: [label ? '' : entry.answer, entry.comment ?? ''].filter(Boolean).join(' ') || `${entry.answer}`,
      confidence: exact ? 0.95 : 0.8,
      citations,
      flagged: !exact,
      reasons: exact ? [] : [`reused the answer to a similar earlier question ("${entry.question.slice(0, 80)}")`],
      reusedFrom: `${entry.file}, ${entry.location}`,
    }
  }
}
