import type { EvidenceDocument } from '../../evidence/model'
import type { Questionnaire } from '../../questionnaire/model'
import { type Answer, type AnsweringEngine, type Citation, type EngineProgress } from '../model'
import { answerOne as offlineAnswer, type AskContext } from '../offline/engine'
import { boilerplate, exampleGroups, questionParts } from '../offline/query'
import { SentenceIndex } from '../offline/retrieval'
import { finalizeAnswers, type FinalizeOptions } from '../rules'
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
}

const DEFAULTS = { batchSize: 20, concurrency: 15, timeoutMs: 90_000, attempts: 5, baseDelayMs: 1000, passagesPerQuestion: 6 }

/**
 * Gemini and OpenAI-compatible engines share this: the offline retrieval picks each question's passages, batches
 * of questions go to the provider (up to 15 in flight) with retries and a timeout per call, the JSON reply is
 * validated, and every answer passes the same rules as the offline engine's (verbatim quotes, flags). A batch
 * that still fails is answered by the offline engine, flagged, so one bad reply never fails the job.
 */
export class LlmEngine implements AnsweringEngine {
  readonly name: string
  readonly usage = { calls: 0, retries: 0, input: 0, output: 0, failedBatches: 0 }
  private readonly o: Required<Omit<LlmEngineOptions, 'now' | 'log' | 'sleep'>> & LlmEngineOptions

  constructor(
    private readonly client: LlmClient,
    options: LlmEngineOptions = {},
  ) {
    this.name = `${client.provider} (${client.model})`
    this.o = { ...DEFAULTS, ...options }
  }

  async answer(questionnaire: Questionnaire, evidence: EvidenceDocument[], onProgress?: EngineProgress): Promise<Answer[]> {
    const index = new SentenceIndex(evidence.filter((d) => d.status === 'ok'))
    // The same weighting as the offline engine, for retrieval and for answers it falls back to.
    const context: AskContext = { damp: boilerplate(questionnaire.questions.filter((q) => q.kind === 'question').map((q) => q.text)) }
    const items: BatchItem[] = []
    const raw = new Map<string, Answer>()
    for (const q of questionnaire.questions) {
      if (q.kind === 'profile') continue
      const parts = questionParts(q.text)
      const hits = index.search(index.queryTerms(parts.asked, exampleGroups(parts), context.damp), this.o.passagesPerQuestion * 2)
      const passages = [...new Set(hits.map((h) => h.sentence.passage))].slice(0, this.o.passagesPerQuestion)
      // Nothing retrieved: no call is needed to say "no evidence", and no customer text leaves for it.
      if (!passages.length) raw.set(q.key, offlineAnswer(q, index, context))
      else items.push({ question: q, passages })
    }
    const batches: BatchItem[][] = []
    for (let i = 0; i < items.length; i += this.o.batchSize) batches.push(items.slice(i, i + this.o.batchSize))
    const total = questionnaire.questions.length
    let done = raw.size
    onProgress?.(done, total)
    await pool(batches, this.o.concurrency, async (batch) => {
      for (const a of await this.runBatch(batch, index, context)) raw.set(a.key, a)
      done += batch.length
      onProgress?.(done, total)
    })
    const u = this.usage
    this.o.log?.(`${this.name}: ${u.calls} calls (${u.retries} retries, ${u.failedBatches} failed batches), ${u.input} input and ${u.output} output tokens`)
    return finalizeAnswers(questionnaire, [...raw.values()], evidence, this.o)
  }

  private async runBatch(batch: BatchItem[], index: SentenceIndex, context: AskContext): Promise<Answer[]> {
    let lastError = ''
    for (let attempt = 1; attempt <= this.o.attempts; attempt++) {
      if (attempt > 1) this.usage.retries++
      try {
        const reply = await this.call(batch)
        return batch.map(({ question }) => {
          const a = reply.get(question.key)
          if (!a) return fallback(offlineAnswer(question, index, context), `the AI reply had no answer for ${question.id}`)
          return toAnswer(question.key, a)
        })
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error)
        if (!(error instanceof RetryableError) || attempt === this.o.attempts) break
        const backoff = error.retryAfter ? error.retryAfter * 1000 : this.o.baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random() * 0.25)
        this.o.log?.(`${this.name}: ${lastError}; retry ${attempt} in ${Math.round(backoff)} ms`)
        await (this.o.sleep ?? delay)(backoff)
      }
    }
    this.usage.failedBatches++
    this.o.log?.(`${this.name}: batch of ${batch.length} failed (${lastError}); answered offline`)
    return batch.map(({ question }) => fallback(offlineAnswer(question, index, context), `the AI provider failed (${lastError.slice(0, 120)})`))
  }

  private async call(batch: BatchItem[]) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.o.timeoutMs)
    this.usage.calls++
    let text: string
    try {
      const completion = await this.client.complete({ system: SYSTEM_PROMPT, user: userPrompt(batch), signal: controller.signal })
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
    if (!parsed.success) throw new RetryableError(`the reply did not match the answer schema (${parsed.error.issues[0]?.message})`)
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
  return { key, label: a.label, planned, text: a.text.trim(), confidence: a.confidence, citations, flagged: false, reasons }
}

function fallback(answer: Answer, why: string): Answer {
  return { ...answer, flagged: true, reasons: [...answer.reasons, `${why}; answered by the offline engine`] }
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
