import { isRetryableStatus, RetryableError, type Completion, type CompletionRequest, type LlmClient } from './client'
import { JSON_SCHEMA } from './prompt'

/** Any server speaking OpenAI's /chat/completions (OpenAI itself, vLLM, Ollama, LM Studio...). */
export class OpenAiCompatibleClient implements LlmClient {
  readonly provider = 'openai-compatible'

  constructor(
    private readonly baseUrl: string,
    readonly model: string,
    private readonly apiKey?: string,
  ) {}

  async complete({ system, user, signal }: CompletionRequest): Promise<Completion> {
    let response: Response
    try {
      response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        signal,
        headers: {
          'content-type': 'application/json',
          ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.model,
          temperature: 0.1,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'questionnaire_answers', schema: JSON_SCHEMA } },
        }),
      })
    } catch (error) {
      if (signal.aborted) throw error
      throw new RetryableError(`cannot reach ${this.baseUrl} (${(error as Error).message})`)
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200)
      const message = `${this.provider} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`
      if (isRetryableStatus(response.status)) throw new RetryableError(message, response.status, retryAfter(response))
      throw new Error(message)
    }
    const body = (await response.json().catch(() => null)) as {
      choices?: { message?: { content?: string } }[]
      usage?: { prompt_tokens?: number; completion_tokens?: number }
    } | null
    const text = body?.choices?.[0]?.message?.content
    if (typeof text !== 'string') throw new RetryableError('the reply had no message content')
    return { text, usage: { input: body?.usage?.prompt_tokens ?? 0, output: body?.usage?.completion_tokens ?? 0 } }
  }
}

function retryAfter(response: Response): number | undefined {
  const s = Number(response.headers.get('retry-after'))
  return Number.isFinite(s) && s > 0 ? Math.min(s, 60) : undefined
}
