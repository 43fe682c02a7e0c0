import type { EvidenceDocument } from '../../evidence/model'
import type { Question, Questionnaire } from '../../questionnaire/model'
import { type Answer, type AnsweringEngine, type Citation, type EngineProgress } from '../model'
import { EarlierAnswers } from '../library'
import { SentenceIndex } from '../retrieval'
import { boilerplate, exampleGroups, questionParts, type AskContext } from '../retrieval/query'
import { NO_EVIDENCE } from '../contract'
import { finalizeAnswers, type FinalizeOptions } from '../contract'
import { RetryableError, type LlmClient } from './client'
import { responseSchema, SYSTEM_PROMPT, userPrompt, type BatchItem } from './prompt'

export interface LlmEngineOptions extends FinalizeOptions {
  batchSize?: number
  /** Batches in flight at once. */
  concurrency?: number
  /** Per call. */
  timeoutMs?: number
  /** Attempts per batch, the first included. */
  attempts?: number
  baseDelayMs?: number
  passagesPerQuestion?: number
  log?: (line: string) => void
  sleep?: (ms: number) => Promise<void>
  /**
   * Answers a question without the provider (nothing retrieved, or the provider failed): the offline engine's
   * `answerOne`, passed in by whoever builds the engine. Without one, such questions are left for the user.
   */
  fallback?: Fallback
}

export type Fallback = (question: Question, index: SentenceIndex, context: AskContext) => Answer

const DEFAULTS = {
  batchSize: 20,
  concurrency: 15,
  timeoutMs: 90_000,
  attempts: 5,
  baseDelayMs: 1000,
  passagesPerQuestion: 6,
}

/**
 * Gemini and OpenAI-compatible engines share this: the offline retrieval picks each question's passages, batches
 * of questions go to the provider (up to 15 in flight) with retries and a timeout per call, the JSON reply is
 * validated, and every answer passes the same rules as the offline engine's (verbatim quotes, flags). A batch
 * that still fails is answered by the offline engine, flagged, so one bad reply never fails the job.
 */
export class LlmEngine implements AnsweringEngine {
  readonly name: string
  readonly usage = { calls: 0, retries: 0, input: 0, output: 0, failedBatches: 0 }
  private readonly o: Required<Omit<LlmEngineOptions, 'now' | 'log' | 'sleep' | 'fallback'>> & LlmEngineOptions

  constructor(
    private readonly client: LlmClient,
    options: LlmEngineOptions = {},
  ) {
    this.name = `${client.provider} (${client.model})`
    this.o = { ...DEFAULTS, ...options }
  }

  async answer(
    questionnaire: Questionnaire,
    evidence: EvidenceDocument[],
    onProgress?: EngineProgress,
  ): Promise<Answer[]> {
    const offlineAnswer = this.o.fallback ?? leftForUser
    const readable = evidence.filter((d) => d.status === 'ok')
    const index = new SentenceIndex(readable.filter((d) => !d.library.length))
    const library = new EarlierAnswers(
      readable.flatMap((d) => d.library),
      questionnaire.kind,
    )
    // The same weighting as the offline engine, for retrieval and for answers it falls back to.
    const context: AskContext = {
      damp: boilerplate(questionnaire.questions.filter((q) => q.kind === 'question').map((q) => q.text)),
    }
    const raw = new Map<string, Answer>()
    const asked = questionnaire.questions.filter((q) => q.kind !== 'profile')
    const total = questionnaire.questions.length
    let done = 0
    onProgress?.(done, total)
    // Each batch retrieves its own passages when its turn comes, so the first calls leave at once and retrieval for
    // the later batches runs while the earlier ones are with the provider.
    const gate = new Gate(this.o.concurrency)
    await pool(splitBatches(asked, this.o.batchSize), this.o.concurrency, async (questions) => {
      const batch: BatchItem[] = []
      for (const q of questions) {
        const passages = this.passagesFor(q, index, context)
        const m = library.match(q, questionnaire.fileName)
        const earlier = m
          ? {
              question: m.entry.question,
              answer: m.entry.answer,
              comment: m.entry.comment,
              file: m.entry.file,
              location: m.entry.location,
              commentLocation: m.entry.commentLocation,
              match: m.strength,
            }
          : undefined
        // Nothing retrieved: no call is needed to say "no evidence", and no customer text leaves for it.
        if (!passages.length && !earlier) raw.set(q.key, offlineAnswer(q, index, context))
        else batch.push({ question: q, passages, earlier })
      }
      if (batch.length) for (const a of await this.runBatch(batch, index, context, gate)) raw.set(a.key, a)
      done += questions.length
      onProgress?.(done, total)
    })
    const u = this.usage
    this.o.log?.(
      `${this.name}: ${u.calls} calls (${u.retries} retries, ${u.failedBatches} failed batches), ${u.input} input and ${u.output} output tokens`,
    )
    return finalizeAnswers(questionnaire, [...raw.values()], evidence, this.o)
  }

  private passagesFor(q: Question, index: SentenceIndex, context: AskContext) {
    const parts = questionParts(q.text)
    const hits = index.search(
      index.queryTerms(parts.asked, exampleGroups(parts), context.damp),
      this.o.passagesPerQuestion * 2,
    )
    return [...new Set(hits.map((h) => h.sentence.passage))].slice(0, this.o.passagesPerQuestion)
  }

  private async runBatch(
    batch: BatchItem[],
    index: SentenceIndex,
    context: AskContext,
    gate = new Gate(1),
  ): Promise<Answer[]> {
    const offlineAnswer = this.o.fallback ?? leftForUser
    let lastError = ''
    let overLimit = 0
    for (let attempt = 1; attempt <= this.o.attempts; attempt++) {
      if (attempt > 1 || overLimit) this.usage.retries++
      await gate.acquire()
      try {
        const reply = await this.call(batch)
        gate.release(true)
        return batch.map(({ question }) => {
          const a = reply.get(question.key)
          if (!a)
            return fallback(offlineAnswer(question, index, context), `the AI reply had no answer for ${question.id}`)
          return toAnswer(question.key, a)
        })
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error)
        // A 429 without Retry-After while several calls are in flight means more calls than the provider takes at
        // once: fewer go out from now on, and this batch waits for a free slot instead of sleeping (a few times).
        if (
          error instanceof RetryableError &&
          error.status === 429 &&
          !error.retryAfter &&
          gate.inFlight > 1 &&
          overLimit < 10
        ) {
          overLimit++
          gate.release(false)
          attempt--
          continue
        }
        gate.release(true)
        if (!(error instanceof RetryableError) || attempt === this.o.attempts) break
        const backoff = error.retryAfter
          ? error.retryAfter * 1000
          : this.o.baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random() * 0.25)
        this.o.log?.(`${this.name}: ${lastError}; retry ${attempt} in ${Math.round(backoff)} ms`)
        await (this.o.sleep ?? delay)(backoff)
      }
    }
    this.usage.failedBatches++
    this.o.log?.(`${this.name}: batch of ${batch.length} failed (${lastError}); answered offline`)
    return batch.map(({ question }) =>
      fallback(offlineAnswer(question, index, context), `the AI provider failed (${lastError.slice(0, 120)})`),
    )
  }

  private async call(batch: BatchItem[]) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.o.timeoutMs)
    this.usage.calls++
    let text: string
    try {
      const completion = await this.client.complete({
        system: SYSTEM_PROMPT,
        user: userPrompt(batch),
        signal: controller.signal,
      })
      this.usage.input += completion.usage.input
      this.usage.output += completion.usage.output
      text = completion.text
    } catch (error) {
      if (controller.signal.aborted) throw new RetryableError(`no reply within ${this.o.timeoutMs / 1000} s`)
      throw error
    } finally {
      clearTimeout(timer)
    }
    let json: unknown
    try {
      json = JSON.parse(text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''))
    } catch {
      throw new RetryableError('the reply was not valid JSON')
    }
    const parsed = responseSchema.safeParse(json)
    if (!parsed.success)
      throw new RetryableError(`the reply did not match the answer schema (${parsed.error.issues[0]?.message})`)
    return new Map(parsed.data.answers.map((a) => [a.key, a]))
  }
}

function toAnswer(key: string, a: ReturnType<typeof responseSchema.parse>['answers'][number]): Answer {
  const reasons: string[] = []
  const planned = a.label === 'PLANNED' && a.planned && /^Q[1-4]\/\d{4}$/.test(a.planned) ? a.planned : undefined
  if (a.label === 'PLANNED' && !planned) reasons.push('planned work without a quarter in the evidence')
  if (a.conflict) reasons.push(`the evidence contradicts itself: ${a.conflict.slice(0, 160)}`)
  // Quotes are checked later against the files themselves (finalizeAnswers): the model's word is not enough.
  const citations: Citation[] = a.citations.map((c) => ({ file: c.file, location: c.location, quote: c.quote }))
  return {
    key,
    label: a.label,
    planned,
    text: a.text.trim(),
    confidence: a.confidence,
    citations,
    flagged: false,
    reasons,
    rule: 'llm-answer',
    rules: ['llm-answer'],
  }
}

function leftForUser(question: Question): Answer {
  return {
    key: question.key,
    label: null,
    text: '',
    confidence: 0,
    citations: [],
    flagged: true,
    reasons: [NO_EVIDENCE],
    rule: 'no-evidence',
  }
}

function fallback(answer: Answer, why: string): Answer {
  return {
    ...answer,
    flagged: true,
    reasons: [...answer.reasons, `${why}; answered by the offline engine`],
    rule: 'llm-failed',
    rules: [...(answer.rules ?? []), 'llm-failed'],
  }
}

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

async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
}

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms))
}
