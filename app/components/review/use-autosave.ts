import { useCallback, useEffect, useRef, useState } from 'react'
import type { BatchResult } from '../../review/batch.server'
import type { ReviewRowView } from '../../review/view'
import { announceRateLimit, retryAfterSeconds } from '../rate-limit'
import { AutosaveQueue, type QueueStatus, type RowDraft, type SendOutcome } from './autosave-queue'

export type Draft = RowDraft & { version: number }

/** The server's answer to the last save that covered each row, and the page-wide figures it sent. */
export interface SavedState {
  rows: Map<string, { row: ReviewRowView; revision: number }>
  meta: Omit<BatchResult, 'rows' | 'invalid'> | null
}

const IDLE: QueueStatus = { unsaved: 0, sending: false, retryAt: null, problem: null }

/** One POST of the rows to save; every outcome, a 429 included, comes back as data (never thrown to the page). */
export async function sendRows(url: string, edits: (RowDraft & { key: string })[]): Promise<SendOutcome> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ edits }),
    })
  } catch {
    return { kind: 'failed', message: 'No connection to the server' }
  }
  if (response.status === 429)
    return { kind: 'rate-limited', retryAfterS: retryAfterSeconds(response.headers.get('Retry-After')) }
  const body = (await response.json().catch(() => null)) as (BatchResult & { error?: { message?: string } }) | null
  if (response.ok && body) return { kind: 'saved', result: body }
  const message = body?.error?.message ?? `The server answered ${response.status}`
  return response.status >= 500 ? { kind: 'failed', message } : { kind: 'refused', message }
}

/**
 * Autosave for the review screen (autosave-queue.ts does the work): the rows typed but not yet saved (drafts),
 * what the server answered, per-row refusals, and `settled()` for page-wide buttons that must follow the edits.
 */
export function useAutosave(url: string) {
  const [drafts, setDrafts] = useState(new Map<string, Draft>())
  const [saved, setSaved] = useState<SavedState>({ rows: new Map(), meta: null })
  const [errors, setErrors] = useState(new Map<string, string>())
  const [status, setStatus] = useState<QueueStatus>(IDLE)
  const version = useRef(0)
  const queue = useRef<AutosaveQueue | null>(null)

  const onSaved = useCallback((result: BatchResult, versions: Map<string, number>) => {
    const { rows, invalid, ...meta } = result
    setSaved((prev) => {
      const next = new Map(prev.rows)
      for (const row of rows) next.set(row.key, { row, revision: meta.revision })
      return { rows: next, meta: prev.meta && prev.meta.revision > meta.revision ? prev.meta : meta }
    })
    const refused = new Map(invalid.map((i) => [i.key, i.message]))
    // A draft the server now holds is dropped, unless it was typed again since that request left.
    setDrafts((prev) => {
      const next = new Map(prev)
      for (const [key, v] of versions) if (!refused.has(key) && (next.get(key)?.version ?? 0) <= v) next.delete(key)
      return next
    })
    setErrors((prev) => {
      const next = new Map(prev)
      for (const key of versions.keys()) next.delete(key)
      for (const [key, message] of refused) next.set(key, message)
      return next
    })
  }, [])

  useEffect(() => {
    const q = new AutosaveQueue({
      send: (edits) => sendRows(url, edits),
      onSaved,
      onStatus: (s) => {
        setStatus(s)
        announceRateLimit('autosave', s.problem?.kind === 'rate-limited' ? s.retryAt : null)
      },
    })
    queue.current = q
    return () => {
      announceRateLimit('autosave', null)
      queue.current = null
    }
  }, [url, onSaved])

  // Leaving with unsaved rows: the browser asks first.
  useEffect(() => {
    if (!status.unsaved) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [status.unsaved])

  const edit = useCallback((key: string, fields: RowDraft) => {
    const v = ++version.current
    setDrafts((prev) => new Map(prev).set(key, { ...prev.get(key), ...fields, version: v }))
    queue.current?.edit(key, fields, v)
  }, [])

  const settled = useCallback(() => queue.current?.settled() ?? Promise.resolve(), [])

  return { drafts, saved, errors, status, edit, settled }
}
