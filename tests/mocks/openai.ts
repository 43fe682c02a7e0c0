import { delay, http, HttpResponse } from 'msw'
import { answersFor, mockState, track, type MockState } from './llm-script'

export const OPENAI_TEST_BASE_URL = 'http://llm.test/v1'

/** An OpenAI-compatible /chat/completions server, scripted (see llm-script.ts). */
export function openaiMock(state: MockState = mockState(), baseUrl = OPENAI_TEST_BASE_URL) {
  const handler = http.post(`${baseUrl}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as { messages: { role: string; content: string }[] }
    return track(state, body, async () => {
      const step = state.script.shift() ?? 'ok'
      if (step === '429')
        return HttpResponse.json(
          { error: { message: 'Rate limit reached' } },
          { status: 429, headers: { 'retry-after': '0' } },
        )
      if (step === '500') return HttpResponse.json({ error: { message: 'server error' } }, { status: 500 })
      if (step === '400') return HttpResponse.json({ error: { message: 'bad request' } }, { status: 400 })
      if (step === 'timeout') await delay('infinite')
      const prompt = body.messages.map((m) => m.content).join('\n')
      const content = answersFor(prompt, step)
      return HttpResponse.json({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: Math.ceil(prompt.length / 4),
          completion_tokens: Math.ceil(content.length / 4),
          total_tokens: 0,
        },
      })
    })
  })
  return { state, handlers: [handler] }
}
