import { describe, expect, it } from 'vitest'
import { calibrate, FEATURE_NAMES, featuresOf, fitLogistic, fitsEngine, MODEL, predict } from './calibration'
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
})
