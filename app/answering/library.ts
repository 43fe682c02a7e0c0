import type { LibraryEntry } from '../evidence/model'
import { normalizeText } from '../evidence/text'
import type { Question } from '../questionnaire/model'
import { isYesNoQuestion } from '../questionnaire/model'
import { clipQuote } from './citations'
import type { Answer, AnswerLabel, Citation } from './model'
import { GENERIC, standardTokens, terms } from './retrieval/terms'
import { concepts } from './retrieval/vocabulary'
// Paraphrase-aware overlap (word vectors): the language engineer's call-site change, issue 21 §3.
import { termOverlap } from './retrieval/paraphrase.server'

/**
 * The company's earlier answered questionnaires: the first source. Questions are matched across versions and
 * families: the same family and id, confirmed by the text; otherwise by meaning (normalised text, concept overlap,
 * stems), and a match must agree on its subject (the security concepts and standards it names) and its polarity.
 */

export type MatchStrength = 'exact' | 'same-id' | 'near-exact' | 'similar'

export interface LibraryMatch {
  entry: LibraryEntry
  strength: MatchStrength
  /** Term overlap (Jaccard, 0-1) of the two questions. */
  similarity: number
  /** The earlier answer read as a label, or undefined when it is free text. */
  label?: AnswerLabel
}

/** Below this overlap two questions are not the same question, whatever their ids. */
const SAME_ID_MIN = 0.45
/** At or above this overlap (same family), the questions are worded alike enough to reuse without a check. */
const NEAR_EXACT = 0.8
/** At or above this overlap the earlier answer is offered, flagged for a person to check. */
const SIMILAR = 0.55

export const SIMILAR_REASON = 'matched an earlier answer to a similar question: check'

const LABELS: [RegExp, AnswerLabel][] = [
  [/^(?:y|yes|true|implemented|compliant|in place)\b/i, 'YES'],
  [/^(?:n|no|false|not implemented|non-?compliant)\b/i, 'NO'],
  [/^(?:n\/?a|not applicable)\b/i, 'N/A'],
  [/^partial/i, 'PARTIALLY'],
  [/^(?:planned|roadmap|in progress)\b/i, 'PLANNED'],
]

/** An answer cell's text as a label ("Yes", "No - see notes", "N/A"), or undefined for free text. */
export function labelOfCell(text: string): AnswerLabel | undefined {
  const t = text.trim().replace(/^\(?[0-9a-z]{1,2}[).:]\s*/i, '')
  return LABELS.find(([re]) => re.test(t))?.[1]
}

/** "HECVAT Full 3.04" → "hecvat"; "CAIQ v4" → "caiq": the family whose ids mean the same question across versions. */
export function family(kind: string | undefined): string {
  return (
    (kind ?? '')
      .trim()
      .split(/[\s_-]+/)[0]
      ?.toLowerCase() ?? ''
  )
}

const NEGATION =
  /\b(?:not|no|never|without|cannot|can't|don't|doesn't|isn't|aren't|won't|outside|unable|prohibit\w*)\b/gi

/** What a question is about: the security concepts and whole standards' names it mentions. */
export function subjectsOf(text: string): Set<string> {
  const out = new Set(concepts(text).ids)
  // A standard with no concept of its own (ISO 9001, SOC 1, PCI PIN) is a subject by its whole name.
  for (const token of standardTokens(text).match(
    /\b(?:iso|iec|soc|pci|nist|fips|ssae|sas|hitrust|cmmi|csastar)[a-z0-9]+\b/g,
  ) ?? []) {
    if (!concepts(token.replace(/^([a-z]+)(\d)/, '$1 $2')).ids.length) out.add(token)
  }
  return out
}

function polarityOf(text: string): number {
  return (text.match(NEGATION) ?? []).length % 2
}

function normal(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/^\s*(?:\(?[0-9a-z]{1,3}[.)]\s+)/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

interface Prepared {
  entry: LibraryEntry
  normal: string
  terms: Set<string>
  subjects: Set<string>
  polarity: number
  family: string
  label?: AnswerLabel
}

function contentTerms(text: string): Set<string> {
  return new Set(terms(text).filter((t) => !GENERIC.has(t)))
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x))
}

export class AnswerLibrary {
  private readonly entries: Prepared[]
  private readonly byId = new Map<string, Prepared[]>()

  /** `kind`: the kind of the questionnaire being answered, to compare ids within one family only. */
  constructor(
    entries: LibraryEntry[],
    private readonly kind?: string,
  ) {
    this.entries = entries.map((entry) => ({
      entry,
      normal: normal(entry.question),
      terms: contentTerms(entry.question),
      subjects: subjectsOf(entry.question),
      polarity: polarityOf(entry.question),
      family: family(entry.kind),
      label: labelOfCell(entry.answer),
    }))
    for (const p of this.entries) {
      if (!p.entry.id) continue
      const list = this.byId.get(p.entry.id.toUpperCase()) ?? []
      list.push(p)
      this.byId.set(p.entry.id.toUpperCase(), list)
    }
  }

  get size(): number {
    return this.entries.length
  }

  /**
   * The best earlier answer to this question, or undefined. `self` names the file the question itself lives in:
   * a row is never matched to its own earlier answer (an uploaded form's kept answers are library entries too).
   */
  match(q: Pick<Question, 'key' | 'id' | 'text'>, self?: string): LibraryMatch | undefined {
    const mine = {
      normal: normal(q.text),
      terms: contentTerms(q.text),
      subjects: subjectsOf(q.text),
      polarity: polarityOf(q.text),
    }
    const usable = (p: Prepared) =>
      !(self && p.entry.file === self && p.entry.key === q.key) && Boolean(p.entry.answer || p.entry.comment)
    const agrees = (p: Prepared) => sameSet(mine.subjects, p.subjects) && mine.polarity === p.polarity
    const myFamily = family(this.kind)
    let best: LibraryMatch | undefined
    const consider = (m: LibraryMatch) => {
      const rank = (x: LibraryMatch) =>
        ({ exact: 3, 'same-id': 2, 'near-exact': 1, similar: 0 })[x.strength] + x.similarity
      if (!best || rank(m) > rank(best)) best = m
    }
    for (const p of this.entries) {
      if (!usable(p)) continue
      if (p.normal === mine.normal && p.normal) {
        consider({ entry: p.entry, strength: 'exact', similarity: 1, label: p.label })
        continue
      }
      if (!agrees(p)) continue
      const similarity = termOverlap(mine.terms, p.terms)
      if (similarity >= NEAR_EXACT && myFamily && p.family === myFamily)
        consider({ entry: p.entry, strength: 'near-exact', similarity, label: p.label })
      else if (similarity >= SIMILAR) consider({ entry: p.entry, strength: 'similar', similarity, label: p.label })
    }
    // The same id in the same family is the same question when the text confirms it (versions reword a little).
    for (const p of this.byId.get(q.id.toUpperCase()) ?? []) {
      if (!usable(p) || !myFamily || p.family !== myFamily || !agrees(p)) continue
      const similarity = termOverlap(mine.terms, p.terms)
      if (similarity >= SAME_ID_MIN) consider({ entry: p.entry, strength: 'same-id', similarity, label: p.label })
    }
    return best
  }

  /**
   * The reused answer: the earlier label (for a Yes/No question) or text (for a free-text one), the earlier
   * explanation as its comment, cited to the cells. Exact and same-family near-exact matches stand; weaker ones are
   * flagged for a check. An earlier N/A or an earlier free-text answer to a Yes/No question is not reused.
   */
  answer(q: Question, self?: string): Answer | undefined {
    const m = this.match(q, self)
    if (!m) return undefined
    const { entry } = m
    const yesNo = isYesNoQuestion(q)
    if (yesNo && (!m.label || m.label === 'N/A')) return undefined
    if (!yesNo && !entry.answer && !entry.comment) return undefined
    const citations = libraryCitations(entry)
    if (!citations.length) return undefined
    const strong = m.strength === 'exact' || m.strength === 'same-id' || m.strength === 'near-exact'
    const text = yesNo
      ? (entry.comment ?? entry.answer)
      : [m.label ? '' : entry.answer, entry.comment ?? ''].filter(Boolean).join(' ') || entry.answer
    return {
      key: q.key,
      label: yesNo ? m.label! : 'YES',
      text,
      confidence: strong ? (m.strength === 'near-exact' ? 0.9 : 0.97) : 0.7,
      citations,
      flagged: !strong,
      reasons: strong
        ? []
        : [
            `${SIMILAR_REASON} ("${entry.question.replace(/\s+/g, ' ').slice(0, 90)}", ${entry.file}, ${entry.location})`,
          ],
      reusedFrom: `${entry.file}, ${entry.location}`,
      rules: [`library-${m.strength}`],
    }
  }
}

/** The answer cell (whole) and a verbatim span of the explanation cell (at most 180 characters). */
export function libraryCitations(entry: LibraryEntry): Citation[] {
  const out: Citation[] = []
  if (entry.answer && entry.location !== entry.commentLocation)
    out.push({ file: entry.file, location: entry.location, quote: clipQuote(normalizeText(entry.answer)) })
  if (entry.comment && entry.commentLocation)
    out.push({ file: entry.file, location: entry.commentLocation, quote: clipQuote(normalizeText(entry.comment)) })
  return out
}
