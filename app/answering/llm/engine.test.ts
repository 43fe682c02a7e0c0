import { NO_EVIDENCE } from '../contract'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { geminiMock } from '../../../tests/mocks/gemini'
import { mockState } from '../../../tests/mocks/llm-script'
import { OPENAI_TEST_BASE_URL, openaiMock } from '../../../tests/mocks/openai'
import type { EvidenceDocument } from '../../evidence/model'
import type { Question, Questionnaire } from '../../questionnaire/model'
import { GeminiClient } from './gemini.server'
import { LlmEngine, type LlmEngineOptions } from './engine'
import { answerOne } from '../offline/engine'
import { OpenAiCompatibleClient } from './openai.server'

const gemini = geminiMock()
const openai = openaiMock()
const server = setupServer(...gemini.handlers, ...openai.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  for (const s of [gemini.state, openai.state]) Object.assign(s, mockState())
})
afterAll(() => server.close())

const evidence: EvidenceDocument[] = [
  {
    file: 'overview.md',
    status: 'ok',
    chars: 200,
    library: [],
    passages: [
      {
        file: 'overview.md',
        location: 'Security > Access',
        text: 'Multi-factor authentication is required for all administrator accounts.',
      },
      {
        file: 'overview.md',
        location: 'Security > Encryption',
        text: 'Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2.',
      },
    ],
  },
]

function question(n: number, text: string): Question {
  return {
    key: `S!${n}`,
    id: `Q${n}`,
    text,
    kind: 'question',
    allowed: ['Yes', 'No'],
    location: { sheet: 'S', row: n, questionCell: `B${n}`, answerCell: `C${n}` },
  }
}

function questionnaire(questions: Question[]): Questionnaire {
  return { fileName: 'q.xlsx', format: 'xlsx', kind: 'test', sheets: [], questions, notes: [] }
}

const two = questionnaire([
  question(1, 'Do you require MFA for administrators?'),
  question(2, 'Is customer data encrypted at rest?'),
])
const noSleep: LlmEngineOptions = { sleep: async () => {}, baseDelayMs: 1 }

function geminiEngine(options: LlmEngineOptions = {}) {
  return new LlmEngine(new GeminiClient('test-key', 'gemini-2.5-flash'), {
    ...noSleep,
    fallback: answerOne,
    ...options,
  })
}

describe('Gemini engine', () => {
  it('answers in batches with JSON output at temperature 0.1 and keeps verbatim citations', async () => {
    const lines: string[] = []
    const engine = geminiEngine({ log: (l) => lines.push(l) })
    const answers = await engine.answer(two, evidence)
    expect(answers.map((a) => a.label)).toEqual(['YES', 'YES'])
    expect(answers[0]!.citations[0]).toMatchObject({ file: 'overview.md', location: 'Security > Access' })
    expect(answers.every((a) => !a.flagged)).toBe(true)
    const body = gemini.state.requests[0]!.body as {
      generationConfig: { temperature: number; responseMimeType: string; responseSchema: unknown }
    }
    expect(body.generationConfig).toMatchObject({ temperature: 0.1, responseMimeType: 'application/json' })
    expect(body.generationConfig.responseSchema).toBeTruthy()
    expect(engine.usage.input).toBeGreaterThan(0)
    expect(lines.at(-1)).toMatch(/1 calls \(0 retries, 0 failed batches\), \d+ input and \d+ output tokens/)
  })

  it('retries a 429 with backoff, then succeeds', async () => {
    gemini.state.script.push('429', '429')
    const delays: number[] = []
    const engine = geminiEngine({ sleep: async (ms) => void delays.push(ms), baseDelayMs: 100 })
    const answers = await engine.answer(two, evidence)
    expect(answers.every((a) => a.label === 'YES' && !a.flagged)).toBe(true)
    expect(gemini.state.requests).toHaveLength(3)
    expect(delays).toHaveLength(2)
    expect(delays[1]!).toBeGreaterThan(delays[0]!)
  })

  it('falls back to the offline engine, flagged, when 500s outlast the retries', async () => {
    gemini.state.script.push('500', '500', '500')
    const answers = await geminiEngine({ attempts: 3 }).answer(two, evidence)
    expect(gemini.state.requests).toHaveLength(3)
    for (const a of answers) {
      expect(a.flagged).toBe(true)
      expect(a.reasons.join(' ')).toMatch(
        /the AI provider failed \(Gemini answered HTTP 500.*answered by the offline engine/,
      )
    }
  })

  it('does not retry a 400 (a bad key will not get better)', async () => {
    gemini.state.script.push('400')
    const answers = await geminiEngine().answer(two, evidence)
    expect(gemini.state.requests).toHaveLength(1)
    expect(answers[0]!.reasons.join(' ')).toMatch(/HTTP 400/)
  })

  it('gives up on a call that does not answer in time and retries it', async () => {
    gemini.state.script.push('timeout')
    const answers = await geminiEngine({ timeoutMs: 200 }).answer(two, evidence)
    expect(gemini.state.requests).toHaveLength(2)
    expect(answers.every((a) => a.label === 'YES' && !a.flagged)).toBe(true)
  })

  it('retries malformed JSON and falls back when it stays malformed', async () => {
    gemini.state.script.push('malformed')
    expect((await geminiEngine().answer(two, evidence)).every((a) => !a.flagged)).toBe(true)
    gemini.state.script.push('malformed', 'malformed')
    const answers = await geminiEngine({ attempts: 2 }).answer(two, evidence)
    expect(answers[0]!.reasons.join(' ')).toMatch(/not valid JSON/)
  })

  it('drops invented quotes, lowers confidence and flags the answer', async () => {
    gemini.state.script.push('invent')
    const answers = await geminiEngine().answer(two, evidence)
    for (const a of answers) {
      expect(a.citations).toEqual([])
      expect(a.flagged).toBe(true)
      expect(a.confidence).toBeLessThan(0.85)
      expect(a.reasons).toContain('1 citation not found verbatim in the evidence (removed)')
      expect(a.reasons).toContain(NO_EVIDENCE)
    }
  })

  it('keeps at most 15 batches in flight', async () => {
    gemini.state.latencyMs = 40
    const many = questionnaire(
      Array.from({ length: 40 }, (_, i) =>
        question(i + 1, i % 2 ? 'Is customer data encrypted at rest?' : 'Do you require MFA for administrators?'),
      ),
    )
    // Questions asked twice get the first answer, so distinct wording keeps each one a real request.
    many.questions.forEach((q, i) => (q.text = `${q.text} (variant ${i})`))
    await geminiEngine({ batchSize: 1 }).answer(many, evidence)
    expect(gemini.state.requests).toHaveLength(40)
    expect(gemini.state.maxInFlight).toBe(15)
  })

  it('sends nothing for questions without retrieved evidence', async () => {
    const answers = await geminiEngine().answer(
      questionnaire([question(1, 'Do you operate a seismic-rated bunker in Antarctica?')]),
      evidence,
    )
    expect(gemini.state.requests).toHaveLength(0)
    expect(answers[0]!.reasons).toContain(NO_EVIDENCE)
  })
})

describe('OpenAI-compatible engine', () => {
  const engine = (options: LlmEngineOptions = {}) =>
    new LlmEngine(new OpenAiCompatibleClient(OPENAI_TEST_BASE_URL, 'local-model', 'sk-test'), {
      ...noSleep,
      fallback: answerOne,
      ...options,
    })

  it('posts to /chat/completions with the model, a JSON schema and temperature 0.1, and retries a 429', async () => {
    openai.state.script.push('429')
    const answers = await engine().answer(two, evidence)
    expect(answers.every((a) => a.label === 'YES' && !a.flagged)).toBe(true)
    expect(openai.state.requests).toHaveLength(2)
    const body = openai.state.requests[1]!.body as {
      model: string
      temperature: number
      response_format: { type: string }
    }
    expect(body).toMatchObject({ model: 'local-model', temperature: 0.1, response_format: { type: 'json_schema' } })
  })

  it('drops invented quotes and flags, like every engine', async () => {
    openai.state.script.push('invent')
    const answers = await engine().answer(two, evidence)
    expect(answers.every((a) => a.flagged && a.citations.length === 0)).toBe(true)
  })

  it('falls back after repeated 500s and after timeouts', async () => {
    openai.state.script.push('500', '500')
    expect((await engine({ attempts: 2 }).answer(two, evidence))[0]!.reasons.join(' ')).toMatch(/HTTP 500/)
    openai.state.script.push('timeout', 'timeout')
    expect((await engine({ attempts: 2, timeoutMs: 100 }).answer(two, evidence))[0]!.reasons.join(' ')).toMatch(
      /no reply within 0.1 s/,
    )
  })
})
