import type { GoogleGenAI, Schema } from '@google/genai'
import { isRetryableStatus, RetryableError, type Completion, type CompletionRequest, type LlmClient } from './client'
import { JSON_SCHEMA } from './prompt'

type Sdk = typeof import('@google/genai')

/**
 * Gemini through @google/genai; retries are ours (the SDK's are left off), so both providers back off alike. The SDK
 * (200 ms to load) is imported on the first request, so the offline engine's runs and `qfill answer --help` never
 * pay for it.
 */
export class GeminiClient implements LlmClient {
  readonly provider = 'gemini'
  private client: Promise<{ sdk: Sdk; ai: GoogleGenAI }> | undefined

  constructor(
    private readonly apiKey: string,
    readonly model: string,
    /** Another endpoint speaking Gemini's API (a proxy, or the local mock provider of `npm run bench:llm`). */
    private readonly baseUrl?: string,
  ) {}

  private connect(): Promise<{ sdk: Sdk; ai: GoogleGenAI }> {
    this.client ??= import('@google/genai').then((sdk) => ({
      sdk,
      ai: new sdk.GoogleGenAI({
        apiKey: this.apiKey,
        ...(this.baseUrl ? { httpOptions: { baseUrl: this.baseUrl } } : {}),
      }),
    }))
    return this.client
  }

  async complete({ system, user, signal }: CompletionRequest): Promise<Completion> {
    const { sdk, ai } = await this.connect()
    try {
      const response = await ai.models.generateContent({
        model: this.model,
        contents: user,
        config: {
          systemInstruction: system,
          temperature: 0.1,
          responseMimeType: 'application/json',
          responseSchema: toGeminiSchema(sdk.Type, JSON_SCHEMA),
          abortSignal: signal,
        },
      })
      const text = response.text
      if (!text)
        throw new RetryableError(
          `Gemini returned no text (finish reason ${response.candidates?.[0]?.finishReason ?? 'unknown'})`,
        )
      const usage = response.usageMetadata
      return { text, usage: { input: usage?.promptTokenCount ?? 0, output: usage?.candidatesTokenCount ?? 0 } }
    } catch (error) {
      if (error instanceof sdk.ApiError) {
        const message = `Gemini answered HTTP ${error.status}: ${error.message.slice(0, 200)}`
        if (isRetryableStatus(error.status)) throw new RetryableError(message, error.status)
        throw new Error(message)
      }
      if (error instanceof RetryableError || signal.aborted) throw error
      throw new RetryableError(`cannot reach Gemini (${(error as Error).message})`)
    }
  }
}

/** Gemini's schema dialect: the same shape as the JSON Schema, with its Type names. */
function toGeminiSchema(Type: Sdk['Type'], schema: unknown): Schema {
  const s = schema as {
    type: string
    properties?: Record<string, unknown>
    items?: unknown
    enum?: readonly string[]
    required?: readonly string[]
    description?: string
  }
  const type =
    { object: Type.OBJECT, array: Type.ARRAY, string: Type.STRING, number: Type.NUMBER }[s.type] ?? Type.STRING
  return {
    type,
    ...(s.description ? { description: s.description } : {}),
    ...(s.enum ? { enum: [...s.enum], format: 'enum' } : {}),
    ...(s.required ? { required: [...s.required] } : {}),
    ...(s.properties
      ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toGeminiSchema(Type, v)])) }
      : {}),
    ...(s.items ? { items: toGeminiSchema(Type, s.items) } : {}),
  }
}
