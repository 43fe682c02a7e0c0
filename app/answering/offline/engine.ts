import { noEvidenceAnswer } from '../rules'
import type { EvidenceDocument } from '../../evidence/model'
import { isYesNoQuestion } from '../../questionnaire/model'
import type { Question, Questionnaire } from '../../questionnaire/model'
import type { Answer, AnsweringEngine, AnswerLabel, Citation, EngineProgress } from '../model'
import { finalizeAnswers, type FinalizeOptions } from '../rules'
import { FLAG_THRESHOLD } from '../model'
import {
  cite,
  conditionUnmet,
  oppositePractice,
  pastEvent,
  performedByProvider,
  providerHoldingOnly,
  subjectNeverMentioned,
  subjectNotFound,
  summary,
  where,
} from './answers'
import { answerChoice, choiceItems } from './choice'
import { AnswerLibrary } from '../library'
import { asksForHolding, badPracticeOf, particularSubject } from './practices'
import { polarity, type Polarity } from './polarity'
import { asksForRemarks, namesSubject, subjectPhrase, subjectTerms } from './subject'
import { boilerplate, exampleGroups, questionParts, type AskContext, type QuestionParts } from '../retrieval/query'
import { SentenceIndex, type Hit, type QueryTerm } from '../retrieval'
import {
  asksAboutPastEvent,
  asksWhatCustomerCanDo,
  asksWhichDataIsHeld,
  asksWhoPerforms,
  leansOnPrevious,
  namesCustomer,
  negativeCondition,
  statesDataHandling,
  statesDelegation,
} from './scope'
import { GENERIC, terms, words } from '../retrieval/terms'

/** Below this share of the question's weighted terms, a sentence is not evidence for it at all. */
const MIN_COVERAGE = 0.34
/** Below this share of the question's core terms (its subject), a sentence is about something else. */
const MIN_CORE = 0.5
/** At or above this, a sentence states the practice closely enough to answer from it without a person. */
const STRONG_COVERAGE = 0.72
/** Confidence = BASE + (1 - BASE) x coverage, plus the bonus when the quote names every subject itself. Calibrated on
 * the development sets (CAIQ, HECVAT Lites): from 0.85 up, 95 of 99 answers matched the vendor (docs/benchmarks.md). */
const CONFIDENCE_BASE = 0.4
const SUBJECTS_OWN_BONUS = 0.12
/** How sure the engine must be that a question's "If you don't ..." condition is unmet before calling it N/A. */
const CONDITION_CONFIDENCE = 0.6

interface Judged {
  hit: Hit
  polarity: Polarity
  label: AnswerLabel
}

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
  ): Promise<Answer[]> {
    // The offline engine matches English words; a Spanish overview would only add noise (the user is told so).
    const readable = evidence.filter((d) => d.status === 'ok' && (!d.language || d.language === 'English'))
    // Earlier questionnaires are matched question to question (subject and polarity checked), not as loose sentences.
    const index = new SentenceIndex(readable.filter((d) => !d.library.length))
    const library = new AnswerLibrary(
      readable.flatMap((d) => d.library),
      questionnaire.kind,
    )
    const damp = boilerplate(questionnaire.questions.filter((q) => q.kind === 'question').map((q) => q.text))
    const raw: Answer[] = []
    const total = questionnaire.questions.length
    let previous: string | undefined
    for (const [i, q] of questionnaire.questions.entries()) {
      const fromEvidence = answerOne(q, index, { damp, previous })
      const fromLibrary = q.kind === 'question' ? library.answer(q, questionnaire.fileName) : undefined
      raw.push(fromLibrary ? combine(fromLibrary, fromEvidence) : fromEvidence)
      if (q.kind === 'question') previous = questionParts(q.text).asked
      if (i % 25 === 24 || i === total - 1) {
        onProgress?.(i + 1, total)
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    return finalizeAnswers(questionnaire, raw, evidence, this.options)
  }
}

export function answerOne(q: Question, index: SentenceIndex, context: AskContext = {}): Answer {
  const fired: string[] = []
  const a = answerOneTagged(q, index, context, fired)
  const rules = [...new Set([...fired, ...(a.rules ?? [])])]
  return rules.length ? { ...a, rules } : a
}

/** answerOne, recording in `fired` the names of the rules (rules-table.ts) that decided the answer. */
function answerOneTagged(q: Question, index: SentenceIndex, context: AskContext, fired: string[]): Answer {
  if (q.kind === 'profile')
    return { key: q.key, label: 'N/A', text: '', confidence: 0, citations: [], flagged: true, reasons: [] }
  const parts = questionParts(q.text)
  if (asksForRemarks(parts.asked)) return fire(fired, 'asks-for-remarks', noEvidenceAnswer(q))
  const yesNo = isYesNoQuestion(q)
  if (yesNo && asksAboutPastEvent(parts.asked)) return fire(fired, 'past-event', pastEvent(q))
  const condition = yesNo ? negativeCondition(q.text) : undefined
  if (condition) {
    const met = answerOne({ ...q, text: condition }, index, { damp: context.damp })
    if (met.label === 'YES' && met.citations.length && met.confidence >= CONDITION_CONFIDENCE)
      return fire(fired, 'condition-unmet', conditionUnmet(q, condition, met))
  }
  const query = queryOf(parts, index, context)
  // Negation is judged against the asked words themselves, including those folded into concepts ("encrypted").
  const keyStems = new Set(words(parts.asked).filter((w) => !GENERIC.has(w)))
  const ranked = index.search(query, 40)
  const items = choiceItems(q)
  if (items)
    return fire(
      fired,
      'choice',
      answerChoice(
        q,
        items,
        index,
        ranked.filter((h) => h.coverage >= MIN_COVERAGE),
      ),
    )
  // "Will the consultant require ...?": if the evidence never names a consultant, nothing in it is about one.
  const subject = yesNo ? particularSubject(parts.asked) : undefined
  if (subject && terms(subject).every((t) => index.df(t) === 0))
    return fire(fired, 'subject-never-mentioned', subjectNeverMentioned(q, subject))
  if (yesNo && asksWhoPerforms(parts.asked)) {
    // Who does it is said once, in a sentence about the provider: its subject may sit in the sentence before.
    const delegated = ranked.find(
      (h) => h.coreCoverage >= MIN_CORE && statesDelegation(h.sentence.text, h.sentence.terms),
    )
    if (delegated) return fire(fired, 'performed-by-provider', performedByProvider(q, delegated))
  }
  const candidates = ranked.filter((h) => h.coverage >= MIN_COVERAGE && h.coreCoverage >= MIN_CORE)
  const dataHeld = asksWhichDataIsHeld(parts.asked, new Set(query.map((t) => t.term)))
  const customer = asksWhatCustomerCanDo(parts.asked)
  // The noun phrase the question is about must be named by the sentence or around it (see subject.ts).
  // The parse is heuristic: a sentence covering most of the question passes, unless the evidence lacks a word of the phrase.
  const about = subjectTerms(parts.asked)
  const mentioned = about.every((t) => index.df(t) > 0)
  const onSubject = (h: Hit) =>
    (mentioned && h.coverage >= STRONG_COVERAGE) || namesSubject(about, h.sentence.terms, h.sentence.context)
  const ownHits = candidates.filter((h) => h.coreOwn)
  if (about.length && ownHits.length && !ownHits.some(onSubject))
    return fire(fired, 'subject-phrase', subjectNotFound(q, subjectPhrase(parts.asked)!))
  let hits = candidates
    .filter(
      (h) =>
        h.coreOwn &&
        onSubject(h) &&
        (!dataHeld || statesDataHandling(h.sentence.text)) &&
        (!customer || namesCustomer(h.sentence.text)),
    )
    .slice(0, 8)
  if (yesNo && hits.length && asksForHolding(parts.asked)) {
    // A provider's certificate is not the vendor's.
    const own = hits.filter((h) => !h.sentence.providerHolding)
    if (!own.length) return fire(fired, 'provider-holding', providerHoldingOnly(q, hits[0]!))
    hits = own
  }
  const practice = yesNo ? badPracticeOf(parts.asked) : undefined
  if (practice && hits.length) {
    // Evidence that names the bad practice is read as usual ("passwords are never stored in plain text"); evidence
    // of the opposite practice answers No; evidence about the rest of the question answers nothing.
    const naming = hits.filter((h) => practice.bad.test(h.sentence.text))
    if (!naming.length) {
      const opposite = practice.good && hits.find((h) => practice.good!.test(h.sentence.text))
      return opposite
        ? fire(fired, 'opposite-practice', oppositePractice(q, practice.name, opposite))
        : fire(fired, 'no-evidence', noEvidenceAnswer(q))
    }
    hits = naming
  }
  if (dataHeld) fired.push('data-held')
  if (customer) fired.push('customer-actor')
  if (context.previous && leansOnPrevious(parts.asked)) fired.push('leans-on-previous')
  if (!hits.length) return fire(fired, 'no-evidence', noEvidenceAnswer(q))
  const best = hits[0]!
  const close = hits.filter((h) => h.coverage >= best.coverage - 0.12)
  const judged: Judged[] = close.map((hit) => {
    const p = polarity(hit.sentence.text, keyStems)
    return { hit, polarity: p, label: labelOf(p) }
  })
  const lead = judged[0]!
  const reasons: string[] = []
  let confidence = confidenceOf(lead.hit)
  const agreeing = judged.filter(
    (j) => j !== lead && sameSide(j.label, lead.label) && j.hit.sentence.passage !== lead.hit.sentence.passage,
  )
  fired.push(
    ({ YES: 'evidence-yes', NO: 'negation', PARTIALLY: 'limit', PLANNED: 'plan', 'N/A': 'evidence-yes' } as const)[
      lead.label
    ],
  )
  if (lead.hit.subjectsOwn) fired.push('subject-own')
  if (lead.hit.ownCoverage < lead.hit.coverage - 0.15) fired.push('leans-on-context')
  if (agreeing.length) {
    confidence += 0.05
    fired.push('agreement')
  }
  if (lead.polarity.hedged) {
    fired.push('hedge')
    confidence -= 0.1
    reasons.push('the evidence hedges ("generally", "where feasible")')
  }
  const opposing = judged.filter((j) => !sameSide(j.label, lead.label) && j.hit.coverage >= 0.6)
  const citations: Citation[] = [cite(lead.hit)]
  if (opposing.length && lead.hit.coverage >= 0.6) {
    fired.push('self-contradiction')
    reasons.push(
      `the evidence contradicts itself: ${where(lead.hit)} and ${where(opposing[0]!.hit)} point different ways`,
    )
    citations.push(cite(opposing[0]!.hit))
  } else if (agreeing.length && agreeing[0]!.hit.sentence.passage.file !== lead.hit.sentence.passage.file) {
    citations.push(cite(agreeing[0]!.hit))
  }
  // "host-based intrusion detection", "network-based IDS": the compound names which kind; a sentence about the
  // practice in general does not say the question's kind is the one in place.
  const kinds = basedQualifiers(parts.asked).filter(
    (k) => !lead.hit.sentence.terms.has(k.term) && !lead.hit.sentence.context.has(k.term),
  )
  if (kinds.length && confidence >= FLAG_THRESHOLD) {
    fired.push('kind-unstated')
    confidence = Math.min(confidence, FLAG_THRESHOLD - 0.01)
    reasons.push(`the evidence does not say it is ${kinds.map((k) => `"${k.word}"`).join(' or ')}`)
  }
  if (lead.hit.coverage < STRONG_COVERAGE && confidence < FLAG_THRESHOLD)
    reasons.push('the evidence covers only part of the question')
  // A denial, limit or plan read from wording is less certain than a plain statement: a person confirms it.
  if (lead.label !== 'YES') confidence = Math.min(confidence, 0.8)
  confidence = Math.max(0.05, Math.min(0.97, confidence))
  const planned = lead.label === 'PLANNED' ? lead.polarity.planned?.quarter : undefined
  if (lead.label === 'PLANNED' && !planned) reasons.push('planned work without a date in the evidence')
  const label: AnswerLabel = yesNo ? lead.label : 'YES'
  return {
    key: q.key,
    label,
    planned,
    text: yesNo
      ? summary(label, lead.hit.sentence.text)
      : close
          .slice(0, 2)
          .map((h) => h.sentence.text)
          .join(' '),
    confidence: Math.round(confidence * 1000) / 1000,
    citations,
    flagged: false,
    reasons,
  }
}

/**
 * How sure an answer from this sentence is: mostly how much of the question it covers, more when the quote itself
 * names every subject the question names (it can be read alone), less when the match leans on its neighbours.
 */
function confidenceOf(hit: Hit): number {
  let c = CONFIDENCE_BASE + (1 - CONFIDENCE_BASE) * hit.coverage
  if (hit.subjectsOwn) c += SUBJECTS_OWN_BONUS
  if (hit.ownCoverage < hit.coverage - 0.15) c -= 0.05
  return c
}

function labelOf(p: Polarity): AnswerLabel {
  if (p.planned && !p.negated) return 'PLANNED'
  if (p.negated) return p.planned ? 'PLANNED' : 'NO'
  if (p.limited) return 'PARTIALLY'
  return 'YES'
}

function sameSide(a: AnswerLabel | null, b: AnswerLabel | null): boolean {
  const yes = (l: AnswerLabel | null) => l === 'YES' || l === 'PARTIALLY'
  return yes(a) === yes(b)
}

/** The question's weighted terms; a question leaning on the one before it takes that one's subject as its core. */
function queryOf(parts: QuestionParts, index: SentenceIndex, context: AskContext): QueryTerm[] {
  const query = index.queryTerms(parts.asked, exampleGroups(parts), context.damp)
  if (!context.previous || !leansOnPrevious(parts.asked)) return query
  const own = new Set(query.map((t) => t.term))
  const inherited = index
    .queryTerms(context.previous, [], context.damp)
    .filter((t) => t.core && t.group === undefined && !own.has(t.term))
  if (!inherited.length) return query
  return [...query.map((t) => ({ ...t, core: false })), ...inherited]
}

/**
 * The earlier answer comes first; the documents check it. A document that points the other way (a cited answer
 * on the other side, at 0.6 or more) flags it with both quotes; one that agrees adds its citation.
 */
export function combine(fromLibrary: Answer, fromEvidence: Answer): Answer {
  if (
    !fromEvidence.citations.length ||
    fromEvidence.label === null ||
    fromEvidence.label === 'N/A' ||
    fromLibrary.label === 'N/A'
  )
    return fromLibrary
  const evidenceCite = fromEvidence.citations[0]!
  if (!sameSide(fromEvidence.label, fromLibrary.label!)) {
    if (fromEvidence.confidence < 0.6) return fromLibrary
    return {
      ...fromLibrary,
      confidence: Math.min(fromLibrary.confidence, 0.6),
      citations: [...fromLibrary.citations, evidenceCite],
      flagged: true,
      reasons: [
        ...fromLibrary.reasons,
        `the evidence contradicts the earlier answer: "${evidenceCite.quote.slice(0, 100)}" (${evidenceCite.file}, ${evidenceCite.location})`,
      ],
      rules: [...(fromLibrary.rules ?? []), 'library-contradicted'],
    }
  }
  return {
    ...fromLibrary,
    citations: [...fromLibrary.citations, evidenceCite],
    rules: [...(fromLibrary.rules ?? []), 'library-confirmed'],
  }
}

/** The "X-based" compounds of a question, with the term of X ("host-based" → host). */
function basedQualifiers(asked: string): { word: string; term: string }[] {
  const out: { word: string; term: string }[] = []
  for (const m of asked.matchAll(/\b([a-z]+)-based\b/gi)) {
    const term = terms(m[1]!)[0]
    if (term && !term.startsWith('#')) out.push({ word: m[0].toLowerCase(), term })
  }
  return out
}

function fire(fired: string[], rule: string, answer: Answer): Answer {
  fired.push(rule)
  return answer
}
