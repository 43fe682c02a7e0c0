import { describe, expect, it } from 'vitest'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { RetryableError, type CompletionRequest, type LlmClient } from './client'
import { splitBatches } from './batching'
import { LlmEngine } from './engine'

/** A provider that takes at most `limit` calls at once and turns the next one away with a 429 (no Retry-After). */
function limitedProvider(limit: number, delayMs: number) {
  const stats = { inFlight: 0, peak: 0, served: 0, rejected: 0 }
  const client: LlmClient = {
    provider: 'fake',
    model: 'limited',
    async complete({ user }: CompletionRequest) {
      if (stats.inFlight >= limit) {
        stats.rejected++
        throw new RetryableError('fake answered HTTP 429', 429)
      }
      stats.inFlight++
      stats.peak = Math.max(stats.peak, stats.inFlight)
      await new Promise((r) => setTimeout(r, delayMs))
      stats.inFlight--
      stats.served++
      const keys = [...user.matchAll(/"key":"([^"]+)"/g)].map((m) => m[1]!)
      const answers = keys.map((key) => ({ key, label: 'NO', text: 'Not stated.', confidence: 0.2, citations: [] }))
      return { text: JSON.stringify({ answers }), usage: { input: 1, output: 1 } }
    },
  }
  return { client, stats }
}

describe('LLM engine concurrency', () => {
  const questions = Array.from({ length: 120 }, (_, i) =>
    yesNoQuestion(`Do you encrypt customer data at rest in region ${i + 1}?`, { key: `S!${i + 1}`, id: `Q${i + 1}` }),
  )
  const evidence = [evidenceDoc('policy.md', ['Customer data is encrypted at rest with AES-256.'])]

  it('settles on what the provider takes at once: no batch fails, no back-off sleeps, never more than it takes', async () => {
    const { client, stats } = limitedProvider(3, 40)
    const sleeps: number[] = []
    const engine = new LlmEngine(client, { batchSize: 10, concurrency: 15, sleep: async (ms) => void sleeps.push(ms) })
    const answers = await engine.answer(questionnaireOf(questions), evidence)
    expect(answers).toHaveLength(120)
    expect(engine.usage.failedBatches).toBe(0)
    expect(stats.served).toBe(12)
    expect(stats.peak).toBe(3)
    // Turned-away calls are retried when a slot frees, never after a back-off sleep.
    expect(sleeps).toEqual([])
    expect(stats.rejected).toBeLessThan(24)
    expect(answers.every((a) => !a.reasons.some((r) => r.includes('answered by the offline engine')))).toBe(true)
  })

  it('still waits as asked when the provider sends Retry-After', async () => {
    let calls = 0
    const client: LlmClient = {
      provider: 'fake',
      model: 'retry-after',
      async complete({ user }) {
        if (calls++ === 0) throw new RetryableError('fake answered HTTP 429', 429, 2)
        const keys = [...user.matchAll(/"key":"([^"]+)"/g)].map((m) => m[1]!)
        return {
          text: JSON.stringify({
            answers: keys.map((key) => ({ key, label: 'NO', text: '', confidence: 0.2, citations: [] })),
          }),
          usage: { input: 1, output: 1 },
        }
      },
    }
    const sleeps: number[] = []
    const engine = new LlmEngine(client, { batchSize: 200, concurrency: 1, sleep: async (ms) => void sleeps.push(ms) })
    await engine.answer(questionnaireOf(questions.slice(0, 5)), evidence)
    expect(sleeps).toEqual([2000])
  })

  it('splits into as few batches as the size allows, of equal size', () => {
    const sizes = (n: number, size: number) =>
      splitBatches(
        Array.from({ length: n }, (_, i) => i),
        size,
      ).map((b) => b.length)
    expect(sizes(45, 20)).toEqual([15, 15, 15])
    expect(sizes(41, 20)).toEqual([14, 14, 13])
    expect(sizes(20, 20)).toEqual([20])
    expect(sizes(0, 20)).toEqual([])
    expect(splitBatches([1, 2, 3, 4, 5], 2).flat()).toEqual([1, 2, 3, 4, 5])
  })
})
