import { existsSync } from 'node:fs'
import { setupServer } from 'msw/node'
import { geminiMock } from '../tests/mocks/gemini'
import { OPENAI_TEST_BASE_URL, openaiMock } from '../tests/mocks/openai'
import { evidenceIndex, isVerbatim } from '../app/answering/citations'
import { GeminiClient } from '../app/answering/llm/gemini.server'
import { LlmEngine } from '../app/answering/llm/engine'
import { OpenAiCompatibleClient } from '../app/answering/llm/openai.server'
import { extractEvidence } from '../app/evidence/extract.server'
import { AS_OF } from './accuracy'
import { evalRoot, loadSets } from './sets'

/**
 * The Gemini and OpenAI-compatible engines on one real set, against the MSW mocks in tests/mocks (scripted replies
 * that quote the passages they are sent, plus a 429, a 500, a malformed reply and a batch of invented quotes).
 * It proves batching, retries, fallbacks, token accounting and the verbatim check end to end. It is NOT an
 * accuracy figure: the mocks answer Yes to everything.
 */
export async function runPlumbing(projectRoot: string): Promise<string> {
  const root = evalRoot(projectRoot)
  if (!existsSync(root)) return 'skipped: ../shared/data/eval not found'
  const set = loadSets(root).find((s) => s.name.includes('Canvas Studio'))
  if (!set || set.problem) return `skipped: ${set?.problem ?? 'set not found'}`
  const evidence = await extractEvidence(set.evidence)
  const index = evidenceIndex(evidence)
  const gemini = geminiMock()
  const openai = openaiMock()
  const server = setupServer(...gemini.handlers, ...openai.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  const lines = ['| engine | calls | retries | failed batches | tokens in/out | answers | kept citations | dropped invented | invalid citations | time |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |']
  try {
    const engines = [
      { engine: new LlmEngine(new GeminiClient('mock-key', 'gemini-2.5-flash'), { now: AS_OF, batchSize: 10, baseDelayMs: 10 }), mock: gemini },
      { engine: new LlmEngine(new OpenAiCompatibleClient(OPENAI_TEST_BASE_URL, 'mock-model', 'mock-key'), { now: AS_OF, batchSize: 10, baseDelayMs: 10 }), mock: openai },
    ]
    for (const { engine, mock } of engines) {
      mock.state.script.push('429', '500', 'malformed', 'invent')
      const started = performance.now()
      const answers = await engine.answer(set.questionnaire, evidence)
      const ms = performance.now() - started
      const citations = answers.flatMap((a) => a.citations)
      const dropped = answers.filter((a) => a.reasons.some((r) => r.includes('not found verbatim'))).length
      const u = engine.usage
      lines.push(
        `| ${engine.name} | ${u.calls} | ${u.retries} | ${u.failedBatches} | ${u.input}/${u.output} | ${answers.length} | ${citations.length} | ${dropped} answers | ${citations.filter((c) => !isVerbatim(index, c)).length} | ${(ms / 1000).toFixed(1)} s |`,
      )
    }
  } finally {
    server.close()
  }
  return `${set.name}, scripted replies: 429, 500, malformed JSON, invented quotes, then quotes of the passages sent.\n\n${lines.join('\n')}`
}
