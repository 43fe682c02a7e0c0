import type { EvidenceDocument } from '../../evidence/model'
import type { Question, Questionnaire } from '../../questionnaire/model'
import { type Answer, type AnsweringEngine, type EngineProgress } from '../model'
import { EarlierAnswers } from '../library'
import { SentenceIndex } from '../retrieval'
import { boilerplate, exampleGroups, questionParts, type AskContext } from '../retrieval/query'
import { finalizeAnswers, type FinalizeOptions } from '../contract'
import { RetryableError, type LlmClient } from './client'
import { delay, Gate, pool, splitBatches } from './batching'
import { SYSTEM_PROMPT, userPrompt, type BatchItem } from './prompt'
import { fallback, leftForUser, parseReply, toAnswer } from './reply'

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
  /** Where the engine's own lines go (retries, failed batches, usage): the process's logger, never stdout. */
  log?: (line: string, level?: 'info' | 'warn') => void
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
    this.o.log?.(`${this.name}: batch of ${batch.length} failed (${lastError}); answered offline`, 'warn')
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
    return parseReply(text)
  }
}
