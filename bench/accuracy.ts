import { existsSync } from 'node:fs'
import { evidenceIndex, isVerbatim } from '../app/answering/citations'
import type { AnsweringEngine } from '../app/answering/model'
import { OfflineEngine } from '../app/answering/offline/engine'
import { extractEvidence } from '../app/evidence/extract.server'
import { evalRoot, loadSets, type BenchSet } from './sets'
import { scoreSet, side, type Scored, type SetScore } from './score'

export interface SetResult {
  set: BenchSet
  score?: SetScore
  rows: Scored[]
  ms: number
}

/**
 * The date the sets are judged as of: just after the newest evidence (Instructure's Security Overview, Dec 2024).
 * Judged by today's clock every audit period in the pack has lapsed, and the figures would measure the calendar.
 */
export const AS_OF = new Date('2025-01-01T00:00:00Z')

/** Runs an engine on every real set and scores it against the vendors' own answers. */
export async function runAccuracy(projectRoot: string, engine: AnsweringEngine = new OfflineEngine({ now: AS_OF })): Promise<SetResult[] | string> {
  const root = evalRoot(projectRoot)
  if (!existsSync(root)) return `skipped: ../shared/data/eval not found (looked in ${root})`
  const results: SetResult[] = []
  for (const set of loadSets(root)) {
    if (set.problem) {
      results.push({ set, rows: [], ms: 0 })
      continue
    }
    const started = performance.now()
    const evidence = await extractEvidence(set.evidence)
    const answers = await engine.answer(set.questionnaire, evidence)
    const ms = performance.now() - started
    const byKey = new Map(answers.map((a) => [a.key, a]))
    const rows: Scored[] = set.questionnaire.questions
      .filter((q) => q.kind === 'question')
      .map((q) => ({ key: q.key, id: q.id, question: q.text, truth: set.truth.get(q.key) ?? 'BLANK', answer: byKey.get(q.key)! }))
    const index = evidenceIndex(evidence)
    results.push({ set, rows, ms, score: scoreSet(rows, (c) => isVerbatim(index, c)) })
  }
  return results
}

const pct = (n: number | null) => (n === null ? '   n/a' : `${(n * 100).toFixed(1).padStart(5)} %`)

/**
 * One table: development sets, their pooled row, then held-out sets and theirs. Balanced accuracy (a) takes the
 * labels as written in the cells (the convention); (b) counts an answer only when it cites evidence.
 */
export function formatTable(results: SetResult[]): string {
  const head = ['set', 'questions', 'answered', 'yes/no', 'recall Yes', 'recall No', 'bal. acc. (a)', 'bal. acc. (b)', 'unflagged', 'prec. unflagged', 'flagged', 'invalid cit.', 'N/A rows matched', 'time']
  const lines = [head.join(' | '), head.map(() => '---').join(' | ')]
  const row = (name: string, s: SetScore, ms: number) =>
    [
      name,
      s.questions,
      s.answered,
      `${s.yes}/${s.no}`,
      pct(s.recallYes),
      pct(s.recallNo),
      pct(s.balancedAccuracy),
      pct(s.backed.balancedAccuracy),
      s.unflagged,
      pct(s.precisionUnflagged),
      pct(s.shareFlagged),
      `${s.invalidCitations} of ${s.citations}`,
      `${s.naMatched}/${s.naRows}`,
      `${(ms / 1000).toFixed(1)} s`,
    ].join(' | ')
  for (const heldOut of [false, true]) {
    const group = results.filter((r) => Boolean(r.set.heldOut) === heldOut)
    for (const r of group) lines.push(r.score ? row(r.set.name, r.score, r.ms) : [r.set.name, `not measured: ${r.set.problem}`].join(' | '))
    const pooled = pool(group)
    if (pooled) lines.push(row(`**${heldOut ? 'held-out' : 'development'} sets pooled**`, pooled, group.reduce((n, r) => n + r.ms, 0)))
  }
  return lines.map((l) => `| ${l} |`).join('\n')
}

/** All rows of a group scored as one set (citations were re-checked per set; their counts add up). */
export function pool(results: SetResult[]): SetScore | undefined {
  const scored = results.filter((r) => r.score)
  if (!scored.length) return undefined
  const s = scoreSet(scored.flatMap((r) => r.rows), () => true)
  s.invalidCitations = scored.reduce((n, r) => n + r.score!.invalidCitations, 0)
  return s
}

/** The wrong answers, unflagged ones first: what to read when a figure disappoints. */
export function failureCases(results: SetResult[], limit: number): string {
  const out: string[] = []
  for (const r of results) {
    const wrong = r.rows.filter((row) => (row.truth === 'YES' || row.truth === 'NO') && side(row.answer.label) !== row.truth)
    wrong.sort((a, b) => Number(a.answer.flagged) - Number(b.answer.flagged))
    if (!wrong.length) continue
    out.push(`\n## ${r.set.name}: ${wrong.length} wrong (${wrong.filter((w) => !w.answer.flagged).length} unflagged)`)
    for (const w of wrong.slice(0, limit)) {
      const c = w.answer.citations[0]
      out.push(
        `- ${w.id} truth ${w.truth}, answered ${w.answer.label} ${w.answer.flagged ? 'flagged' : 'UNFLAGGED'} ${w.answer.confidence.toFixed(2)}: ${w.question.replace(/\s+/g, ' ').slice(0, 110)}`,
      )
      if (c) out.push(`    "${c.quote.slice(0, 150)}" (${c.file}, ${c.location})`)
      if (w.answer.reasons.length) out.push(`    reasons: ${w.answer.reasons.join('; ').slice(0, 200)}`)
    }
  }
  return out.join('\n')
}
