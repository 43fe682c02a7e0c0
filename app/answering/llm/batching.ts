// How the LLM engine paces its calls: batches of nearly equal size, a pool of batches in flight, and a gate that
// narrows when the provider turns calls away.

/**
 * As few batches as `batchSize` allows, of nearly equal size (differing by one at most): no short last batch whose
 * call costs a whole round trip for a handful of questions while the other slots sit idle.
 */
export function splitBatches<T>(items: T[], batchSize: number): T[][] {
  if (!items.length) return []
  const count = Math.ceil(items.length / Math.max(1, batchSize))
  const batches: T[][] = []
  let start = 0
  for (let i = 0; i < count; i++) {
    const size = Math.floor(items.length / count) + (i < items.length % count ? 1 : 0)
    batches.push(items.slice(start, start + size))
    start += size
  }
  return batches
}

/**
 * Calls in flight, under a limit that drops when the provider turns calls away (429) and climbs back by one after
 * each run of `limit` successes, up to the configured concurrency (additive increase, multiplicative decrease).
 */
export class Gate {
  inFlight = 0
  private limit: number
  private successes = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly max: number) {
    this.limit = Math.max(1, max)
  }

  get current() {
    return this.limit
  }

  async acquire(): Promise<void> {
    while (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.inFlight++
  }

  /** ok: the call was accepted (whatever its outcome); false: turned away for being one call too many. */
  release(ok: boolean) {
    if (ok) {
      if (++this.successes >= this.limit && this.limit < this.max) {
        this.limit++
        this.successes = 0
      }
    } else {
      // The provider took the calls still in flight but not this one.
      this.limit = Math.max(1, Math.min(this.limit, this.inFlight - 1))
      this.successes = 0
    }
    this.inFlight--
    for (const wake of this.waiting.splice(0)) wake()
  }
}

export async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
}

export function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms))
}
