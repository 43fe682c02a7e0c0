import { existsSync } from 'node:fs'
import { evidenceIndex, isVerbatim } from '../app/answering/citations'
import type { AnsweringEngine } from '../app/answering/model'
import { OfflineEngine } from '../app/answering/offline/engine'
import { RULES } from '../app/answering/rulebook'
import { extractEvidence } from '../app/evidence/extract.server'
import { answeredQuestions } from '../app/pipeline/results'
import { answerQuestionnaire } from '../app/pipeline/run.server'
import { planWrites } from '../app/questionnaire/write/cell-writes'
import { readQuestionnaire } from '../app/questionnaire/parse.server'
import { scoreFreeText, type FreeTextScore } from './free-text'
import { evalRoot, loadLabelledSets, loadSets, productOf, type BenchSet } from './sets'
import { isRight, ratio, scoredRows, scoreSet, side, type Scored, type SetScore } from './score'

export interface SetResult {
  set: BenchSet
  score?: SetScore
  rows: Scored[]
  ms: number
  /** Cells that already held an answer and that the completed workbook would write: must be 0. */
  overwritten?: number
  /** Answers already in the file (the whole completed questionnaire uploaded as the questionnaire). */
  kept?: number
  /** Free-text rows against the vendor's own text. */
  freeText?: FreeTextScore
}

/**
 * The date the sets are judged as of: just after the newest evidence (Instructure's Security Overview, Dec 2024).
 * Judged by today's clock every audit period in the pack has lapsed, and the figures would measure the calendar.
 */
export const AS_OF = new Date('2025-01-01T00:00:00Z')

/** Runs an engine on every real set and the labelled open set, and scores it against the known answers. */
export async function runAccuracy(
  projectRoot: string,
  engine: AnsweringEngine = new OfflineEngine({ now: AS_OF }),
): Promise<{ results: SetResult[]; notes: string[] } | string> {
  const root = evalRoot(projectRoot)
  const notes: string[] = []
  const sets: BenchSet[] = []
  if (existsSync(root)) sets.push(...loadSets(root))
  else notes.push(`eval sets skipped: ../shared/data/eval not found (looked in ${root})`)
  const labelled = loadLabelledSets(projectRoot)
  sets.push(...labelled.sets)
  notes.push(...labelled.notes)
  if (!sets.length) return notes.join('\n')
  const results: SetResult[] = []
  for (const set of sets) {
    if (set.problem) {
      results.push({ set, rows: [], ms: 0 })
      continue
    }
    const started = performance.now()
    const evidence = await extractEvidence(set.evidence)
    // The engine sees the parsed questionnaire only (no answers): the vendor's answers stay in `truth`.
    const answers = await engine.answer(set.questionnaire, evidence, undefined, { product: productOf(set) })
    const ms = performance.now() - started
    const rows = scoredRows(set.questionnaire.questions, set.truth, answers)
    const index = evidenceIndex(evidence)
    const result: SetResult = {
      set,
      rows,
      ms,
      score: scoreSet(rows, (c) => isVerbatim(index, c)),
      freeText: scoreFreeText(rows, set.reference),
    }
    if (set.original && set.group === 'evidence') Object.assign(result, await overwriteCheck(set, evidence, engine))
    results.push(result)
  }
  return { results, notes }
}

/**
 * Uploads the completed questionnaire itself (every answer already filled) and counts the answer and comment cells
 * the completed workbook would write over: the contract says none.
 */
async function overwriteCheck(
  set: BenchSet,
  evidence: Awaited<ReturnType<typeof extractEvidence>>,
  engine: AnsweringEngine,
) {
  const { questionnaire, existing } = readQuestionnaire(set.original!.name, set.original!.bytes)
  const answers = await answerQuestionnaire({ questionnaire, existing, evidence, engine })
  const plan = planWrites(questionnaire, answeredQuestions(questionnaire, answers))
  let overwritten = 0
  for (const q of questionnaire.questions) {
    const had = existing.get(q.key)
    if (!had) continue
    const cells = plan.get(q.location.sheet)?.cells
    const refs = [
      had.answer ? q.location.answerCell : undefined,
      had.comment ? q.location.commentCell : undefined,
      ...(had.answer ? (q.location.markCells ?? []).map((m) => m.cell) : []),
    ]
    if (refs.some((ref) => ref && cells?.has(ref))) overwritten++
  }
  return { overwritten, kept: answers.filter((a) => a.preexisting).length }
}

const pct = (n: number | null) => (n === null ? 'n/a' : `${(n * 100).toFixed(1)} %`)
const GROUPS: [BenchSet['group'], string][] = [
  ['evidence', 'evidence only'],
  ['same-product', "with the same product's earlier answers to an earlier version of the form (answer library)"],
  ['library', "with a sister product's answered questionnaire (answer library)"],
  ['open', 'labelled against the evidence (open policies)'],
]

/** The main table: per set and pooled per group. */
export function formatTable(results: SetResult[]): string {
  const head = [
    'set',
    'questions',
    'yes/no rows',
    'written (coverage)',
    'precision written',
    'unflagged',
    'precision unflagged',
    'bal. acc.',
    'not stated left blank',
    'invalid cit.',
    'Yes/No on free text',
    'overwritten',
    'time',
  ]
  const lines = [head.join(' | '), head.map(() => '---').join(' | ')]
  const row = (name: string, s: SetScore, r: { ms: number; overwritten?: number; kept?: number }) =>
    [
      name,
      s.questions,
      `${s.yesNoRows} (${s.yes}/${s.no})`,
      `${s.written} (${pct(ratio(s.written, s.yesNoRows + s.notStated))})`,
      pct(ratio(s.writtenRight, s.written)),
      `${s.unflagged} (${pct(ratio(s.unflagged, s.yesNoRows + s.notStated))})`,
      pct(ratio(s.unflaggedRight, s.unflagged)),
      pct(s.balancedAccuracy),
      s.notStated ? `${s.notStatedBlank}/${s.notStated}` : '-',
      `${s.invalidCitations} of ${s.citations}`,
      s.yesNoOnFreeText,
      r.overwritten === undefined ? '-' : `${r.overwritten} (of ${r.kept} kept)`,
      `${(r.ms / 1000).toFixed(1)} s`,
    ].join(' | ')
  for (const [group, label] of GROUPS) {
    const members = results.filter((r) => r.set.group === group)
    if (!members.length) continue
    lines.push([`*${label}*`, ...head.slice(1).map(() => '')].join(' | '))
    for (const r of members)
      lines.push(r.score ? row(r.set.name, r.score, r) : [r.set.name, `not measured: ${r.set.problem}`].join(' | '))
    const pooled = pool(members)
    if (pooled && members.length > 1) {
      const overwritten = members.some((m) => m.overwritten !== undefined)
        ? members.reduce((n, m) => n + (m.overwritten ?? 0), 0)
        : undefined
      const kept = members.reduce((n, m) => n + (m.kept ?? 0), 0)
      lines.push(row(`**pooled (${label})**`, pooled, { ms: members.reduce((n, m) => n + m.ms, 0), overwritten, kept }))
    }
  }
  return lines.map((l) => `| ${l} |`).join('\n')
}

/** Confidence bands per set, as the engine wrote them (the shipped model). */
export function formatBands(results: SetResult[]): string {
  const head = ['set', '>= 0.85: answers, precision', '0.60-0.85', '< 0.60']
  const lines = [head.join(' | '), head.map(() => '---').join(' | ')]
  const b = (x: { answers: number; right: number }) => `${x.answers}, ${pct(ratio(x.right, x.answers))}`
  for (const r of results.filter((x) => x.score)) {
    const s = r.score!
    lines.push([r.set.name, b(s.bands.high), b(s.bands.medium), b(s.bands.low)].join(' | '))
  }
  return lines.map((l) => `| ${l} |`).join('\n')
}

/** How often each rule of the offline engine fires per set, and how often the answer it decides is right. */
export function formatRules(results: SetResult[]): string {
  const scored = results.filter((r) => r.score)
  const head = ['rule', ...scored.map((r) => r.set.name), 'sets fired on']
  const lines = [head.join(' | '), head.map(() => '---').join(' | ')]
  for (const rule of RULES) {
    let setsFired = 0
    const cells = scored.map((r) => {
      const fired = r.rows.filter((x) => x.answer.rules?.includes(rule.name))
      if (fired.length) setsFired++
      const judged = fired.filter((x) => x.truth === 'YES' || x.truth === 'NO' || x.truth === 'NOT_STATED')
      return fired.length ? `${fired.length} (${judged.filter(isRight).length}/${judged.length} right)` : '-'
    })
    lines.push([rule.name, ...cells, setsFired].join(' | '))
  }
  return lines.map((l) => `| ${l} |`).join('\n')
}

/** All rows of a group scored as one set (citations were re-checked per set; their counts add up). */
export function pool(results: SetResult[]): SetScore | undefined {
  const scored = results.filter((r) => r.score)
  if (!scored.length) return undefined
  const s = scoreSet(
    scored.flatMap((r) => r.rows),
    () => true,
  )
  s.invalidCitations = scored.reduce((n, r) => n + r.score!.invalidCitations, 0)
  return s
}

/** The wrong answers, unflagged ones first: what to read when a figure disappoints. */
export function failureCases(results: SetResult[], limit: number): string {
  const out: string[] = []
  for (const r of results) {
    const wrong = r.rows.filter(
      (row) =>
        (row.truth === 'YES' || row.truth === 'NO' || row.truth === 'NOT_STATED') &&
        side(row.answer.label) !== 'OTHER' &&
        !isRight(row),
    )
    wrong.sort((a, b) => Number(a.answer.flagged) - Number(b.answer.flagged))
    if (!wrong.length) continue
    out.push(
      `\n## ${r.set.name}: ${wrong.length} written wrong (${wrong.filter((w) => !w.answer.flagged).length} unflagged)`,
    )
    for (const w of wrong.slice(0, limit)) {
      const c = w.answer.citations[0]
      out.push(
        `- ${w.id} truth ${w.truth}, answered ${w.answer.label} ${w.answer.flagged ? 'flagged' : 'UNFLAGGED'} ${w.answer.confidence.toFixed(2)} [${(w.answer.rules ?? []).join(',')}]: ${w.question.replace(/\s+/g, ' ').slice(0, 110)}`,
      )
      if (c) out.push(`    "${c.quote.slice(0, 150)}" (${c.file}, ${c.location})`)
      if (w.answer.reasons.length) out.push(`    reasons: ${w.answer.reasons.join('; ').slice(0, 200)}`)
    }
  }
  return out.join('\n')
}
