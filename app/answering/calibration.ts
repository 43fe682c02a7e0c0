import { FLAG_THRESHOLD, type Answer, type RuleName } from './model'
import shipped from './calibration.json' with { type: 'json' }
import { isOtherProductReason } from './library-rules'
import { questionParts } from './retrieval/query'
import { CONTRADICTED_CAP } from './offline/combine'
import { WORDING_CAP } from './offline/reading-rules'
import { STRONG_COVERAGE } from './offline/ask'
import { statesRule } from './offline/polarity'

/**
 * Calibrated confidence (issue 21 §1, ADRs 017 and 035): the probability that an answer is right, from what the engine
 * knows about it: the rule that decided it, the retrieval coverage and its margin over the runner-up, whether the
 * quote names the subject itself, agreeing passages, hedges and contradictions, how many things the question lists,
 * whether the quote states a rule rather than a practice, how much of the question the evidence never speaks of, and
 * for earlier answers the match kind, its similarity and whether it is another product's. A small L2-regularised
 * logistic model, fitted by `npm run calibrate` (bench/calibrate.ts) on the labelled development sets and stored in
 * calibration.json; the caps the rules set (RULE_CAPS) bound it.
 */

export interface CalibrationModel {
  features: string[]
  weights: number[]
  /** L2 penalty the weights were fitted with (the bias is not penalised). */
  lambda: number
  /** What it was fitted on: answers and right answers, per set. */
  fittedOn: { set: string; answers: number; right: number }[]
}

export const MODEL = shipped as CalibrationModel

/**
 * Deciding rules whose answers the model scores; every other answer keeps the confidence its rule gives. Left out:
 * rules with no labelled answers to learn from (a chosen list item, an unmet condition's N/A).
 */
const DECIDING: RuleName[] = [
  'evidence-yes',
  'negation',
  'limit',
  'plan',
  'performed-by-provider',
  'opposite-practice',
  'library-exact',
  'library-same-id',
  'library-near-exact',
  'library-similar',
]

/** Rules that fired on an answer, as features (each 0 or 1). */
const FIRED: RuleName[] = [
  'subject-own',
  'leans-on-context',
  'hedge',
  'self-contradiction',
  'kind-unstated',
  'free-text-unanswered',
  'data-held',
  'customer-actor',
  'leans-on-previous',
  'provider-holding',
  'library-other-product',
  'library-period',
  'library-confirmed',
  'library-contradicted',
  'partial-coverage',
]

/** List separators in a question: a list of practices dilutes coverage, so the model weighs coverage by it. */
const LIST_SEPARATORS = /,|\band\b|\bor\b|\/|;/gi
/** How many list separators the question holds, capped at 3 (answers.json signals.listed). */
export function listedParts(question: string): number {
  return Math.min(3, question.match(LIST_SEPARATORS)?.length ?? 0)
}

/**
 * The answer with the question's list count among its signals (the engine sets it before calibrating). Only the
 * asked part counts: an example list ("e.g., Duo, OTP") or the text after the question mark asks nothing more.
 */
export function withQuestion(a: Answer, question: string): Answer {
  return { ...a, signals: { ...a.signals, listed: listedParts(questionParts(question).asked) } }
}

export const FEATURE_NAMES = [
  'bias',
  ...DECIDING.map((r) => `rule:${r}`),
  ...FIRED.map((r) => `fired:${r}`),
  'score',
  'coverage',
  'margin',
  'agreeing',
  'similarity',
  'listed',
  'normative',
  'subject-only',
  'unseen',
]

/** The answer's features, or undefined when the model does not score answers of its deciding rule. */
export function featuresOf(a: Answer): number[] | undefined {
  if (!a.rule || !DECIDING.includes(a.rule) || a.label === null || !a.citations.length) return undefined
  const rules = new Set(a.rules ?? [])
  const s = a.signals ?? {}
  return [
    1,
    ...DECIDING.map((r) => (a.rule === r ? 1 : 0)),
    ...FIRED.map((r) => (rules.has(r) ? 1 : 0)),
    s.score ?? a.confidence,
    s.coverage ?? 0,
    s.margin ?? 0,
    Math.min(3, s.agreeing ?? 0) / 3,
    s.similarity ?? 0,
    // A list dilutes coverage only where the sentence names some of it: one naming the subject alone covers no item.
    s.subjectOnly ? 0 : (s.listed ?? 0) / 3,
    // The deciding sentence itself where the engine read one; else its quote.
    (s.normative ?? statesRule(a.citations[0]!.quote)) && (s.coverage ?? 0) < STRONG_COVERAGE ? 1 : 0,
    s.subjectOnly ? 1 : 0,
    s.unseen ?? 0,
  ]
}

/** Whether the model was fitted on the features the engine computes now. */
export function fitsEngine(model: CalibrationModel): boolean {
  return model.features.length === FEATURE_NAMES.length && model.features.every((f, i) => f === FEATURE_NAMES[i])
}

export function predict(model: CalibrationModel, x: number[]): number {
  if (model.features.length !== x.length)
    throw new Error('calibration.json does not match the engine: run npm run calibrate')
  let z = 0
  for (let i = 0; i < x.length; i++) z += model.weights[i]! * x[i]!
  return 1 / (1 + Math.exp(-z))
}

/** The reason that only explained a low hand-set score; it goes when the calibrated confidence is high. */
export const PARTIAL_REASON = 'the evidence covers only part of the question'

/**
 * Below the threshold whatever the model says: another product's earlier answer that no document confirmed for this
 * product. The model can only learn how often sister products answered alike on the development sets (about nine in
 * ten); whether this product does is exactly what the user is asked to check, so the confidence does not claim it.
 */
export const UNVERIFIED_CAP = FLAG_THRESHOLD - 0.01

/**
 * The caps the rules themselves set survive calibration (ADR 035): a rule that sends the answer to a person to
 * confirm (a denial read from wording, a kind the evidence does not state, a period that has passed, a document that
 * contradicts the earlier answer) is not contradicted by a confidence that says no check is needed. On the
 * development sets these answers are right 50-80 % of the time, far below what 0.85 promises.
 */
export const RULE_CAPS: Partial<Record<RuleName, number>> = {
  // The evidence itself is weak: it hedges ("where feasible"), or close passages point different ways. The answer is
  // flagged for that; a confidence of 0.85 or more would say the opposite.
  hedge: FLAG_THRESHOLD - 0.01,
  'self-contradiction': FLAG_THRESHOLD - 0.01,
  'wording-capped': WORDING_CAP,
  'threshold-unmet': WORDING_CAP,
  'period-unstated': FLAG_THRESHOLD - 0.01,
  'cut-off': FLAG_THRESHOLD - 0.01,
  'denies-other': FLAG_THRESHOLD - 0.01,
  'kind-unstated': FLAG_THRESHOLD - 0.01,
  'scope-unstated': FLAG_THRESHOLD - 0.01,
  'practice-unstated': FLAG_THRESHOLD - 0.01,
  'document-unstated': FLAG_THRESHOLD - 0.01,
  'clause-unstated': FLAG_THRESHOLD - 0.01,
  'purpose-unstated': FLAG_THRESHOLD - 0.01,
  'basis-unstated': FLAG_THRESHOLD - 0.01,
  'neighbour-denies': FLAG_THRESHOLD - 0.01,
  'round-the-clock-unstated': FLAG_THRESHOLD - 0.01,
  'other-holder': FLAG_THRESHOLD - 0.01,
  'provider-performs': FLAG_THRESHOLD - 0.01,
  'answer-word-opens': FLAG_THRESHOLD - 0.01,
  'other-participle': FLAG_THRESHOLD - 0.01,
  'listed-as-excluded': FLAG_THRESHOLD - 0.01,
  'complement-unstated': FLAG_THRESHOLD - 0.01,
  'denied-elsewhere': FLAG_THRESHOLD - 0.01,
  'limited-nearby': FLAG_THRESHOLD - 0.01,
  'place-wider': FLAG_THRESHOLD - 0.01,
  'number-as-date': FLAG_THRESHOLD - 0.01,
  'own-staff-only': FLAG_THRESHOLD - 0.01,
  'general-advice': FLAG_THRESHOLD - 0.01,
  'scope-narrower': FLAG_THRESHOLD - 0.01,
  'version-other': FLAG_THRESHOLD - 0.01,
  'only-other-party': FLAG_THRESHOLD - 0.01,
  'name-unstated': FLAG_THRESHOLD - 0.01,
  'occurrence-unstated': FLAG_THRESHOLD - 0.01,
  'predicate-unstated': FLAG_THRESHOLD - 0.01,
  'manner-unstated': FLAG_THRESHOLD - 0.01,
  'instances-unstated': FLAG_THRESHOLD - 0.01,
  'compound-unstated': FLAG_THRESHOLD - 0.01,
  'parts-unstated': FLAG_THRESHOLD - 0.01,
  'compound-elsewhere': FLAG_THRESHOLD - 0.01,
  'supposed-only': FLAG_THRESHOLD - 0.01,
  'ability-not-rule': FLAG_THRESHOLD - 0.01,
  'recipient-unstated': FLAG_THRESHOLD - 0.01,
  'customer-rules-unstated': FLAG_THRESHOLD - 0.01,
  'acronym-unstated': FLAG_THRESHOLD - 0.01,
  'rule-not-record': FLAG_THRESHOLD - 0.01,
  'one-word-question': FLAG_THRESHOLD - 0.01,
  'title-only': FLAG_THRESHOLD - 0.01,
  'topic-only': FLAG_THRESHOLD - 0.01,
  instruction: FLAG_THRESHOLD - 0.01,
  'past-practice': FLAG_THRESHOLD - 0.01,
  'party-unstated': FLAG_THRESHOLD - 0.01,
  'holder-unstated': FLAG_THRESHOLD - 0.01,
  'head-unseen': FLAG_THRESHOLD - 0.01,
  'key-word-elsewhere': FLAG_THRESHOLD - 0.01,
  'verb-elsewhere': FLAG_THRESHOLD - 0.01,
  'note-referenced': FLAG_THRESHOLD - 0.01,
  'clause-excepted': FLAG_THRESHOLD - 0.01,
  'other-able': FLAG_THRESHOLD - 0.01,
  'severity-other': FLAG_THRESHOLD - 0.01,
  'some-of-all': FLAG_THRESHOLD - 0.01,
  'responsibility-other': FLAG_THRESHOLD - 0.01,
  'workforce-other': FLAG_THRESHOLD - 0.01,
  'subject-denied': FLAG_THRESHOLD - 0.01,
  'figure-unstated': FLAG_THRESHOLD - 0.01,
  'permission-unstated': FLAG_THRESHOLD - 0.01,
  'row-only': FLAG_THRESHOLD - 0.01,
  'answers-other-question': FLAG_THRESHOLD - 0.01,
  'edition-unstated': FLAG_THRESHOLD - 0.01,
  'described-elsewhere': FLAG_THRESHOLD - 0.01,
  'one-named': FLAG_THRESHOLD - 0.01,
  'threshold-some-columns': FLAG_THRESHOLD - 0.01,
  'duration-other-act': FLAG_THRESHOLD - 0.01,
  'asked-whether': FLAG_THRESHOLD - 0.01,
  'permission-capped': FLAG_THRESHOLD - 0.01,
  'question-denies': FLAG_THRESHOLD - 0.01,
  'labelled-part': FLAG_THRESHOLD - 0.01,
  'second-question': FLAG_THRESHOLD - 0.01,
  'refers-to-earlier': FLAG_THRESHOLD - 0.01,
  'free-text-unanswered': FLAG_THRESHOLD - 0.01,
  'library-period': FLAG_THRESHOLD - 0.01,
  'library-contradicted': CONTRADICTED_CAP,
}

/** The lowest cap that applies to an answer (1 when none does). */
export function capOf(a: Answer): number {
  const caps = (a.rules ?? []).map((r) => RULE_CAPS[r] ?? 1)
  if (a.reasons.some(isOtherProductReason)) caps.push(UNVERIFIED_CAP)
  return Math.min(1, ...caps)
}

/** The model's probability for an answer (capped as above), or undefined when the model does not score it. */
export function probability(a: Answer, model: CalibrationModel = MODEL): number | undefined {
  const x = featuresOf(a)
  if (!x || !fitsEngine(model)) return undefined
  return Math.min(predict(model, x), capOf(a))
}

/** The answer with the model's confidence (3 decimals, 0.05-0.99); answers the model does not score are unchanged. */
export function calibrate(a: Answer, model: CalibrationModel = MODEL): Answer {
  const p = probability(a, model)
  // Not fitted for these features (a new feature before `npm run calibrate` ran): answers keep their rule's score.
  // calibration.test.ts fails while the shipped model is stale, so this never ships unnoticed.
  if (p === undefined) return a
  const confidence = Math.round(Math.min(0.99, Math.max(0.05, p)) * 1000) / 1000
  const reasons = a.reasons.filter((r) => r !== PARTIAL_REASON)
  if (confidence < FLAG_THRESHOLD && (a.rules ?? []).includes('partial-coverage')) reasons.push(PARTIAL_REASON)
  // The rule's own score stays a feature: scoring the answer again gives the same confidence.
  const signals = { ...a.signals, score: a.signals?.score ?? a.confidence }
  return { ...a, confidence, reasons, signals, flagged: reasons.length > 0 || confidence < FLAG_THRESHOLD }
}

/** Reasons that only say the confidence is low: a refit that raises the confidence removes them. */
export function isScoreReason(reason: string): boolean {
  return reason === PARTIAL_REASON || /^confidence \d+ % is below \d+ %$/.test(reason)
}

/**
 * The direction each feature may move the probability, where the engine knows it: a match that leans on neighbouring
 * sentences, a hedge or a contradiction never makes an answer likelier to be right, nor does more coverage make it
 * less likely. Left free (0): the deciding rule, and features whose direction is an empirical question (how many
 * things the question lists, policy wording, which data or actor the question asks about).
 */
const SIGN: Record<string, 1 | -1> = {
  'fired:subject-own': 1,
  'fired:leans-on-context': -1,
  'fired:hedge': -1,
  'fired:self-contradiction': -1,
  'fired:kind-unstated': -1,
  'fired:free-text-unanswered': -1,
  'fired:leans-on-previous': -1,
  'fired:library-other-product': -1,
  'fired:library-period': -1,
  'fired:library-confirmed': 1,
  'fired:library-contradicted': -1,
  'fired:partial-coverage': -1,
  'subject-only': -1,
  unseen: -1,
  score: 1,
  coverage: 1,
  margin: 1,
  agreeing: 1,
  similarity: 1,
}
export const FEATURE_SIGNS: number[] = FEATURE_NAMES.map((f) => SIGN[f] ?? 0)

/**
 * Fits the logistic model (see newton) with each weight on the side FEATURE_SIGNS allows: a weight fitted on the
 * wrong side is held at zero and the rest refitted, until none is (an active set; deterministic). Without the
 * constraint the Yes-heavy vendor sets teach the model that leaning on context raises the odds, which holds only
 * where almost every answer is Yes.
 */
export function fitLogistic(
  rows: { x: number[]; y: number; weight?: number }[],
  lambda: number,
  signs: number[] = FEATURE_SIGNS,
): number[] {
  const held = new Set<number>()
  for (;;) {
    const w = newton(rows, lambda, held)
    const wrong = w.flatMap((v, i) => (signs[i]! * v < 0 && !held.has(i) ? [i] : []))
    if (!wrong.length) return w
    for (const i of wrong) held.add(i)
  }
}

/**
 * Newton's method from zero weights (deterministic: the same rows give the same weights), with an L2 penalty on
 * every weight but the bias so that rare features stay near zero; the `held` weights stay at zero.
 */
function newton(rows: { x: number[]; y: number; weight?: number }[], lambda: number, held: Set<number>): number[] {
  const d = FEATURE_NAMES.length
  let w = new Array<number>(d).fill(0)
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0)
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0))
    for (const { x, y, weight = 1 } of rows) {
      let z = 0
      for (let i = 0; i < d; i++) z += w[i]! * x[i]!
      const p = 1 / (1 + Math.exp(-z))
      const r = weight * p * (1 - p)
      for (let i = 0; i < d; i++) {
        if (!x[i]) continue
        grad[i]! += weight * (p - y) * x[i]!
        for (let j = 0; j < d; j++) if (x[j]) hess[i]![j]! += r * x[i]! * x[j]!
      }
    }
    for (let i = 1; i < d; i++) {
      grad[i]! += lambda * w[i]!
      hess[i]![i]! += lambda
    }
    hess[0]![0]! += 1e-6
    // A held weight stays at zero: its row and column leave the system.
    for (const i of held) {
      grad[i] = 0
      for (let j = 0; j < d; j++) hess[i]![j] = hess[j]![i] = 0
      hess[i]![i] = 1
    }
    const step = solve(hess, grad)
    w = w.map((v, i) => v - step[i]!)
    if (Math.max(...step.map(Math.abs)) < 1e-9) break
  }
  return w.map((v) => Math.round(v * 1e6) / 1e6)
}

/** Gaussian elimination with partial pivoting: solves A s = b. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i]!])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r
    ;[m[c], m[p]] = [m[p]!, m[c]!]
    const pivot = m[c]![c]! || 1e-12
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const f = m[r]![c]! / pivot
      if (f) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12))
}
