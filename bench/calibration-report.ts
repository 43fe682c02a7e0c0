import { FLAG_THRESHOLD } from '../app/answering/model'
import { isScoreReason, probability } from '../app/answering/calibration'
import { calibrationRows, fitModel, foldOf } from './calibrate'
import type { SetResult } from './accuracy'
import type { BenchSet } from './sets'
import { isRight, side } from './score'

/** Reliability bands: confidence ranges and the share of answers in each that were right. */
const BANDS: [number, number][] = [
  [0, 0.5],
  [0.5, 0.7],
  [0.7, 0.85],
  [0.85, 0.95],
  [0.95, 1.01],
]

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : 'n/a')

/**
 * Leave-one-set-out (issue 21 §1): for each set, the model is fitted by the same code as `npm run calibrate` on the
 * other sets (every set answering the same questionnaire left out with it), then scores this set's answers. Prints
 * the reliability table and, at the 0.85 threshold, the precision of answers at or above it and the share of
 * Yes/No rows left unflagged (at or above it with no other flag).
 */
export function formatLeaveOneOut(results: SetResult[]): string {
  return leaveOut(results, foldOf, 'set (left out)')
}

/**
 * Leave-one-company-out: the model fitted without any set answered from the same company's papers. Leaving one set
 * out keeps the others of its company, which share its evidence; a new user's questionnaire and papers are new to the
 * model on both counts, and this is the figure closer to it.
 */
export function formatLeaveCompanyOut(results: SetResult[]): string {
  // Every library set is one company's (Instructure): without it the fit has no library answer to learn from.
  const shown = (set: BenchSet) => set.group === 'evidence' || set.group === 'open'
  const skipped = results.filter((r) => !shown(r.set)).length
  const table = leaveOut(results, (set) => set.company, 'set (its company left out)', shown)
  return skipped
    ? `${table}\n\nThe ${skipped} library sets are not listed: all are one company's, so without it the fit holds no library answer.`
    : table
}

function leaveOut(
  results: SetResult[],
  groupOf: (set: BenchSet) => string,
  title: string,
  shown: (set: BenchSet) => boolean = () => true,
): string {
  const scored = results.filter((r) => r.score && r.rows.length)
  const all = scored.flatMap((r) => calibrationRows(r.set, r.rows).map((row) => ({ row, group: groupOf(r.set) })))
  const models = new Map<string, ReturnType<typeof fitModel>>()
  const modelWithout = (group: string) => {
    if (!models.has(group)) models.set(group, fitModel(all.filter((x) => x.group !== group).map((x) => x.row)))
    return models.get(group)!
  }
  const head = [
    title,
    ...BANDS.map(([lo, hi]) => `${lo.toFixed(2)}-${Math.min(hi, 1).toFixed(2)}`),
    '>= 0.85: answers, right',
    'unflagged at 0.85: share of rows, right',
  ]
  const lines = [head.join(' | '), head.map(() => '---').join(' | ')]
  for (const r of scored) {
    if (!shown(r.set)) continue
    const model = modelWithout(groupOf(r.set))
    const judged = r.rows
      .filter((x) => x.truth === 'YES' || x.truth === 'NO' || x.truth === 'NOT_STATED')
      .flatMap((x) => {
        if (side(x.answer.label) === 'OTHER') return []
        const p = probability(x.answer, model) ?? x.answer.confidence
        const hard = x.answer.reasons.filter((reason) => !isScoreReason(reason))
        return [{ p, right: isRight(x), unflagged: p >= FLAG_THRESHOLD && !hard.length }]
      })
    const denominator = r.score!.yesNoRows + r.score!.notStated
    const high = judged.filter((j) => j.p >= FLAG_THRESHOLD)
    const unflagged = judged.filter((j) => j.unflagged)
    lines.push(
      [
        r.set.name,
        ...BANDS.map(([lo, hi]) => {
          const inBand = judged.filter((j) => j.p >= lo && j.p < hi)
          return inBand.length ? `${inBand.length}, ${pct(inBand.filter((j) => j.right).length, inBand.length)}` : '-'
        }),
        `${high.length}, ${pct(high.filter((j) => j.right).length, high.length)}`,
        `${unflagged.length} (${pct(unflagged.length, denominator)}), ${pct(unflagged.filter((j) => j.right).length, unflagged.length)}`,
      ].join(' | '),
    )
  }
  return lines.map((l) => `| ${l} |`).join('\n')
}
