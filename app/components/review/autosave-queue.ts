import type { BatchResult } from '../../review/batch.server'

/**
 * The review's autosave, without React or the DOM (ADR 024). Edits collect per row; after a pause in typing
 * (`idleMs` without a new edit) every row changed since the last save goes out in one request. While a request
 * is out, new edits wait for the next one. Nothing is ever dropped: on a 429 the unsent rows are kept and sent
 * again after Retry-After; on a network or server failure, after a growing pause; a refusal that cannot get
 * better by waiting (the job expired) is reported and the edits stay in their fields.
 */

export interface RowDraft {
  answer?: string
  comment?: string
  accept?: boolean
}

export type SendOutcome =
  | { kind: 'saved'; result: BatchResult }
  | { kind: 'rate-limited'; retryAfterS: number }
  | { kind: 'failed'; message: string }
  | { kind: 'refused'; message: string }

export interface QueueStatus {
  /** Rows changed and not yet saved (waiting, or in the request now out). */
  unsaved: number
  sending: boolean
  /** When the next attempt is due after a 429 or a failure (epoch ms). */
  retryAt: number | null
  /** Why the last attempt did not save: 'rate-limited', a failure message, or a refusal. */
  problem: { kind: 'rate-limited' | 'failed' | 'refused'; message: string } | null
}

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

export interface QueueOptions {
  send(edits: (RowDraft & { key: string })[]): Promise<SendOutcome>
  /** After a save: the server's rows, and for each row the edit version that request carried. */
  onSaved(result: BatchResult, versions: Map<string, number>): void
  onStatus(status: QueueStatus): void
  idleMs?: number
  clock?: Clock
}

const FAILURE_BACKOFF_S = [2, 5, 10, 30]

function merge(older: RowDraft | undefined, newer: RowDraft): RowDraft {
  return { ...older, ...newer, accept: Boolean(older?.accept || newer.accept) || undefined }
}

export class AutosaveQueue {
  private pending = new Map<string, { draft: RowDraft; version: number }>()
  private inFlight = new Map<string, { draft: RowDraft; version: number }>()
  private timer: unknown = null
  private retryAt: number | null = null
  private failures = 0
  private problem: QueueStatus['problem'] = null
  private waiters: (() => void)[] = []
  /** A page-wide button waits: send the next batch as soon as possible, not after a pause. */
  private urgent = false
  private readonly idleMs: number
  private readonly clock: Clock

  constructor(private readonly options: QueueOptions) {
    this.idleMs = options.idleMs ?? 800
    this.clock = options.clock ?? {
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    }
  }

  /** Records a change to a row (merged with its unsent changes) and saves after the next pause. */
  edit(key: string, draft: RowDraft, version: number) {
    const prev = this.pending.get(key)
    this.pending.set(key, { draft: merge(prev?.draft, draft), version: Math.max(version, prev?.version ?? 0) })
    if (this.problem?.kind === 'refused') this.problem = null
    this.schedule(this.idleMs)
    this.emit()
  }

  /** Sends what is waiting now (a page-wide button was pressed), unless a Retry-After is still running. */
  flush() {
    this.urgent = true
    this.schedule(0)
  }

  /** Resolves once nothing is unsaved, or once saving stopped on a refusal. */
  settled(): Promise<void> {
    this.flush()
    if (this.idle()) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  status(): QueueStatus {
    const keys = new Set([...this.pending.keys(), ...this.inFlight.keys()])
    return { unsaved: keys.size, sending: this.inFlight.size > 0, retryAt: this.retryAt, problem: this.problem }
  }

  private idle() {
    return (!this.pending.size && !this.inFlight.size) || this.problem?.kind === 'refused'
  }

  private emit() {
    this.options.onStatus(this.status())
    if (this.idle()) for (const resolve of this.waiters.splice(0)) resolve()
  }

  private schedule(ms: number) {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    const due = this.retryAt !== null ? Math.max(ms, this.retryAt - this.clock.now()) : ms
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      void this.send()
    }, due)
  }

  private async send() {
    if (this.inFlight.size || !this.pending.size) return
    this.inFlight = this.pending
    this.pending = new Map()
    this.emit()
    const edits = [...this.inFlight].map(([key, { draft }]) => ({ key, ...draft }))
    let outcome: SendOutcome
    try {
      outcome = await this.options.send(edits)
    } catch (error) {
      outcome = { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
    }
    const sent = this.inFlight
    this.inFlight = new Map()
    if (outcome.kind === 'saved') {
      this.retryAt = null
      this.failures = 0
      this.problem = null
      this.options.onSaved(outcome.result, new Map([...sent].map(([k, v]) => [k, v.version])))
    } else {
      // Not saved: put the rows back under anything typed since, which is newer.
      for (const [key, item] of sent) {
        const newer = this.pending.get(key)
        this.pending.set(key, {
          draft: merge(item.draft, newer?.draft ?? {}),
          version: Math.max(item.version, newer?.version ?? 0),
        })
      }
      if (outcome.kind === 'rate-limited') {
        this.retryAt = this.clock.now() + outcome.retryAfterS * 1000
        this.problem = { kind: 'rate-limited', message: 'Too many requests' }
      } else if (outcome.kind === 'failed') {
        const wait = FAILURE_BACKOFF_S[Math.min(this.failures++, FAILURE_BACKOFF_S.length - 1)]!
        this.retryAt = this.clock.now() + wait * 1000
        this.problem = { kind: 'failed', message: outcome.message }
      } else {
        this.retryAt = null
        this.problem = { kind: 'refused', message: outcome.message }
        this.emit()
        return
      }
    }
    if (this.pending.size) this.schedule(this.retryAt !== null || this.urgent ? 0 : this.idleMs)
    else this.urgent = false
    this.emit()
  }
}
