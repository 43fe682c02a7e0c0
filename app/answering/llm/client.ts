/** What an LLM engine needs from a provider: one JSON completion per call. */
export interface CompletionRequest {
  system: string
  user: string
  signal: AbortSignal
}

export interface Completion {
  text: string
  usage: { input: number; output: number }
}

export interface LlmClient {
  readonly provider: string
  readonly model: string
  complete(request: CompletionRequest): Promise<Completion>
}

/** A failure worth another try: rate limits, server errors, timeouts, dropped connections. */
export class RetryableError extends Error {
  name = 'RetryableError'
  constructor(
    message: string,
    readonly status?: number,
    /** Seconds the provider asked us to wait (Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}
