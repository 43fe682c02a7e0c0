import { getEnv } from './env.server'

const ORDER = { debug: 10, info: 20, warn: 30, warning: 30, error: 40, silent: 100 } as const
export type Level = 'debug' | 'info' | 'warn' | 'error'

/** Whether a message of this level should be printed under LOG_LEVEL. */
export function enabled(level: Level | 'warning'): boolean {
  return ORDER[level] >= ORDER[getEnv().LOG_LEVEL]
}

export function log(level: Level, message: string) {
  if (!enabled(level)) return
  const line = `[qfill] ${message}`
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}
