import { createEngine } from '../answering/engines.server'
import type { AnsweringEngine } from '../answering/model'
import { db, type Sql } from './db.server'
import { getEnv, secrets, type Env } from './env.server'
import { fileStore, type FileStore } from '../storage/files.server'

export interface Services {
  env: Env
  sql: Sql
  store: FileStore
  sessionSecret: string
  engine(): AnsweringEngine
}

const holder = globalThis as typeof globalThis & { __qfillServices?: Services }

/** The process's shared services, built once from the checked environment and the connected database. */
export function services(): Services {
  if (holder.__qfillServices) return holder.__qfillServices
  const env = getEnv()
  const { sessionSecret, fileKey } = secrets(env)
  const sql = db()
  holder.__qfillServices = { env, sql, store: fileStore(sql, fileKey), sessionSecret, engine: () => createEngine(env) }
  return holder.__qfillServices
}

export function resetServices() {
  holder.__qfillServices = undefined
}
