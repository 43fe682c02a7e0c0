import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FEATURE_NAMES, featuresOf, fitLogistic, type CalibrationModel } from '../app/answering/calibration'
import { OfflineEngine } from '../app/answering/offline/engine'
import { extractEvidence } from '../app/evidence/extract.server'
import { isRight, scoredRows, side, type Scored } from './score'
import { evalRoot, loadLabelledSets, loadSets, productOf, type BenchSet } from './sets'

/** The L2 penalty: strong enough that a feature seen on a handful of answers moves the probability little. */
export const LAMBDA = 1

export interface CalibrationRow {
  x: number[]
  y: number
  set: string
  /** Sets answering the same questionnaire share a fold: leaving one out leaves them all out. */
  fold: string
  /** The share of the fit it belongs to: its set's, or the set's it repeats (same questions and labels). */
  share: string
}

export function foldOf(set: BenchSet): string {
  return set.fold ?? set.original?.name ?? set.name
}

/** The scored answers the model learns from: written Yes/No verdicts on rows whose truth is known. */
export function calibrationRows(set: BenchSet, rows: Scored[]): CalibrationRow[] {
  const out: CalibrationRow[] = []
  if (set.measureOnly) return out
  for (const r of rows) {
    if (r.truth !== 'YES' && r.truth !== 'NO' && r.truth !== 'NOT_STATED') continue
    if (side(r.answer.label) === 'OTHER') continue
    const x = featuresOf(r.answer)
    if (x) out.push({ x, y: isRight(r) ? 1 : 0, set: set.name, fold: foldOf(set), share: set.repeats ?? set.name })
  }
  return out
}

/**
 * Every set weighs the same in the fit, however many answers it has: the large vendor sets (mostly Yes, where an
 * answer from a loosely related sentence is still "right") would otherwise drown the labelled sets where such an
 * answer is wrong. A set that repeats another's questions and labels with less evidence shares that set's weight
 * (ADR 041): weighed as a set of its own, its eight answers counted as much as a vendor set's hundred, and the same
 * labels twice.
 */
export function fitModel(rows: CalibrationRow[]): CalibrationModel {
  const sets = [...new Set(rows.map((r) => r.set))]
  const shares = [...new Set(rows.map((r) => r.share))]
  const count = new Map(shares.map((s) => [s, rows.filter((r) => r.share === s).length]))
  const weighted = rows.map((r) => ({ ...r, weight: rows.length / shares.length / count.get(r.share)! }))
  return {
    features: FEATURE_NAMES,
    weights: fitLogistic(weighted, LAMBDA),
    lambda: LAMBDA,
    fittedOn: sets.map((set) => {
      const mine = rows.filter((r) => r.set === set)
      return { set, answers: mine.length, right: mine.filter((r) => r.y === 1).length }
    }),
  }
}

/** `npm run calibrate`: answers every labelled development set, fits the model and writes calibration.json. */
async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  // Fitted on the open sets alone, the model would know nothing of the vendor sets: refuse rather than overwrite.
  if (!existsSync(evalRoot(root)))
    throw new Error(
      `npm run calibrate needs ../shared/data/eval (looked in ${evalRoot(root)}); calibration.json was left as it is`,
    )
  const sets = [...loadSets(evalRoot(root)), ...loadLabelledSets(root).sets].filter((s) => !s.problem)
  if (!sets.length) throw new Error('no labelled sets found: ../shared/data/eval is needed to calibrate')
  const rows: CalibrationRow[] = []
  for (const set of sets) {
    const evidence = await extractEvidence(set.evidence)
    // The features do not depend on the model in use, so the shipped one may stay in place while refitting.
    const answers = await new OfflineEngine({ now: new Date('2025-01-01T00:00:00Z') }).answer(
      set.questionnaire,
      evidence,
      undefined,
      { product: productOf(set) },
    )
    const scored = scoredRows(set.questionnaire.questions, set.truth, answers)
    rows.push(...calibrationRows(set, scored))
  }
  const model = fitModel(rows)
  const file = path.join(root, 'app/answering/calibration.json')
  writeFileSync(file, `${JSON.stringify(model, null, 2)}\n`)
  console.log(`calibrated on ${rows.length} answers from ${sets.length} sets; wrote ${path.relative(root, file)}`)
  for (const [i, name] of model.features.entries()) console.log(`  ${name.padEnd(34)} ${model.weights[i]!.toFixed(3)}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  await main().catch((error: unknown) => {
    // A message, not a stack: the reason is the user's to act on (a missing folder), not a fault in the script.
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
  })
