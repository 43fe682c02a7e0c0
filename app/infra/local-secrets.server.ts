import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The secrets a single machine keeps for itself in its data folder (secrets.json, mode 0600): the session secret
 * and file key when the environment gives none (env.server.ts), and the embedded Postgres password
 * (database/embedded.server.ts). Each writer adds its own keys and keeps the others'.
 */
export type LocalSecrets = Record<string, unknown>

export function readLocalSecrets(file: string): LocalSecrets {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as unknown
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as LocalSecrets) : {}
  } catch {
    return {}
  }
}

/** Merges `patch` into the file, written whole to a temporary file (0600) and renamed over it. */
export function updateLocalSecrets(file: string, patch: LocalSecrets): LocalSecrets {
  const next = { ...readLocalSecrets(file), ...patch }
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(next, null, 2), { mode: 0o600 })
  renameSync(temporary, file)
  return next
}
