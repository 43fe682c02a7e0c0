import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../app/infra/project-root.server'
import { EVIDENCE_MD, QUESTIONS, questionnaireCsv, readSheet } from '../tests/support/files'

const qfill = path.join(projectRoot(), 'bin/qfill.js')

/** The test process's environment as strings, with these changes (an empty value removes a variable). */
function envWith(changes: Record<string, string>): Record<string, string> & NodeJS.ProcessEnv {
  const env: Record<string, string> & NodeJS.ProcessEnv = { NODE_ENV: 'test' }
  for (const [k, v] of Object.entries({ ...process.env, ...changes })) if (v) env[k] = v
  return env
}

// An OpenAI-compatible endpoint on loopback that refuses every call, so the engine has failures to log.
let provider: ReturnType<typeof createServer>
let providerUrl: string
beforeAll(async () => {
  provider = createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: 'invalid api key' } }))
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`
})
afterAll(() => provider?.close())

function workFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-mcp-'))
  writeFileSync(path.join(dir, 'vendor.csv'), questionnaireCsv())
  writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
  return dir
}

describe('qfill mcp', () => {
  it('answers a questionnaire, reads its answers and applies edits for an MCP client over stdio', async () => {
    const dir = workFolder()
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [qfill, 'mcp'],
      cwd: dir,
      env: envWith({ DATABASE_URL: '', LOG_LEVEL: 'info', OPENAI_BASE_URL: providerUrl, OPENAI_MODEL: 'any-model' }),
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr!.on('data', (d) => (stderr += d))
    const client = new Client({ name: 'qfill-test', version: '1' })
    const errors: Error[] = []
    client.onerror = (error) => errors.push(error)
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual(['answer_questionnaire', 'apply_answers', 'get_answers'])

      // Relative paths: from the folder the server runs in.
      const answered = await client.callTool({
        name: 'answer_questionnaire',
        arguments: { questionnaire: 'vendor.csv', evidence: ['policy.md'], outDir: 'out', product: 'Acme Cloud' },
      })
      expect(answered.isError).toBeFalsy()
      const result = answered.structuredContent as {
        files: { xlsx: string; pdf: string; json: string }
        summary: { questions: number; answered: number; engine: string }
        exitCode: number
      }
      expect(result.files).toEqual({
        xlsx: path.join('out', 'vendor.completed.xlsx'),
        pdf: path.join('out', 'vendor.summary.pdf'),
        json: path.join('out', 'vendor.answers.json'),
      })
      expect(result.summary).toMatchObject({ questions: QUESTIONS.length, engine: 'offline' })
      expect(result.summary.answered).toBeGreaterThan(0)
      expect(result.exitCode).toBe(0)
      expect(readFileSync(path.join(dir, 'out/vendor.summary.pdf')).subarray(0, 5).toString()).toBe('%PDF-')
      expect(
        readSheet(readFileSync(path.join(dir, 'out/vendor.completed.xlsx')), '_SUMMARY')
          .flat()
          .join(' '),
      ).toContain('AC-1')

      const read = await client.callTool({ name: 'get_answers', arguments: { answers: 'out/vendor.answers.json' } })
      const answers = read.structuredContent as { questions: { id: string; answer: string | null; flagged: boolean }[] }
      expect(answers.questions).toHaveLength(QUESTIONS.length)
      const flagged = await client.callTool({
        name: 'get_answers',
        arguments: { answers: 'out/vendor.answers.json', flaggedOnly: true },
      })
      expect((flagged.structuredContent as typeof answers).questions).toEqual(
        answers.questions.filter((q) => q.flagged),
      )

      const first = answers.questions[0]!
      const applied = await client.callTool({
        name: 'apply_answers',
        arguments: {
          questionnaire: 'vendor.csv',
          answers: 'out/vendor.answers.json',
          outDir: 'reviewed',
          edits: [{ id: first.id, comment: 'Checked by the security team.', confirmed: true }],
        },
      })
      expect(applied.isError).toBeFalsy()
      expect((applied.structuredContent as { summary: { confirmed: number } }).summary.confirmed).toBe(1)
      const rewritten = JSON.parse(readFileSync(path.join(dir, 'reviewed/vendor.answers.json'), 'utf8'))
      expect(rewritten.questions[0]).toMatchObject({ id: first.id, comment: 'Checked by the security team.' })

      // Mistakes come back as tool errors saying what to fix; the server goes on.
      const missing = await client.callTool({ name: 'answer_questionnaire', arguments: { questionnaire: 'nope.csv' } })
      expect(missing.isError).toBe(true)
      expect(JSON.stringify(missing.content)).toContain('cannot read nope.csv: ENOENT')
      const unknown = await client.callTool({
        name: 'apply_answers',
        arguments: { questionnaire: 'vendor.csv', answers: 'out/vendor.answers.json', edits: [{ id: 'ZZ-9' }] },
      })
      expect(JSON.stringify(unknown.content)).toContain('no question with id ZZ-9')

      // With an AI provider that refuses every call, the engine's warnings go to stderr, never into the protocol.
      const failing = await client.callTool({
        name: 'answer_questionnaire',
        arguments: { questionnaire: 'vendor.csv', evidence: ['policy.md'], outDir: 'ai', engine: 'openai' },
      })
      expect((failing.structuredContent as { exitCode: number }).exitCode).toBe(3)
      expect(stderr).toMatch(/qfill: warning: openai-compatible \(any-model\): batch of \d+ failed/)
      expect(errors).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const dir = workFolder()
    const child = spawn(process.execPath, [qfill, 'mcp'], {
      cwd: dir,
      env: envWith({ DATABASE_URL: '', LOG_LEVEL: 'debug', OPENAI_BASE_URL: providerUrl, OPENAI_MODEL: 'any-model' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
    const replies = () => stdout.split('\n').filter(Boolean)
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    })
    send({ method: 'notifications/initialized' })
    send({
      id: 2,
      method: 'tools/call',
      params: {
        name: 'answer_questionnaire',
        arguments: { questionnaire: 'vendor.csv', evidence: ['policy.md'], engine: 'openai' },
      },
    })
    // Reading what the server sends back, not timing it: the call ends with its reply (id 2).
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => replies().some((l) => l.includes('"id":2')) && resolve())
      child.on('exit', (code) => reject(new Error(`qfill mcp exited with ${code}:\n${stderr}`)))
    })
    child.stdin.end()
    await new Promise((resolve) => child.once('exit', resolve))
    expect(child.exitCode).toBe(0)
    for (const line of replies()) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' })
    expect(replies().map((l) => JSON.parse(l).id)).toEqual([1, 2])
    expect(stderr).toMatch(/batch of \d+ failed/)
    expect(existsSync(path.join(dir, 'vendor.answers.json'))).toBe(true)
  })
})
