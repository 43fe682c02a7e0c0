import { answerEngineName, getEnv, type Env } from '../app/infra/env.server'
import { projectRoot } from '../app/infra/project-root.server'

declare const Deno: { execPath(): string } | undefined

/**
 * How a job's child process is started (jobs/run-isolated.server.ts). Under Node: this Node with a capped heap.
 * Under Deno: Deno's own fork() would start the child with every permission (-A), so the child is started with
 * its own, narrower flags instead: read of the project folder (its code and node_modules), the environment, the
 * host name, and
 * network access only to the configured AI provider (none with the offline engine). The child parses the
 * uploaded files, the part of QFill most exposed to hostile input: it may not write files, run programs or
 * reach anything else.
 */
export function childCommand(script: string, heapMb: number, env: Env = getEnv()): { command: string; args: string[] } {
  if (typeof Deno === 'undefined')
    return { command: process.execPath, args: [`--max-old-space-size=${heapMb}`, script] }
  const provider = providerHost(env)
  return {
    command: Deno.execPath(),
    args: [
      'run',
      '--no-prompt',
      `--allow-read=${projectRoot()}`,
      '--allow-env',
      '--allow-sys=hostname', // pino reads it as it loads
      ...(provider ? [`--allow-net=${provider}`] : []),
      `--v8-flags=--max-old-space-size=${heapMb}`,
      '--unstable-sloppy-imports',
      '--unstable-bare-node-builtins',
      script,
    ],
  }
}

/** The host the configured answering engine calls, if any. */
export function providerHost(env: Env): string | null {
  switch (answerEngineName(env)) {
    case 'gemini':
      return 'generativelanguage.googleapis.com'
    case 'openai':
      return new URL(env.OPENAI_BASE_URL!).host
    case 'offline':
      return null
  }
}
