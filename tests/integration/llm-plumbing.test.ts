import { readFileSync } from 'node:fs'
import path from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evidenceIndex, isVerbatim } from '../../app/answering/citations'
import { LlmEngine } from '../../app/answering/llm/engine'
import { GeminiClient } from '../../app/answering/llm/gemini.server'
import { OpenAiCompatibleClient } from '../../app/answering/llm/openai.server'
import { extractEvidence } from '../../app/evidence/extract.server'
import { projectRoot } from '../../app/infra/project-root.server'
import type { Question, Questionnaire } from '../../app/questionnaire/model'
import { geminiMock } from '../mocks/gemini'
import { OPENAI_TEST_BASE_URL, openaiMock } from '../mocks/openai'

/**
 * The Gemini and OpenAI-compatible engines end to end on openly licensed evidence (tests/fixtures/open), against
 * the MSW mocks (scripted replies: a 429, a 500, a malformed reply and a batch of invented quotes, then quotes of
 * the passages sent). Proves batching, retries, fallbacks, token accounting and the verbatim check. It used to run
 * inside `npm run bench:accuracy`, which made the shipped CLI import msw, a dev dependency.
 */
const gemini = geminiMock()
const openai = openaiMock()
const server = setupServer(...gemini.handlers, ...openai.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const TOPICS = [
  'multi-factor authentication for employees',
  'encryption of data at rest',
  'encryption of data in transit',
  'background checks for new employees',
  'security awareness training',
  'penetration testing',
  'vulnerability scanning',
  'incident response plan',
  'access reviews',
  'least privilege access',
  'logging and monitoring',
  'backups of production data',
  'disaster recovery testing',
  'vendor risk management',
  'a responsible disclosure or bug bounty programme',
  'device management for laptops',
  'password managers',
  'single sign-on',
  'code review before deployment',
  'data retention and deletion',
  'SOC 2 reports',
  'a dedicated security team',
  'physical security of offices',
  'change management',
  'segregation of production environments',
]

function questionnaire(): Questionnaire {
  const questions: Question[] = TOPICS.map((topic, i) => ({
    key: `Q!${i + 2}`,
    id: `Q${i + 1}`,
    text: `Do you have ${topic}?`,
    kind: 'question',
    allowed: ['Yes', 'No'],
    location: { sheet: 'Q', row: i + 2, questionCell: `B${i + 2}`, answerCell: `C${i + 2}` },
  }))
  return { fileName: 'plumbing.xlsx', format: 'xlsx', kind: 'test', sheets: [], questions, notes: [] }
}

describe('LLM engines against scripted provider failures', async () => {
  const dir = path.join(projectRoot(), 'tests/fixtures/open')
  const evidence = await extractEvidence([
    {
      name: 'handbook_company_security.md',
      bytes: readFileSync(path.join(dir, 'posthog/handbook_company_security_050a845c.md')),
    },
    { name: 'security_index.md', bytes: readFileSync(path.join(dir, 'basecamp-policies/security_index.md')) },
  ])
  const index = evidenceIndex(evidence)
  const engines = [
    {
      name: 'gemini',
      engine: () => new LlmEngine(new GeminiClient('mock-key', 'gemini-2.5-flash'), { batchSize: 10, baseDelayMs: 10 }),
      mock: gemini,
    },
    {
      name: 'openai',
      engine: () =>
        new LlmEngine(new OpenAiCompatibleClient(OPENAI_TEST_BASE_URL, 'mock-model', 'mock-key'), {
          batchSize: 10,
          baseDelayMs: 10,
        }),
      mock: openai,
    },
  ]
  for (const { name, engine: make, mock } of engines) {
    it(`${name}: retries, drops invented quotes, keeps only verbatim citations, counts tokens`, async () => {
      const engine = make()
      mock.state.script.push('429', '500', 'malformed', 'invent')
      const q = questionnaire()
      const answers = await engine.answer(q, evidence)
      expect(answers).toHaveLength(q.questions.length)
      const u = engine.usage
      expect(u.retries).toBeGreaterThanOrEqual(2)
      expect(u.calls).toBeGreaterThanOrEqual(Math.ceil(q.questions.length / 10))
      expect(u.input).toBeGreaterThan(0)
      expect(u.output).toBeGreaterThan(0)
      const citations = answers.flatMap((a) => a.citations)
      expect(citations.length).toBeGreaterThan(0)
      expect(citations.filter((c) => !isVerbatim(index, c))).toEqual([])
      expect(answers.some((a) => a.reasons.some((r) => r.includes('not found verbatim')))).toBe(true)
    })
  }
})
