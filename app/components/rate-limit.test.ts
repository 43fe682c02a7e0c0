import { describe, expect, it } from 'vitest'
import { countdownText, isRemixDataRequest, retryAfterSeconds, retryOn429 } from './rate-limit'

describe('429 in the browser', () => {
  it('reads Retry-After as seconds or a date, within bounds', () => {
    expect(retryAfterSeconds('12')).toBe(12)
    expect(retryAfterSeconds(new Date(61_000).toUTCString(), 1_000)).toBe(60)
    expect(retryAfterSeconds(null)).toBe(5)
    expect(retryAfterSeconds('soon')).toBe(5)
    expect(retryAfterSeconds('0')).toBe(1)
    expect(retryAfterSeconds('999999')).toBe(3600)
    expect(countdownText(10_500, 1_000)).toBe('Too many requests, retrying in 10 s')
    expect(countdownText(1_000, 5_000)).toBe('Too many requests, retrying in 1 s')
  })

  it('only Remix data requests on this origin are retried', () => {
    const origin = 'https://qfill.example'
    expect(isRemixDataRequest(new URL('https://qfill.example/jobs/x/review.data'), origin)).toBe(true)
    expect(isRemixDataRequest(new URL('https://qfill.example/upload?_data=routes%2Fupload'), origin)).toBe(true)
    expect(isRemixDataRequest(new URL('https://qfill.example/api/status/x'), origin)).toBe(false)
    expect(isRemixDataRequest(new URL('https://js.stripe.com/x.data'), origin)).toBe(false)
  })

  it('waits Retry-After, announces the countdown, and sends the same request again', async () => {
    const calls: { url: string; body: unknown }[] = []
    const statuses = [429, 429, 200]
    const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body })
      const status = statuses.shift()!
      return new Response(status === 200 ? 'ok' : null, { status, headers: { 'Retry-After': '3' } })
    }) as typeof fetch
    let now = 0
    const waits: number[] = []
    const announced: (number | null)[] = []
    const retrying = retryOn429(fakeFetch, {
      origin: 'https://qfill.example',
      announce: (until) => announced.push(until),
      clock: {
        now: () => now,
        setTimeout: (fn, ms) => {
          waits.push(ms)
          now += ms
          queueMicrotask(fn)
          return 0
        },
        clearTimeout: () => {},
      },
    })
    const form = new URLSearchParams({ intent: 'undo' })
    const response = await retrying('https://qfill.example/jobs/x/review.data', { method: 'POST', body: form })
    expect(response.status).toBe(200)
    expect(calls).toHaveLength(3)
    expect(calls.every((c) => c.body === form)).toBe(true)
    expect(waits).toEqual([3000, 3000])
    expect(announced).toEqual([3000, 6000, null])
    // Anything else is not retried.
    statuses.push(429)
    expect((await retrying('https://qfill.example/api/status/x')).status).toBe(429)
  })
})
