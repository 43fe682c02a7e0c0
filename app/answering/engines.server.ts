import { answerEngineName, type Env } from '../env.server'
import type { AnsweringEngine } from './model'
import { OfflineEngine } from './offline/engine'

/** The engine chosen by configuration; the offline engine needs nothing and is the default. */
export function createEngine(env: Pick<Env, 'ANSWER_ENGINE' | 'GEMINI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'> & Partial<Env>): AnsweringEngine {
  const name = answerEngineName(env as Env)
  switch (name) {
    case 'offline':
      return new OfflineEngine()
    default:
      throw new Error(`The ${name} engine is not available in this build yet; set ANSWER_ENGINE=offline.`)
  }
}
