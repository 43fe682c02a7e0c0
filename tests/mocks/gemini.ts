import { delay, http, HttpResponse } from 'msw'
import { answersFor, mockState, track, type MockState } from './llm-script'

/** Gemini's generateContent endpoint, scripted (see llm-script.ts). Used by the engine and plumbing tests. */
export function geminiMock(state: MockState = mockState()) {
  const handler = http.post(/generativelanguage\.googleapis\.com\/.*:generateContent$/, async ({ request }) => {
    const body = (await request.json()) as { contents: { parts: { text: string }[] }[] }
    return track(state, body, async () => {
      const step = state.script.shift() ?? 'ok'
      if (step === '429')
        return HttpResponse.json(
          { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } },
          { status: 429 },
        )
      if (step === '500')
        return HttpResponse.json(
          { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } },
          { status: 500 },
        )
      if (step === '400')
        return HttpResponse.json(
          { error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT' } },
          { status: 400 },
        )
      if (step === 'timeout') await delay('infinite')
      const prompt = body.contents.flatMap((c) => c.parts.map((p) => p.text)).join('\n')
      const text = answersFor(prompt, step)
      return HttpResponse.json({
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: {
          promptTokenCount: Math.ceil(prompt.length / 4),
          candidatesTokenCount: Math.ceil(text.length / 4),
          totalTokenCount: 0,
        },
      })
    })
  })
  return { state, handlers: [handler] }
}
