/**
 * The scripted behaviour shared by the Gemini and OpenAI mocks: each request takes the next step of the script
 * (default "ok") and answers every question it was sent from the passages it was sent, quoting them verbatim.
 */
export type Step = 'ok' | '429' | '500' | '400' | 'timeout' | 'malformed' | 'invent' | 'no'

export interface MockState {
  script: Step[]
  requests: { body: unknown; at: number }[]
  inFlight: number
  maxInFlight: number
  /** Milliseconds each reply waits, to let concurrency show. */
  latencyMs: number
}

export function mockState(): MockState {
  return { script: [], requests: [], inFlight: 0, maxInFlight: 0, latencyMs: 0 }
}

interface SentQuestion {
  key: string
  question: string
  passages: { file: string; location: string; text: string }[]
}

/** Reads the batch back out of the prompt (the engine sends it as JSON after QUESTIONS_JSON:). */
export function questionsIn(prompt: string): SentQuestion[] {
  const at = prompt.indexOf('QUESTIONS_JSON:')
  return at < 0 ? [] : (JSON.parse(prompt.slice(at + 'QUESTIONS_JSON:'.length)) as SentQuestion[])
}

export function answersFor(prompt: string, step: Step): string {
  if (step === 'malformed') return '{"answers": [ this is not json'
  const answers = questionsIn(prompt).map((q) => {
    const p = q.passages[0]!
    const quote =
      step === 'invent'
        ? 'We hold every certification that exists and encrypt everything twice.'
        : p.text.replace(/\s+/g, ' ').slice(0, 120)
    return {
      key: q.key,
      label: step === 'no' ? 'NO' : 'YES',
      text: step === 'no' ? 'No.' : 'Yes, as the evidence states.',
      confidence: 0.92,
      citations: [{ file: p.file, location: p.location, quote }],
    }
  })
  return JSON.stringify({ answers })
}

export async function track<T>(state: MockState, body: unknown, run: () => Promise<T>): Promise<T> {
  state.requests.push({ body, at: Date.now() })
  state.inFlight++
  state.maxInFlight = Math.max(state.maxInFlight, state.inFlight)
  try {
    if (state.latencyMs) await new Promise((r) => setTimeout(r, state.latencyMs))
    return await run()
  } finally {
    state.inFlight--
  }
}
