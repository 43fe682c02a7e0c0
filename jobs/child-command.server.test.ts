import { describe, expect, it } from 'vitest'
import { parseEnv } from '../app/infra/env.server'
import { childCommand, providerHost } from './child-command.server'

const env = (vars: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'test', ...vars })

describe("a job child's command", () => {
  it('under Node: this Node with the heap capped', () => {
    expect(childCommand('/app/jobs/pipeline-child.mjs', 768, env())).toEqual({
      command: process.execPath,
      args: ['--max-old-space-size=768', '/app/jobs/pipeline-child.mjs'],
    })
  })

  it("under Deno: its own narrow permissions, never fork()'s -A", () => {
    const holder = globalThis as { Deno?: { execPath(): string } }
    holder.Deno = { execPath: () => '/opt/deno/bin/deno' }
    try {
      const offline = childCommand('/app/jobs/pipeline-child.mjs', 768, env())
      expect(offline.command).toBe('/opt/deno/bin/deno')
      expect(offline.args[0]).toBe('run')
      expect(offline.args.at(-1)).toBe('/app/jobs/pipeline-child.mjs')
      expect(offline.args).toContain('--v8-flags=--max-old-space-size=768')
      expect(offline.args).toContain('--no-prompt')
      expect(offline.args.filter((a) => /^(-A|--allow-all|--allow-(write|run|ffi|net)\b)/.test(a))).toEqual([])
      const gemini = childCommand('/app/jobs/pipeline-child.mjs', 768, env({ GEMINI_API_KEY: 'k' }))
      expect(gemini.args.filter((a) => a.startsWith('--allow-net'))).toEqual([
        '--allow-net=generativelanguage.googleapis.com',
      ])
    } finally {
      delete holder.Deno
    }
  })

  it('may reach only the configured AI provider', () => {
    expect(providerHost(env({ ANSWER_ENGINE: 'offline', GEMINI_API_KEY: 'k' }))).toBeNull()
    expect(providerHost(env({ GEMINI_API_KEY: 'k' }))).toBe('generativelanguage.googleapis.com')
    expect(
      providerHost(env({ OPENAI_BASE_URL: 'http://llm.internal:8000/v1', OPENAI_MODEL: 'm', ANSWER_ENGINE: 'openai' })),
    ).toBe('llm.internal:8000')
  })
})
