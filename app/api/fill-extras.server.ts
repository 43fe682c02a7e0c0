import type { Queryable, Sql } from '../infra/db.server'
import { getEnv, secrets } from '../infra/env.server'
import { fillFailure, type FillFailure } from '../uploads/fill-failure'
import { registerCallback } from './callbacks/store.server'
import { checkCallbackUrl, parseCallbackUrl } from './callbacks/target.server'
import {
  claimKey,
  idempotencyKeyOf,
  keyState,
  keyUsed,
  PENDING,
  requestFingerprint,
  settleKey,
  type KeyState,
} from './idempotency.server'

/** How long a request repeating a key waits for the request holding it to receive its body. */
const PENDING_WAIT_MS = 10 * 60 * 1000

/** A repeated request: the job the key created. */
export interface Replay {
  ok: true
  jobId: string
  evidenceCount: number
}

/**
 * What POST /api/fill accepts beyond the files (ADRs 029, 030): an Idempotency-Key header and a callbackUrl
 * field. The upload path feeds it the request's text fields as they are read, asks it before creating a job
 * (a replay answers the earlier job; a reused key or a private callback host is refused), and runs its part of
 * the reserving transaction (claim the key) and of the accepting one (its fingerprint, the callback).
 */
export class FillExtras {
  private readonly fields: [string, string][] = []
  private callbackUrl: string | null = null
  private fingerprint = ''

  private constructor(private readonly key: string | null | 'invalid') {}

  static of(request: Request): FillExtras {
    return new FillExtras(idempotencyKeyOf(request))
  }

  /** A bad Idempotency-Key header, answered once the sender is known. */
  headerProblem(): FillFailure | null {
    return this.key === 'invalid' ? fillFailure('invalid_idempotency_key') : null
  }

  /** A text field of the upload; a malformed callbackUrl stops the upload before any file is read. */
  field(name: string, value: string): FillFailure | null {
    this.fields.push([name, value])
    if (name !== 'callbackUrl') return null
    const parsed = parseCallbackUrl(value)
    if (!parsed.ok) return fillFailure('invalid_callback_url', { problem: parsed.problem })
    this.callbackUrl = parsed.value.href
    return null
  }

  /**
   * Before a job is accepted: the callback host must resolve to public addresses, and the signing secret needs
   * the token itself (presented in this request). A request that only compared its body (`compared`: another
   * request holds the key) answers that request's job, once its body has arrived too, or is refused.
   */
  async prepare(
    sql: Sql,
    tokenId: number,
    presented: string | null,
    files: readonly { field: string; name: string; sha256: string }[],
    compared: boolean,
  ): Promise<FillFailure | Replay | null> {
    if (this.callbackUrl) {
      if (!presented)
        return fillFailure('invalid_callback_url', {
          problem:
            'needs the access token in this request (Authorization, x-api-key or the token field): callbacks are signed with a secret derived from it.',
        })
      const checked = await checkCallbackUrl(this.callbackUrl)
      if (!checked.ok) return fillFailure('invalid_callback_url', { problem: checked.problem })
    }
    if (typeof this.key !== 'string') return null
    this.fingerprint = requestFingerprint(this.fields, files)
    if (!compared) return null
    // The request holding the key is still receiving its body: wait for it (as long as an upload may take).
    for (const until = Date.now() + PENDING_WAIT_MS; ;) {
      const state = await keyState(sql, tokenId, this.key, this.fingerprint)
      if (state.kind !== 'pending' || Date.now() > until)
        return this.answerFor(state) ?? fillFailure('idempotency_key_in_use')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  /** Whether this token holds or used the key in the last 24 hours: then the request only compares its body. */
  async repeated(sql: Sql, tokenId: number): Promise<boolean> {
    return typeof this.key === 'string' && (await keyUsed(sql, tokenId, this.key))
  }

  /** Claims the key in the transaction that reserves the job; throws KeyTakenError when another request holds it. */
  onReserved(tokenId: number) {
    return async (tx: Queryable, jobId: string) => {
      if (typeof this.key === 'string') await claimKey(tx, { tokenId, key: this.key, fingerprint: PENDING, jobId })
    }
  }

  /** Runs in the transaction that accepts the job: the key's fingerprint, the callback to send when it ends. */
  onAccepted(tokenId: number, presented: string | null) {
    return async (tx: Queryable, jobId: string) => {
      if (typeof this.key === 'string')
        await settleKey(tx, { tokenId, key: this.key, fingerprint: this.fingerprint, jobId })
      if (this.callbackUrl && presented) {
        const { fileKey } = secrets(getEnv())
        await registerCallback(tx, { jobId, url: this.callbackUrl, token: presented, fileKey })
      }
    }
  }

  private answerFor(state: KeyState): FillFailure | Replay | null {
    if (state.kind === 'pending') return fillFailure('idempotency_key_in_use')
    if (state.kind === 'replay') return { ok: true, jobId: state.jobId, evidenceCount: state.evidenceCount }
    if (state.kind === 'reused') return fillFailure('idempotency_key_reused')
    return null
  }
}
