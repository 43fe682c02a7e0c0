import { describe, expect, it } from 'vitest'
import {
  calibrate,
  FEATURE_NAMES,
  FEATURE_SIGNS,
  featuresOf,
  fitLogistic,
  fitsEngine,
  listedParts,
  MODEL,
  predict,
  RULE_CAPS,
  UNVERIFIED_CAP,
  withQuestion,
} from './calibration'
import type { Answer } from './model'

const answer = (extra: Partial<Answer> = {}): Answer => ({
  key: 'S!1',
  label: 'YES',
  text: 'Yes.',
  confidence: 0.8,
  citations: [{ file: 'p.pdf', location: 'page 1', quote: 'Backups are encrypted.' }],
  flagged: false,
  reasons: [],
  rule: 'evidence-yes',
  rules: ['evidence-yes', 'subject-own'],
  signals: { coverage: 0.7, margin: 0.1, agreeing: 1 },
  ...extra,
})

describe('calibrated confidence', () => {
  it('ships a model fitted on the features the engine computes (else: npm run calibrate)', () => {
    expect(fitsEngine(MODEL)).toBe(true)
    expect(MODEL.fittedOn.length).toBeGreaterThan(0)
  })

  it('scores only answers of the rules it models, and scoring twice gives the same answer', () => {
    const once = calibrate(answer())
    expect(once.signals?.score).toBe(0.8)
    expect(calibrate(once)).toEqual(once)
    expect(once.flagged).toBe(once.confidence < 0.85)
    const kept = answer({ rule: 'preexisting', confidence: 1 })
    expect(calibrate(kept)).toBe(kept)
    expect(featuresOf(answer({ label: null }))).toBeUndefined()
  })

  it('fits deterministically, and a feature that predicts errors lowers the probability', () => {
    const x = (hedged: number) => FEATURE_NAMES.map((f, i) => (i === 0 ? 1 : f === 'fired:hedge' ? hedged : 0))
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => ({ x: x(0), y: i < 38 ? 1 : 0 })),
      ...Array.from({ length: 10 }, (_, i) => ({ x: x(1), y: i < 3 ? 1 : 0 })),
    ]
    const w = fitLogistic(rows, 1)
    expect(fitLogistic(rows, 1)).toEqual(w)
    const model = { features: FEATURE_NAMES, weights: w, lambda: 1, fittedOn: [] }
    expect(predict(model, x(0))).toBeGreaterThan(0.85)
    expect(predict(model, x(1))).toBeLessThan(0.6)
    expect(predict(model, x(1))).toBeLessThan(predict(model, x(0)) - 0.3)
  })

  it('never lets leaning on context raise the odds, however the labelled answers fall; free features may go either way', () => {
    const at = (name: string) => FEATURE_NAMES.indexOf(name)
    const x = (context: number, listed: number) =>
      FEATURE_NAMES.map((f, i) =>
        i === 0 ? 1 : f === 'fired:leans-on-context' ? context : f === 'listed' ? listed : 0,
      )
    // A Yes-heavy set where answers that lean on context happen to be right more often, as in the vendor sets.
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => ({ x: x(0, 0), y: i < 30 ? 1 : 0 })),
      ...Array.from({ length: 40 }, (_, i) => ({ x: x(1, 1), y: i < 39 ? 1 : 0 })),
    ]
    const free = fitLogistic(
      rows,
      1,
      FEATURE_NAMES.map(() => 0),
    )
    expect(free[at('fired:leans-on-context')]).toBeGreaterThan(0)
    const held = fitLogistic(rows, 1)
    expect(held[at('fired:leans-on-context')]).toBe(0)
    expect(held[at('listed')]).toBeGreaterThan(free[at('listed')]!)
    expect(fitLogistic(rows, 1)).toEqual(held)
  })

  it('counts the things a question lists, and tells a stated rule from a described practice', () => {
    expect(listedParts('Do you encrypt backups?')).toBe(0)
    expect(listedParts('Are policies established, documented, approved and maintained?')).toBe(3)
    expect(listedParts('Do you scan hosts and/or containers?')).toBe(3)
    expect(withQuestion(answer(), 'Do you log access or changes?').signals?.listed).toBe(1)
    const examples = 'Do you log security events, such as authentication, data access, etc.?'
    expect(withQuestion(answer(), examples).signals?.listed).toBe(0)
    const at = (name: string, a: Answer) => featuresOf(a)![FEATURE_NAMES.indexOf(name)]
    expect(at('normative', answer())).toBe(0)
    const rule = { file: 'p.pdf', location: 'page 1', quote: 'Backups shall be encrypted.' }
    expect(at('normative', answer({ citations: [rule] }))).toBe(1)
    // A rule that states the whole question answers it as a description would: no penalty then.
    expect(at('normative', answer({ citations: [rule], signals: { coverage: 1, margin: 1, agreeing: 0 } }))).toBe(0)
    expect(at('fired:partial-coverage', answer({ rules: ['evidence-yes', 'partial-coverage'] }))).toBe(1)
  })

  it('counts a list only for a sentence that names more of the question than its subject', () => {
    const at = (a: Answer) => featuresOf(a)![FEATURE_NAMES.indexOf('listed')]
    const listed = withQuestion(answer(), 'Do kiosk passwords have length, reuse, history or expiry limits?')
    expect(at(listed)).toBe(1)
    // "Kiosk passwords are hashed": the subject alone, none of the limits the question lists.
    const subjectOnly = { ...listed, signals: { ...listed.signals, subjectOnly: true } }
    expect(at(subjectOnly)).toBe(0)
    // Its own feature, which may only lower the odds.
    const own = FEATURE_NAMES.indexOf('subject-only')
    expect(featuresOf(subjectOnly)![own]).toBe(1)
    expect(featuresOf(listed)![own]).toBe(0)
    expect(FEATURE_SIGNS[own]).toBe(-1)
  })

  it('lowers the odds as more of the question is words the evidence never uses (signals.unseen)', () => {
    const at = FEATURE_NAMES.indexOf('unseen')
    expect(FEATURE_SIGNS[at]).toBe(-1)
    const seen = answer({ signals: { coverage: 0.5, margin: 0.1, agreeing: 1, unseen: 0 } })
    const half = answer({ signals: { coverage: 0.5, margin: 0.1, agreeing: 1, unseen: 0.5 } })
    expect(featuresOf(half)![at]).toBe(0.5)
    // The shipped model learned it: the same answer to a question half of whose words the upload never uses is
    // likelier wrong.
    expect(MODEL.weights[at]).toBeLessThan(0)
    expect(calibrate(half).confidence).toBeLessThan(calibrate(seen).confidence)
  })

  it("keeps another product's unconfirmed earlier answer below the threshold, whatever the model says", () => {
    const earlier = answer({
      rule: 'library-exact',
      rules: ['library-exact', 'library-other-product'],
      citations: [{ file: 'old.xlsx', location: 'A1', quote: 'Yes' }],
      signals: { similarity: 1 },
      confidence: 0.97,
    })
    const sure = { ...MODEL, weights: MODEL.weights.map((_, i) => (i === 0 ? 10 : 0)) }
    expect(calibrate(earlier, sure).confidence).toBe(0.99)
    const flagged = calibrate({ ...earlier, reasons: ['earlier answer for Canvas LMS: check it applies'] }, sure)
    expect(flagged.confidence).toBe(Math.round(UNVERIFIED_CAP * 1000) / 1000)
    expect(flagged.flagged).toBe(true)
  })

  it('keeps the caps the rules set: a denial read from wording, a contradicted earlier answer', () => {
    const sure = { ...MODEL, weights: MODEL.weights.map((_, i) => (i === 0 ? 10 : 0)) }
    const denial = answer({ label: 'NO', rule: 'negation', rules: ['negation', 'wording-capped'] })
    expect(calibrate(denial, sure).confidence).toBe(RULE_CAPS['wording-capped'])
    const contradicted = answer({ rule: 'library-exact', rules: ['library-exact', 'library-contradicted'] })
    expect(calibrate(contradicted, sure).confidence).toBe(RULE_CAPS['library-contradicted'])
    expect(calibrate(answer(), sure).confidence).toBe(0.99)
  })

  it('never gives 0.85 or more to an answer flagged because its evidence hedges or contradicts itself', () => {
    const sure = { ...MODEL, weights: MODEL.weights.map((_, i) => (i === 0 ? 10 : 0)) }
    for (const rule of ['hedge', 'self-contradiction'] as const) {
      const weak = calibrate(answer({ rules: ['evidence-yes', rule], reasons: ['the evidence hedges'] }), sure)
      expect(weak.confidence, rule).toBeLessThan(0.85)
      expect(weak.flagged, rule).toBe(true)
    }
  })
})
