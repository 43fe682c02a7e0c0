import type { WriteEntry, WriteSummary } from '../questionnaire/write/model'
import type { EvidenceDocument, LibraryIdentity } from '../evidence/model'
import type { Questionnaire } from '../questionnaire/model'

/** The answer vocabulary. PLANNED carries its quarter in `planned` ("Q3/2026"). */
export type AnswerLabel = 'YES' | 'PARTIALLY' | 'PLANNED' | 'NO' | 'N/A'

export interface Citation {
  file: string
  location: string
  /** Verbatim text of the file (whitespace-normalised), at most 180 characters. */
  quote: string
}

export interface Answer {
  /** Question.key */
  key: string
  /** null: no evidence, the cell is left for the user (or keeps what was there). */
  label: AnswerLabel | null
  /** "Q3/2026" when label is PLANNED. */
  planned?: string
  /** A short answer in plain words, for free-text answer cells and comments. */
  text: string
  confidence: number
  citations: Citation[]
  flagged: boolean
  /** Why the answer is flagged (or why confidence is what it is): readable by the user. */
  reasons: string[]
  /** Set when the answer only follows another question's ("If yes, ..."): the key of that question. */
  dependencyOf?: string
  /** Set when the answer was taken from a previously answered questionnaire in the evidence. */
  reusedFrom?: string
  /** The answer was already in the uploaded questionnaire: kept as it was, never overwritten. */
  preexisting?: boolean
  /** The rule of the rules table that decided the label (or left the row for the user). */
  rule?: RuleName
  /** Every rule of the rules table that fired on this answer, in order (the deciding one included). */
  rules?: RuleName[]
  /** What the engine measured while deciding (features of the calibrated confidence, calibration.ts). */
  signals?: AnswerSignals
  /** For a question whose list holds things rather than verdicts ("4) AWS", "Tier III"): the item chosen, verbatim. */
  choice?: string
}

export interface AnswerSignals {
  /** Share of the question's weighted terms the deciding sentence (with its context) covers. */
  coverage?: number
  /** Its coverage minus the runner-up's. */
  margin?: number
  /** Other passages on the same side. */
  agreeing?: number
  /** Term overlap of the question and the earlier question it was matched to. */
  similarity?: number
  /**
   * Share of the question's own terms (example lists aside) that no evidence sentence uses: the more of its particular
   * words the evidence never speaks of, the less a sentence covering the rest says about it.
   */
  unseen?: number
  /** The confidence the deciding rule itself gave, before calibration. */
  score?: number
  /** The deciding sentence states a rule ("shall", "must", "is required", "requires") rather than what is done. */
  normative?: boolean
  /** List separators in the question (commas, "and", "or", "/", ";"), capped at 3: how many things it asks at once. */
  listed?: number
  /**
   * The deciding sentence names the question's core terms (its subject) and none of its other words: "Passwords are
   * hashed" for a question on password length or complexity limits covers none of the things it lists.
   */
  subjectOnly?: boolean
}

/**
 * The names of the rules every answer is decided and adjusted by (app/answering/offline/rules-table.ts lists each
 * with its reason, predicate and effect). answers.json carries the deciding one as `rule`.
 */
export const RULE_NAMES = [
  // The offline engine: reading the question
  'asks-for-remarks',
  'past-event',
  'condition-unmet',
  'leans-on-previous',
  'choice',
  'subject-never-mentioned',
  'name-never-mentioned',
  'performed-by-provider',
  'subject-phrase',
  'data-held',
  'customer-actor',
  'compound-head',
  'lead-in',
  'points-elsewhere',
  'purpose-only',
  'document-scope',
  'question-in-evidence',
  'provider-holding',
  'opposite-practice',
  'no-evidence',
  // The offline engine: reading the deciding sentence
  'evidence-yes',
  'negation',
  'limit',
  'plan',
  'subject-own',
  'leans-on-context',
  'agreement',
  'hedge',
  'self-contradiction',
  'denies-other',
  'kind-unstated',
  'scope-unstated',
  'practice-unstated',
  'document-unstated',
  'clause-unstated',
  'purpose-unstated',
  'basis-unstated',
  'neighbour-denies',
  'round-the-clock-unstated',
  'other-holder',
  'provider-performs',
  'answer-word-opens',
  'other-participle',
  'listed-as-excluded',
  'complement-unstated',
  'denied-elsewhere',
  'limited-nearby',
  'place-wider',
  'number-as-date',
  'own-staff-only',
  'general-advice',
  'scope-narrower',
  'version-other',
  'only-other-party',
  'name-unstated',
  'occurrence-unstated',
  'predicate-unstated',
  'manner-unstated',
  'instances-unstated',
  'compound-unstated',
  'parts-unstated',
  'compound-elsewhere',
  'supposed-only',
  'ability-not-rule',
  'recipient-unstated',
  'customer-rules-unstated',
  'acronym-unstated',
  'rule-not-record',
  'one-word-question',
  'title-only',
  'topic-only',
  'cut-off',
  'instruction',
  'past-practice',
  'identity-unstated',
  'party-unstated',
  'second-question',
  'refers-to-earlier',
  'free-text-unanswered',
  'holder-unstated',
  'head-unseen',
  'key-word-elsewhere',
  'verb-elsewhere',
  'note-referenced',
  'clause-excepted',
  'other-able',
  'severity-other',
  'some-of-all',
  'responsibility-other',
  'workforce-other',
  'subject-denied',
  'figure-unstated',
  'permission-unstated',
  'row-only',
  'answers-other-question',
  'edition-unstated',
  'described-elsewhere',
  'one-named',
  'threshold-some-columns',
  'duration-other-act',
  'asked-whether',
  'permission-capped',
  'question-denies',
  'labelled-part',
  'partial-coverage',
  'wording-capped',
  'period-unstated',
  'threshold-unmet',
  'undated-plan',
  // The company's earlier questionnaires
  'library-exact',
  'library-same-id',
  'library-near-exact',
  'library-similar',
  'library-other-product',
  'library-period',
  'library-confirmed',
  'library-contradicted',
  // The LLM engines
  'llm-answer',
  'llm-failed',
  // The output contract, every engine
  'profile-detail',
  'follows-parent',
  'repeated-question',
  'quote-not-verbatim',
  'uncited',
  'obligation',
  'lapsed-evidence',
  'low-confidence',
  // The uploaded questionnaire's own answers, and the user's choice for silent rows
  'preexisting',
  'preexisting-contradicted',
  'unanswered-no',
  'unreadable-question',
] as const

export type RuleName = (typeof RULE_NAMES)[number]

/** What every entry of the rules table states: its name and why it exists. */
export interface RuleEntry {
  name: RuleName
  /** What the rule does and why, in a sentence a reader of the benchmark understands. */
  reason: string
}

export interface EngineProgress {
  (processed: number, total: number): void
}

/** What the user says about the run beyond the files. */
export interface AnswerOptions {
  /** The product the questionnaire is for: earlier answers given for another product are flagged. */
  product?: string | null
}

export interface AnsweringEngine {
  readonly name: string
  answer(
    questionnaire: Questionnaire,
    evidence: EvidenceDocument[],
    onProgress?: EngineProgress,
    options?: AnswerOptions,
  ): Promise<Answer[]>
  /** Provider engines: batches whose calls kept failing (their questions were answered offline and flagged). */
  readonly usage?: { readonly failedBatches: number }
}

export const FLAG_THRESHOLD = 0.85
export const MAX_QUOTE_CHARS = 180

/**
 * A confidence as the whole percent shown to the user, rounded down: 0.849 is "84 %", never "85 %", so an answer
 * flagged as below the 85 % threshold never shows 85 % beside that reason.
 */
export function confidencePercent(confidence: number): number {
  return Math.floor(confidence * 100 + 1e-6)
}

export function labelText(answer: Pick<Answer, 'label' | 'planned'>): string {
  if (answer.label === null) return 'no answer'
  return answer.label === 'PLANNED' ? `PLANNED ${answer.planned ?? ''}`.trim() : answer.label
}

/**
 * One entry of answers.json: a public contract, documented in the README. The fields the writer reads (answer,
 * cellValue, comment, confidence, flagged, reason, preexisting, confirmed: see questionnaire/write/model.ts) come
 * from WriteEntry. `answer` is the vocabulary label (YES, PARTIALLY, PLANNED Q#/YYYY, NO, N/A), or for a free-text
 * question the short answer; null: no evidence, left for the user (the cell stays empty or keeps what was there).
 * `cellValue` is what was written into the answer cell ('' = nothing written).
 */
export interface AnsweredQuestion extends WriteEntry {
  sheet: string
  row: number
  citations: Citation[]
  /** The rule of the rules table that decided the answer (null: none recorded, e.g. an answers.json from before). */
  rule?: RuleName | null
}

export interface EvidenceReport {
  file: string
  chars: number
  status: EvidenceDocument['status']
  message?: string
}

export interface RunSummary extends WriteSummary {
  questionnaireKind: string
  format: Questionnaire['format']
  sheets: { name: string; questions: number }[]
  topReasons: { reason: string; count: number }[]
  evidence: EvidenceReport[]
  durationMs: number
  /** Earlier answered questionnaires used as the answer library: whose answers they hold (null: not stated). */
  library: LibraryIdentity[]
}

export interface AnswersJson {
  questionnaire: string
  engine: string
  summary: RunSummary
  questions: AnsweredQuestion[]
}
