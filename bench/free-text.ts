import type { Answer } from '../app/answering/model'
import { GENERIC, terms } from '../app/answering/retrieval/terms'
import { isYesNoQuestion, type Question } from '../app/questionnaire/model'

/**
 * Free-text rows (issue 21 §4): questions that ask for text, scored against the vendor's own free-text answer.
 * The measure: the content terms of each text (stems and security concepts, without form words) and their overlap
 * coefficient, |A ∩ B| / min(|A|, |B|). An answer shares the reference's subject when that is at least
 * SHARES_SUBJECT. It says whether the answer is about the same thing, not whether it is as complete.
 */
export const SHARES_SUBJECT = 0.3

export interface FreeTextRow {
  id: string
  question: string
  reference: string
  answer: Answer
  overlap: number
}

export interface FreeTextScore {
  rows: number
  written: number
  unflagged: number
  /** Unflagged answers that share the reference's subject. */
  sharing: number
  /** Written answers, unflagged ones first, least overlap first. */
  worst: FreeTextRow[]
}

function content(text: string): Set<string> {
  return new Set(terms(text).filter((t) => !GENERIC.has(t)))
}

export function overlap(a: string, b: string): number {
  const x = content(a)
  const y = content(b)
  if (!x.size || !y.size) return 0
  let shared = 0
  for (const t of x) if (y.has(t)) shared++
  return shared / Math.min(x.size, y.size)
}

export function scoreFreeText(
  rows: { id: string; question: string; q?: Question; answer: Answer; key: string }[],
  reference: Map<string, string> | undefined,
): FreeTextScore | undefined {
  if (!reference?.size) return undefined
  const free: FreeTextRow[] = rows
    .filter((r) => r.q && r.q.kind === 'question' && !isYesNoQuestion(r.q) && reference.has(r.key))
    .map((r) => {
      const ref = reference.get(r.key)!
      const said = [r.answer.text, ...r.answer.citations.map((c) => c.quote)].join(' ')
      return { id: r.id, question: r.question, reference: ref, answer: r.answer, overlap: overlap(said, ref) }
    })
  const written = free.filter((r) => r.answer.label !== null)
  const unflagged = written.filter((r) => !r.answer.flagged)
  return {
    rows: free.length,
    written: written.length,
    unflagged: unflagged.length,
    sharing: unflagged.filter((r) => r.overlap >= SHARES_SUBJECT).length,
    worst: [...written].sort((a, b) => Number(a.answer.flagged) - Number(b.answer.flagged) || a.overlap - b.overlap),
  }
}

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : 'n/a')

/** Per set: free-text rows, written, unflagged, and the unflagged share that shares the reference's subject. */
export function formatFreeText(results: { name: string; score?: FreeTextScore }[], worst = 10): string {
  const lines = [
    "| set | free-text rows | written | unflagged | unflagged sharing the reference's subject |",
    '| --- | --- | --- | --- | --- |',
  ]
  for (const r of results) {
    if (!r.score) continue
    const s = r.score
    lines.push(
      `| ${r.name} | ${s.rows} | ${s.written} | ${s.unflagged} | ${s.sharing} (${pct(s.sharing, s.unflagged)}) |`,
    )
  }
  const all = results
    .flatMap((r) => (r.score ? r.score.worst.map((w) => ({ ...w, set: r.name })) : []))
    .sort((a, b) => Number(a.answer.flagged) - Number(b.answer.flagged) || a.overlap - b.overlap)
    .slice(0, worst)
  if (all.length)
    lines.push('', `Worst ${all.length} written free-text answers (unflagged first, least overlap first):`)
  for (const w of all)
    lines.push(
      `- ${w.set} ${w.id} (${w.answer.flagged ? 'flagged' : 'UNFLAGGED'}, overlap ${w.overlap.toFixed(2)}): ${w.question.replace(/\s+/g, ' ').slice(0, 90)}\n    answer: ${w.answer.text.replace(/\s+/g, ' ').slice(0, 120)}\n    vendor: ${w.reference.replace(/\s+/g, ' ').slice(0, 120)}`,
    )
  return lines.join('\n')
}
