import type { EvidenceDocument } from '../../evidence/model'
import type { Question, Questionnaire } from '../../questionnaire/model'
import type { Answer, AnsweringEngine, AnswerLabel, AnswerOptions, EngineProgress, RuleName } from '../model'
import { calibrate, withQuestion } from '../calibration'
import { finalizeAnswers, type FinalizeOptions } from '../contract'
import { cite, rowText, summary } from './answers'
import { Ask, MAX_HITS, type Draft } from './ask'
import { combine } from './combine'
import { EarlierAnswers } from '../library'
import { OFFLINE_RULES } from './rules-table'
import { boilerplate, questionParts, readQuestion, type AskContext } from '../retrieval/query'
import { SentenceIndex } from '../retrieval'
import { statesRule } from './polarity'

/** Confidence = BASE + (1 - BASE) x coverage, then the reading rules' adjustments (rules-table.ts). */
const CONFIDENCE_BASE = 0.4

/**
 * The embedded engine: no network, fully deterministic. BM25 over evidence sentences with security synonyms finds
 * the sentences that state the practice a question asks about; negation, limits and planned work in those
 * sentences decide the label; how much of the question they cover decides the confidence.
 */
export class OfflineEngine implements AnsweringEngine {
  readonly name = 'offline'

  constructor(private readonly options: FinalizeOptions = {}) {}

  async answer(
    questionnaire: Questionnaire,
    evidence: EvidenceDocument[],
    onProgress?: EngineProgress,
    options: AnswerOptions = {},
  ): Promise<Answer[]> {
    // The offline engine matches English words; a Spanish overview would only add noise (the user is told so).
    const readable = evidence.filter((d) => d.status === 'ok' && (!d.language || d.language === 'English'))
    // Earlier questionnaires are matched question to question (subject and polarity checked), not as loose sentences.
    const index = new SentenceIndex(readable.filter((d) => !d.library.length))
    const identities = new Map(readable.flatMap((d) => (d.identity ? [[d.file, d.identity] as const] : [])))
    const library = new EarlierAnswers(
      readable.flatMap((d) => d.library),
      questionnaire.kind,
      { product: options.product, identities },
    )
    // Each question is read once (its parts and terms): for the questionnaire's boilerplate and for its own query.
    const read = new Map(
      questionnaire.questions.filter((q) => q.kind === 'question').map((q) => [q, readQuestion(q.text)]),
    )
    const damp = boilerplate([...read.values()])
    const raw: Answer[] = []
    const total = questionnaire.questions.length
    let previous: string | undefined
    for (const [i, q] of questionnaire.questions.entries()) {
      // Profile rows (vendor name, contact) are the user's: the contract's profile rule leaves them (contract.ts).
      if (q.kind !== 'profile') {
        const fromEvidence = answerOne(q, index, { damp, previous, read: read.get(q) })
        // Without earlier answers there is nothing to match: the question's own terms are not worth reading.
        const fromLibrary = library.size ? library.answer(q, questionnaire.fileName) : undefined
        const chosen = fromLibrary ? combine(fromLibrary, fromEvidence, options.product) : fromEvidence
        raw.push(calibrate(withQuestion(chosen, q.text)))
        previous = (read.get(q)?.parts ?? questionParts(q.text)).asked
      }
      if (i % 25 === 24 || i === total - 1) {
        onProgress?.(i + 1, total)
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    return finalizeAnswers(questionnaire, raw, evidence, this.options)
  }
}

/** Answers one question from the evidence by walking the rules table in order (rules-table.ts). */
export function answerOne(q: Question, index: SentenceIndex, context: AskContext = {}): Answer {
  const ask = new Ask(q, index, context, (other) => answerOne(other, index, { damp: context.damp }))
  const fired: RuleName[] = []
  let kept = false
  for (const rule of OFFLINE_RULES) {
    if (rule.kind === 'read') {
      if (ask.lead.label !== rule.label) continue
      fired.push(rule.name)
      return decided(readLead(ask, fired), rule.name, fired)
    }
    if (rule.kind === 'adjust') continue
    if (rule.kind === 'narrow' && rule.stage === 'evidence' && !kept) {
      ask.hits = ask.hits.slice(0, MAX_HITS)
      kept = true
    }
    if (!rule.when(ask)) continue
    fired.push(rule.name)
    if (rule.kind === 'decide') return decided(rule.then(ask), rule.name, fired)
    if (rule.kind === 'query') ask.query = rule.then(ask)
    if (rule.kind === 'narrow') {
      const before = ask.hits
      ask.hits = before.filter((h) => rule.keep(ask, h))
      const answer = ask.hits.length ? undefined : rule.otherwise?.(ask, before)
      if (answer) return decided(answer, rule.name, fired)
    }
  }
  throw new Error(`no rule of the table decided ${q.key}`)
}

/** The lead sentence's answer: the adjust rules (after the read rules in the table) set confidence, reasons, citations. */
function readLead(ask: Ask, fired: RuleName[]): Answer {
  const { lead, q } = ask
  const draft: Draft = {
    confidence: CONFIDENCE_BASE + (1 - CONFIDENCE_BASE) * lead.hit.coverage,
    reasons: [],
    citations: [cite(lead.hit)],
  }
  for (const rule of OFFLINE_RULES) {
    if (rule.kind !== 'adjust' || !rule.when(ask, draft)) continue
    fired.push(rule.name)
    rule.then(ask, draft)
  }
  const confidence = Math.max(0.05, Math.min(0.97, draft.confidence))
  const label: AnswerLabel = ask.yesNo ? lead.label : 'YES'
  return {
    key: q.key,
    label,
    planned: lead.label === 'PLANNED' ? lead.polarity.planned?.quarter : undefined,
    text: ask.yesNo
      ? summary(label, lead.hit.sentence.text)
      : // Free text: the deciding sentence, and the next one read when it is of the same passage (another table row or
        // paragraph answers something else).
        [lead, ...ask.judged.filter((j) => j !== lead && j.hit.sentence.passage === lead.hit.sentence.passage)]
          .slice(0, 2)
          .map((j) => rowText(j.hit.sentence.text, j.hit.sentence.passage.context))
          .join(' '),
    confidence: Math.round(confidence * 1000) / 1000,
    citations: draft.citations,
    flagged: false,
    reasons: draft.reasons,
    signals: {
      coverage: lead.hit.coverage,
      margin: lead.hit.coverage - (ask.hits.find((h) => h !== lead.hit)?.coverage ?? 0),
      agreeing: ask.agreeing.length,
      normative: statesRule(lead.hit.sentence.text),
      subjectOnly: [...lead.hit.matched].every((t) => ask.core.has(t)),
      unseen: ask.unseen,
    },
  }
}

/** answerOne with the calibrated confidence (calibration.ts): what the LLM engines fall back to. */
export function answerCalibrated(q: Question, index: SentenceIndex, context: AskContext = {}): Answer {
  return calibrate(withQuestion(answerOne(q, index, context), q.text))
}

function decided(answer: Answer, rule: RuleName, fired: RuleName[]): Answer {
  return { ...answer, rule, rules: [...new Set([...fired, ...(answer.rules ?? [])])] }
}
