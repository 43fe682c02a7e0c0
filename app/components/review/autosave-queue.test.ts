import { describe, expect, it } from 'vitest'
import type { BatchResult } from '../../review/batch.server'
import { AutosaveQueue, type Clock, type QueueStatus, type RowDraft, type SendOutcome } from './autosave-queue'

/** A clock the test moves by hand: timers run only when `advance` passes their time. */
function manualClock() {
  let now = 0
  let next = 0
  const timers = new Map<number, { at: number; fn: () => void }>()
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(++next, { at: now + ms, fn })
      return next
    },
    clearTimeout: (id) => void timers.delete(id as number),
  }
  async function advance(ms: number) {
    const end = now + ms
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      timers.delete(due[0])
      now = Math.max(now, due[1].at)
      due[1].fn()
      await new Promise((r) => setTimeout(r, 0))
    }
    now = end
  }
  return { clock, advance }
}

const result = (keys: string[]): BatchResult =>
  ({
    rows: keys.map((key) => ({ key })),
    invalid: [],
    counts: {},
    revision: 1,
    pending: true,
    lastChange: null,
  }) as never

function setup(responses: SendOutcome[]) {
  const { clock, advance } = manualClock()
  const sent: (RowDraft & { key: string })[][] = []
  const saved: Map<string, number>[] = []
  let status: QueueStatus | null = null
  const queue = new AutosaveQueue({
    idleMs: 800,
    clock,
    send: async (edits) => {
      sent.push(edits)
      return responses.shift() ?? { kind: 'saved', result: result(edits.map((e) => e.key)) }
    },
    onSaved: (_r, versions) => saved.push(versions),
    onStatus: (s) => (status = s),
  })
  return { queue, advance, sent, saved, status: () => status! }
}

describe('autosave queue', () => {
  it('sends one request per pause in typing, with every row changed since the last save', async () => {
    const t = setup([])
    t.queue.edit('S!2', { answer: 'Y' }, 1)
    await t.advance(300)
    t.queue.edit('S!2', { answer: 'Yes' }, 2)
    t.queue.edit('S!3', { accept: true }, 3)
    await t.advance(700)
    expect(t.sent).toEqual([])
    await t.advance(200)
    expect(t.sent).toEqual([
      [
        { key: 'S!2', answer: 'Yes' },
        { key: 'S!3', accept: true },
      ],
    ])
    expect(t.saved[0]).toEqual(
      new Map([
        ['S!2', 2],
        ['S!3', 3],
      ]),
    )
    expect(t.status()).toMatchObject({ unsaved: 0, sending: false, problem: null })
  })

  it('on 429 keeps the rows, says when it retries, and sends them again with what was typed meanwhile', async () => {
    const t = setup([{ kind: 'rate-limited', retryAfterS: 30 }])
    t.queue.edit('S!2', { answer: 'No', comment: 'old' }, 1)
    await t.advance(800)
    expect(t.sent).toHaveLength(1)
    expect(t.status()).toMatchObject({ unsaved: 1, retryAt: 800 + 30_000, problem: { kind: 'rate-limited' } })
    t.queue.edit('S!2', { comment: 'new' }, 2)
    t.queue.flush() // a page-wide button cannot jump the server's wait
    await t.advance(29_000)
    expect(t.sent).toHaveLength(1)
    await t.advance(1_000)
    expect(t.sent[1]).toEqual([{ key: 'S!2', answer: 'No', comment: 'new' }])
    expect(t.status()).toMatchObject({ unsaved: 0, retryAt: null, problem: null })
  })

  it('edits made while a request is out wait for the next one; settled() waits for both', async () => {
    const t = setup([])
    t.queue.edit('S!2', { answer: 'Yes' }, 1)
    await t.advance(800)
    t.queue.edit('S!4', { answer: 'No' }, 2)
    let done = false
    void t.queue.settled().then(() => (done = true))
    await t.advance(0)
    expect(t.sent.map((b) => b.map((e) => e.key))).toEqual([['S!2'], ['S!4']])
    await t.advance(0)
    expect(done).toBe(true)
  })

  it('retries failures with a growing pause and stops on a refusal, keeping the edits', async () => {
    const t = setup([
      { kind: 'failed', message: 'network down' },
      { kind: 'failed', message: 'network down' },
      { kind: 'refused', message: 'Files have been deleted' },
    ])
    t.queue.edit('S!2', { answer: 'Yes' }, 1)
    await t.advance(800)
    expect(t.status().retryAt).toBe(800 + 2000)
    await t.advance(2000)
    expect(t.status().retryAt).toBe(2800 + 5000)
    await t.advance(5000)
    expect(t.sent).toHaveLength(3)
    expect(t.status()).toMatchObject({ unsaved: 1, problem: { kind: 'refused', message: 'Files have been deleted' } })
    await t.advance(60_000)
    expect(t.sent).toHaveLength(3)
    await expect(t.queue.settled()).resolves.toBeUndefined()
  })
})
