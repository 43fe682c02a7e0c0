import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { LlmEngine } from '../app/answering/llm/engine'
import { GeminiClient } from '../app/answering/llm/gemini.server'
import { OpenAiCompatibleClient } from '../app/answering/llm/openai.server'
import type { LlmClient } from '../app/answering/llm/client'
import { extractEvidence } from '../app/evidence/extract.server'
import { parseQuestionnaire } from '../app/questionnaire/parse.server'

/**
 * `npm run bench:llm`: the Gemini (@google/genai) and OpenAI-compatible engine paths against a local mock provider,
 * a real HTTP server on loopback that answers every call after a fixed delay and takes at most `limit` calls at
 * once (one more gets an immediate 429, as a provider's concurrency limit would). It measures the plumbing, not
 * answers: calls, batch sizes, the concurrency achieved, and wall time against the ideal, calls × delay ÷ limit.
 * Node built-ins only: bench code ships with the CLI.
 */

interface MockStats {
  served: number
  rejected: number
  batchSizes: number[]
  peak: number
  busyMs: number
}

class MockProvider {
  private server?: Server
  private inFlight = 0
  stats: MockStats = { served: 0, rejected: 0, batchSizes: [], peak: 0, busyMs: 0 }

  constructor(
    readonly delayMs: number,
    public limit: number,
  ) {}

  reset(limit: number) {
    this.limit = limit
    this.stats = { served: 0, rejected: 0, batchSizes: [], peak: 0, busyMs: 0 }
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
    const gemini = req.url?.includes(':generateContent') ?? false
    if (!gemini && !req.url?.endsWith('/chat/completions'))
      return send(res, 404, { error: { message: `no route ${req.url}` } })
    if (this.inFlight >= this.limit) {
      this.stats.rejected++
      return send(
        res,
        429,
        gemini
          ? { error: { code: 429, message: 'Too many concurrent requests.', status: 'RESOURCE_EXHAUSTED' } }
          : { error: { message: 'Too many concurrent requests.', type: 'rate_limit_exceeded' } },
      )
    }
    this.inFlight++
    this.stats.peak = Math.max(this.stats.peak, this.inFlight)
    const started = performance.now()
    const keys = questionKeys(userText(body, gemini))
    await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    const answers = {
      answers: keys.map((key) => ({
        key,
        label: 'NO',
        text: 'Not stated in the evidence.',
        confidence: 0.2,
        citations: [],
      })),
    }
    const text = JSON.stringify(answers)
    this.stats.served++
    this.stats.batchSizes.push(keys.length)
    this.stats.busyMs += performance.now() - started
    this.inFlight--
    if (gemini) {
      send(res, 200, {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 100 * keys.length, candidatesTokenCount: 30 * keys.length },
      })
    } else {
      send(res, 200, {
        id: 'mock',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100 * keys.length, completion_tokens: 30 * keys.length },
      })
    }
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function userText(body: Record<string, unknown>, gemini: boolean): string {
  if (gemini) {
    const contents = body.contents as { parts?: { text?: string }[] }[] | undefined
    return (contents ?? [])
      .flatMap((c) => c.parts ?? [])
      .map((p) => p.text ?? '')
      .join('\n')
  }
  const messages = body.messages as { role: string; content: string }[] | undefined
  return (messages ?? [])
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n')
}

/** The question keys of a batch, wherever the prompt puts them (its layout is the engine's business). */
function questionKeys(text: string): string[] {
  return [...new Set([...text.matchAll(/"key":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string))]
}

/** A synthetic questionnaire and policy: every question finds passages, so every question goes to the provider. */
function syntheticInputs(questions: number) {
  const topics = [
    ['encrypt customer data at rest', 'Customer data is encrypted at rest with AES-256.'],
    [
      'enforce multi-factor authentication for administrators',
      'Multi-factor authentication is enforced for administrators.',
    ],
    ['review user access rights', 'User access rights are reviewed every quarter.'],
    ['test the disaster recovery plan', 'The disaster recovery plan is tested every year.'],
    ['scan servers for vulnerabilities', 'Servers are scanned for vulnerabilities every week.'],
    ['train employees in security awareness', 'Employees complete security awareness training when they join.'],
    ['log administrative access', 'Administrative access is logged centrally.'],
    ['back up production databases', 'Production databases are backed up daily.'],
    ['run penetration tests', 'Independent penetration tests are run every year.'],
    ['document incident response procedures', 'Incident response procedures are documented and tested.'],
  ] as const
  const rows = ['ID,Question,Answer,Comments']
  for (let i = 0; i < questions; i++) {
    const [asked] = topics[i % topics.length]!
    rows.push(`Q-${i + 1},"Do you ${asked} for service ${Math.floor(i / topics.length) + 1}?",,`)
  }
  const policy = `# Security policy\n\n${topics.map(([, stated]) => stated).join('\n\n')}\n`
  return {
    questionnaire: parseQuestionnaire('bench.csv', new TextEncoder().encode(rows.join('\n'))),
    evidence: [{ name: 'policy.md', bytes: new TextEncoder().encode(policy) }],
  }
}

interface Scenario {
  name: string
  limit: number
  concurrency: number
  batchSize: number
  questions: number
}

export async function runLlmBench(options: { delayMs?: number } = {}): Promise<string> {
  const delayMs = options.delayMs ?? 1000
  const scenarios: Scenario[] = [
    { name: 'provider takes 15 at once, engine defaults', limit: 15, concurrency: 15, batchSize: 20, questions: 600 },
    { name: 'provider takes 8 at once, engine defaults', limit: 8, concurrency: 15, batchSize: 20, questions: 600 },
    { name: 'provider takes 4 at once, engine defaults', limit: 4, concurrency: 15, batchSize: 20, questions: 400 },
    { name: 'provider takes 4 at once, engine set to 4', limit: 4, concurrency: 4, batchSize: 20, questions: 400 },
  ]
  const mock = new MockProvider(delayMs, 1)
  const baseUrl = await mock.start()
  const lines = [
    `Mock provider on loopback: every call answered after ${delayMs} ms; a call beyond the provider's limit gets an immediate 429.`,
    '',
    '| engine | scenario | questions | calls | turned away (429) | batch sizes | peak / mean concurrency | wall | ideal | ratio | CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ]
  try {
    for (const provider of ['gemini', 'openai-compatible'] as const) {
      for (const s of scenarios) {
        const { questionnaire, evidence: files } = syntheticInputs(s.questions)
        const evidence = await extractEvidence(files)
        mock.reset(s.limit)
        const client: LlmClient =
          provider === 'gemini'
            ? new GeminiClient('mock-key', 'gemini-2.5-flash', baseUrl)
            : new OpenAiCompatibleClient(`${baseUrl}/v1`, 'mock-model', 'mock-key')
        const engine = new LlmEngine(client, { batchSize: s.batchSize, concurrency: s.concurrency, baseDelayMs: 1000 })
        const cpu = process.cpuUsage()
        const started = performance.now()
        const answers = await engine.answer(questionnaire, evidence)
        const wall = performance.now() - started
        const used = process.cpuUsage(cpu)
        const cpuMs = (used.user + used.system) / 1000
        const st = mock.stats
        const asked = st.batchSizes.reduce((a, b) => a + b, 0)
        if (engine.usage.failedBatches || asked !== answers.length) {
          lines.push(
            `| ${engine.name} | ${s.name} | ${answers.length} | ${st.served} | ${st.rejected} | ${engine.usage.failedBatches} batches failed, ${asked} questions reached the provider | | | | |`,
          )
          continue
        }
        const ideal = (st.served * delayMs) / s.limit
        const sizes = [...new Set(st.batchSizes)]
          .sort((a, b) => b - a)
          .map((n) => `${n}×${st.batchSizes.filter((x) => x === n).length}`)
          .join(', ')
        lines.push(
          `| ${provider} | ${s.name} | ${answers.length} | ${st.served} | ${st.rejected} | ${sizes} | ${st.peak} / ${(st.busyMs / wall).toFixed(1)} | ${(wall / 1000).toFixed(2)} s | ${(ideal / 1000).toFixed(2)} s | ${(wall / ideal).toFixed(2)} | ${(cpuMs / 1000).toFixed(2)} s |`,
        )
      }
    }
  } finally {
    await mock.stop()
  }
  lines.push(
    '',
    "ideal = calls × delay ÷ the provider's limit; target: ratio ≤ 1.2. CPU: this process's CPU time during the run (the engine's retrieval, prompts and checks, the SDKs and the mock), which the ideal does not count.",
    `Load average when the run ended: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores.`,
  )
  return lines.join('\n')
}
