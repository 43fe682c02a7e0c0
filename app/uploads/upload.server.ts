import { SPEND_REFUSALS } from '../access/quota.server'
import type { TokenRow } from '../access/tokens.server'
import type { Sql } from '../db.server'
import { acceptUpload, discardUpload, reserveUpload, type UnansweredMode } from '../job/actions.server'
import type { FileStore } from '../storage/files.server'
import { safeName } from './file-names'
import {
  checkEvidenceFile,
  checkQuestionnaireFile,
  EVIDENCE_MAX_BYTES,
  MAX_EVIDENCE_FILES,
  MISSING_QUESTIONNAIRE,
  QUESTIONNAIRE_MAX_BYTES,
  type UploadProblem,
} from './limits'
import type { PartHandlers, PartSink } from './multipart.server'
import { UploadedFile } from './upload-sink.server'

export type FillErrorCode =
  | 'token_required'
  | 'invalid_token'
  | 'token_after_files'
  | 'not_multipart'
  | 'malformed_upload'
  | 'upload_too_large'
  | 'invalid_upload'
  | 'quota_exhausted'
  | 'token_expired'
  | 'token_revoked'
  | 'job_in_progress'
  | 'too_many_uploads'

export type FillRefusal = {
  ok: false
  status: 400 | 401 | 402 | 409 | 413 | 429
  code: FillErrorCode
  problems: UploadProblem[]
  /** Seconds, for a 429. */
  retryAfter?: number
}

export const TOKEN_REQUIRED: UploadProblem = {
  title: 'Token Required',
  message:
    'An access token is required: send it as "Authorization: Bearer <token>", an x-api-key header or a "token" form field before the files.',
}

/** Stops reading the body with a finished outcome (a bad token, a file before the token, an unexpected part). */
export class Refusal extends Error {
  constructor(readonly outcome: FillRefusal) {
    super(outcome.problems[0]?.message)
  }
}

export const refuse = (status: FillRefusal['status'], code: FillErrorCode, problem: UploadProblem) =>
  new Refusal({ ok: false, status, code, problems: [problem] })

/** How long a client refused for too many uploads in flight should wait. */
const UPLOADS_RETRY_AFTER_SECONDS = 10

/**
 * One upload as it is read: the job reserved for it once its sender may spend (before any file byte), its files
 * stored as they arrive, and in the end accepted (queued) or discarded (the questionnaire given back).
 */
export class Upload {
  unanswered: UnansweredMode = 'blank'
  private reservation: { jobId: string; priority: number } | null = null
  private questionnaire: UploadedFile | null = null
  private readonly evidence: UploadedFile[] = []
  /** Parts sent without a file name (an empty file input, or an odd client): kept in memory, within their limit. */
  private readonly unnamed: { size: number }[] = []
  private accepted = false

  constructor(
    private readonly sql: Sql,
    private readonly store: FileStore,
  ) {}

  get reserved(): boolean {
    return this.reservation !== null
  }

  /** Spends one questionnaire of the token, or says why it may not (nothing spent then). */
  async reserve(token: TokenRow): Promise<FillRefusal | null> {
    const reserved = await reserveUpload(this.sql, token.id)
    if (reserved.ok) {
      this.reservation = { jobId: reserved.jobId, priority: reserved.priority }
      return null
    }
    const refusal = SPEND_REFUSALS[reserved.reason]
    const title = reserved.reason === 'busy' || reserved.reason === 'uploads' ? 'Please Wait' : 'Quota Exhausted'
    return {
      ok: false,
      status: refusal.status,
      code: refusal.code as FillErrorCode,
      problems: [{ title, message: refusal.message }],
      ...(refusal.status === 429 ? { retryAfter: UPLOADS_RETRY_AFTER_SECONDS } : {}),
    }
  }

  /** Where each file part goes; throws a Refusal before keeping a byte of a file the upload cannot take. */
  fileStart: PartHandlers['fileStart'] = (field, rawName) => {
    if (!this.reservation) throw refuse(401, 'token_after_files', TOKEN_REQUIRED)
    const { jobId } = this.reservation
    if (rawName === '') {
      const part = { size: 0 }
      this.unnamed.push(part)
      return { limit: EVIDENCE_MAX_BYTES, sink: counting(part) }
    }
    const name = safeName(rawName)
    if (field === 'questionnaire') {
      // Like the upload panel, only the first questionnaire counts; another one is read and dropped.
      if (this.questionnaire) return { limit: QUESTIONNAIRE_MAX_BYTES, sink: counting({ size: 0 }) }
      this.questionnaire = new UploadedFile(
        this.store,
        jobId,
        name,
        { role: 'questionnaire', position: 0 },
        {
          title: 'Invalid Questionnaire File',
          check: checkQuestionnaireFile,
        },
      )
      return { limit: QUESTIONNAIRE_MAX_BYTES, sink: this.questionnaire }
    }
    if (field === 'evidence') {
      if (this.evidence.length >= MAX_EVIDENCE_FILES)
        throw refuse(400, 'invalid_upload', {
          title: 'Too Many Files',
          message: `Maximum ${MAX_EVIDENCE_FILES} evidence files allowed; send at most ${MAX_EVIDENCE_FILES}.`,
        })
      const stored = this.evidence.filter((f) => f.stored).length
      const file = new UploadedFile(
        this.store,
        jobId,
        name,
        { role: 'evidence', position: stored },
        {
          title: 'Invalid Evidence File',
          check: checkEvidenceFile,
        },
      )
      this.evidence.push(file)
      return { limit: EVIDENCE_MAX_BYTES, sink: file }
    }
    throw refuse(400, 'invalid_upload', {
      title: 'Unexpected File',
      message: `${name} was sent as "${field}"; use the fields "questionnaire" and "evidence".`,
    })
  }

  /** Every part was read: queue the job, or refuse with every problem at once (extension, content, malware). */
  async finish(
    token: TokenRow,
  ): Promise<FillRefusal | { ok: true; jobId: string; evidenceCount: number; token: TokenRow }> {
    const problems: UploadProblem[] = []
    if (!this.questionnaire) problems.push(MISSING_QUESTIONNAIRE)
    for (const part of this.unnamed)
      if (part.size > 0) problems.push(checkEvidenceFile({ name: safeName(''), size: part.size })!)
    for (const file of [this.questionnaire, ...this.evidence]) if (file?.problem) problems.push(file.problem)
    if (problems.length) return { ok: false, status: 400, code: 'invalid_upload', problems }
    const { jobId, priority } = this.reservation!
    this.accepted = await acceptUpload(this.sql, jobId, {
      questionnaireName: this.questionnaire!.name,
      evidenceCount: this.evidence.length,
      unanswered: this.unanswered,
      priority,
    })
    if (!this.accepted) throw new Error(`job ${jobId} was no longer uploading when its files were complete`)
    return { ok: true, jobId, evidenceCount: this.evidence.length, token }
  }

  /** The request ended without acceptance (refused, broken off, failed): the job and its files go, quota back. */
  async release(): Promise<void> {
    for (const file of [this.questionnaire, ...this.evidence]) file?.close()
    if (this.reservation && !this.accepted) await discardUpload(this.sql, this.reservation.jobId)
  }
}

/** A sink that only counts what passes through it. */
function counting(part: { size: number }): PartSink {
  return {
    async write(chunk) {
      part.size += chunk.byteLength
    },
    async end() {},
  }
}
