import { answerEngineName, type Env } from '../infra/env.server'
import { log } from '../infra/log.server'
import { GeminiClient } from './llm/gemini.server'
import { LlmEngine } from './llm/engine'
import { OpenAiCompatibleClient } from './llm/openai.server'
import type { AnsweringEngine } from './model'
import { answerCalibrated, OfflineEngine } from './offline/engine'

type EngineEnv = Pick<Env, 'ANSWER_ENGINE' | 'GEMINI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'> & Partial<Env>

/**
 * The engine chosen by configuration; the offline engine needs nothing and is the default. Customer text goes
 * only to the provider configured here.
 */
export function createEngine(env: EngineEnv): AnsweringEngine {
  const name = answerEngineName(env as Env)
  const options = {
    log: (line: string, level: 'info' | 'warn' = 'info') => log(level, line, { component: 'engine' }),
    fallback: answerCalibrated,
  }
  switch (name) {
    case 'offline':
      return new OfflineEngine()
    case 'gemini':
      return new LlmEngine(new GeminiClient(env.GEMINI_API_KEY!, env.GEMINI_MODEL ?? 'gemini-2.5-flash'), options)
    case 'openai':
      return new LlmEngine(
        new OpenAiCompatibleClient(env.OPENAI_BASE_URL!, env.OPENAI_MODEL!, env.OPENAI_API_KEY),
        options,
      )
  }
}
