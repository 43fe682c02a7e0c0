import type { SpendRefusal } from '../access/quota.server'
import type { TokenRow } from '../access/tokens.server'
import type { Sql } from '../infra/db.server'
import type { Queryable } from '../infra/db.server'
import { acceptUpload, discardUpload, reserveUpload, type UnansweredMode } from '../job/actions.server'
import { fillFailure, type FillFailure } from './fill-failure'
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
import { HashingSink, UploadedFile } from './upload-sink.server'

export const TOKEN_REQUIRED: UploadProblem = {
  title: 'Token Required',
  message:
    'An access token is required: send it as "Authorization: Bearer <token>", an x-api-key header or a "token" form field before the files.',
}

/** Stops reading the body with a finished outcome (a bad token, a file before the token, an unexpected part). */
export class Refusal extends Error {
  constructor(readonly outcome: FillFailure) {
    super(outcome.problems[0]?.message)
  }
}

export const invalidUpload = (problem: UploadProblem) =>
  fillFailure('invalid_upload', { problems: [problem] }, { details: [problem] })

/** Why a token may not spend now, as the upload answers it. */
function spendRefusal(reason: SpendRefusal): FillFailure {
  if (reason === 'unknown' || reason === 'revoked') return fillFailure('invalid_token', { reason })
  // Expired, yet it may still read its results (tokens.server.ts): it may not start a questionnaire.
  if (reason === 'expired') return fillFailure('token_expired')
  if (reason === 'exhausted') return fillFailure('quota_exhausted')
  return fillFailure(reason === 'busy' ? 'job_in_progress' : 'too_many_uploads')
}

/**
 * One upload as it is read: the job reserved for it once its sender may spend (before any file byte), its files
 * stored as they arrive, and in the end accepted (queued) or discarded (the questionnaire given back). An upload
 * that repeats an Idempotency-Key (`compareOnly`) reserves nothing and stores nothing: its files are only hashed,
 * to compare the body with the first one's.
 */
export class Upload {
  unanswered: UnansweredMode = 'blank'
  /** The product the questionnaire is for (the optional `product` field). */
  product: string | null = null
  private reservation: { jobId: string; priority: number } | null = null
  private questionnaire: UploadedFile | null = null
  private readonly evidence: UploadedFile[] = []
  /** Parts sent without a file name (an empty file input, or an odd client): kept in memory, within their limit. */
  private readonly unnamed: { size: number }[] = []
  private accepted = false
  /** Files of a repeated request: hashed, not stored. */
  private readonly compared: { field: string; name: string; sink: HashingSink }[] = []
  compareOnly = false

  constructor(
    private readonly sql: Sql,
    private readonly store: FileStore,
  ) {}

  /** The sender is known: its files may be read. */
  get reserved(): boolean {
    return this.reservation !== null || this.compareOnly
  }

  /** Spends one questionnaire of the token, or says why it may not (nothing spent then). */
  async reserve(
    token: TokenRow,
    onReserved?: (tx: Queryable, jobId: string) => Promise<void>,
  ): Promise<FillFailure | null> {
    const reserved = await reserveUpload(this.sql, token.id, { onReserved })
    if (!reserved.ok) return spendRefusal(reserved.reason)
    this.reservation = { jobId: reserved.jobId, priority: reserved.priority }
    return null
  }

  /** Where each file part goes; throws a Refusal before keeping a byte of a file the upload cannot take. */
  fileStart: PartHandlers['fileStart'] = (field, rawName) => {
    if (!this.reserved) throw new Refusal(fillFailure('token_required'))
    if (this.compareOnly) return this.compare(field, rawName)
    const { jobId } = this.reservation!
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
    // 'library' (earlier answered questionnaires) shares the 10 files with evidence, and is read as evidence:
    // answered questionnaires among the evidence are the answer library.
    if (field === 'evidence' || field === 'library') {
      if (this.evidence.length >= MAX_EVIDENCE_FILES) throw new Refusal(tooManyFiles())
      const stored = this.evidence.filter((f) => f.stored).length
      const file = new UploadedFile(
        this.store,
        jobId,
        name,
        { role: 'evidence', position: stored, field },
        {
          title: 'Invalid Evidence File',
          check: checkEvidenceFile,
        },
      )
      this.evidence.push(file)
      return { limit: EVIDENCE_MAX_BYTES, sink: file }
    }
    throw new Refusal(unexpectedFile(name, field))
  }

  /** A file of a repeated request: only its hash is kept, within the same limits. */
  private compare(field: string, rawName: string): { limit: number; sink: PartSink } {
    const name = safeName(rawName)
    if (field !== 'questionnaire' && field !== 'evidence' && field !== 'library')
      throw new Refusal(unexpectedFile(name, field))
    const evidence = this.compared.filter((f) => f.field !== 'questionnaire').length
    if (field !== 'questionnaire' && evidence >= MAX_EVIDENCE_FILES) throw new Refusal(tooManyFiles())
    const sink = new HashingSink()
    this.compared.push({ field, name, sink })
    return { limit: field === 'questionnaire' ? QUESTIONNAIRE_MAX_BYTES : EVIDENCE_MAX_BYTES, sink }
  }

  /** Each file's field, name and SHA-256, in the order sent: what makes two requests the same body. */
  fingerprintFiles(): { field: string; name: string; sha256: string }[] {
    if (this.compareOnly) return this.compared.map((f) => ({ field: f.field, name: f.name, sha256: f.sink.sha256 }))
    const files = [this.questionnaire, ...this.evidence].filter((f): f is UploadedFile => f !== null)
    return files.map((f) => ({ field: f.field, name: f.name, sha256: f.sha256 }))
  }

  /**
   * Every part was read: the problems of the files, every one at once (extension, content, malware), or none.
   */
  problems(): UploadProblem[] {
    // A repeated request's files were checked when the first one came; here they are only compared.
    if (this.compareOnly) return []
    const problems: UploadProblem[] = []
    if (!this.questionnaire) problems.push(MISSING_QUESTIONNAIRE)
    for (const part of this.unnamed)
      if (part.size > 0) problems.push(checkEvidenceFile({ name: safeName(''), size: part.size })!)
    for (const file of [this.questionnaire, ...this.evidence]) if (file?.problem) problems.push(file.problem)
    return problems
  }

  /**
   * Queues the job (after problems() found none). `onAccepted` runs in the accepting transaction; if it throws,
   * nothing is accepted and release() gives the questionnaire back.
   */
  async accept(
    token: TokenRow,
    onAccepted?: (tx: Queryable, jobId: string) => Promise<void>,
  ): Promise<{ ok: true; jobId: string; evidenceCount: number; token: TokenRow }> {
    const { jobId, priority } = this.reservation!
    const files = {
      questionnaireName: this.questionnaire!.name,
      evidenceCount: this.evidence.length,
      unanswered: this.unanswered,
      product: this.product,
      priority,
    }
    this.accepted = await acceptUpload(this.sql, jobId, files, onAccepted && ((tx) => onAccepted(tx, jobId)))
    if (!this.accepted) throw new Error(`job ${jobId} was no longer uploading when its files were complete`)
    return { ok: true, jobId, evidenceCount: this.evidence.length, token }
  }

  /** The request ended without acceptance (refused, broken off, failed): the job and its files go, quota back. */
  async release(): Promise<void> {
    for (const file of [this.questionnaire, ...this.evidence]) file?.close()
    if (this.reservation && !this.accepted) await discardUpload(this.sql, this.reservation.jobId)
  }
}

const tooManyFiles = () =>
  invalidUpload({
    title: 'Too Many Files',
    message: `Maximum ${MAX_EVIDENCE_FILES} evidence files allowed; send at most ${MAX_EVIDENCE_FILES}.`,
  })

const unexpectedFile = (name: string, field: string) =>
  invalidUpload({
    title: 'Unexpected File',
    message: `${name} was sent as "${field}"; use the fields "questionnaire", "evidence" and "library".`,
  })

/** A sink that only counts what passes through it. */
function counting(part: { size: number }): PartSink {
  return {
    async write(chunk) {
      part.size += chunk.byteLength
    },
    async end() {},
  }
}
