import type { EvidenceDocument, Passage } from '../../evidence/model'
import { splitSentences } from '../../evidence/text'
import type { Question, Questionnaire } from '../../questionnaire/model'
import { clipQuote, enforceVerbatim, evidenceIndex } from '../citations'
import { FLAG_THRESHOLD, type Answer, type AnsweringEngine, type EngineProgress } from '../model'
import { terms } from './tokens'

interface Sentence {
  passage: Passage
  text: string
  terms: Set<string>
}

const NEGATION = /\b(not|never|no|cannot|can't|don't|doesn't|do not|does not|without)\b/i
const MIN_SUPPORT = 0.3

/**
 * The embedded engine: no network, fully deterministic. It finds the evidence sentences that share the most
 * (rare) words with each question and answers from them; with no support it answers NO, flagged for review.
 */
export class OfflineEngine implements AnsweringEngine {
  readonly name = 'offline'

  async answer(questionnaire: Questionnaire, evidence: EvidenceDocument[], onProgress?: EngineProgress): Promise<Answer[]> {
    const sentences: Sentence[] = []
    for (const doc of evidence) {
      for (const passage of doc.passages) {
        for (const text of splitSentences(passage.text)) {
          if (text.length >= 20) sentences.push({ passage, text, terms: new Set(terms(text)) })
        }
      }
    }
    const df = new Map<string, number>()
    for (const s of sentences) for (const t of s.terms) df.set(t, (df.get(t) ?? 0) + 1)
    const idf = (t: string) => Math.log(1 + (sentences.length + 1) / ((df.get(t) ?? 0) + 0.5))
    const index = evidenceIndex(evidence)
    const answers: Answer[] = []
    const total = questionnaire.questions.length
    for (const [i, q] of questionnaire.questions.entries()) {
      answers.push(enforceVerbatim(this.answerOne(q, sentences, idf), index))
      if (i % 25 === 24 || i === total - 1) {
        onProgress?.(i + 1, total)
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    return answers
  }

  private answerOne(q: Question, sentences: Sentence[], idf: (t: string) => number): Answer {
    const qTerms = [...new Set(terms(q.text))]
    const weight = qTerms.reduce((sum, t) => sum + idf(t), 0)
    let best: { s: Sentence; score: number } | undefined
    if (weight > 0) {
      for (const s of sentences) {
        let hit = 0
        for (const t of qTerms) if (s.terms.has(t)) hit += idf(t)
        const score = hit / weight
        if (!best || score > best.score) best = { s, score }
      }
    }
    if (!best || best.score < MIN_SUPPORT) {
      return {
        key: q.key,
        label: 'NO',
        text: 'No evidence found in the uploaded files.',
        confidence: 0.2,
        citations: [],
        flagged: true,
        reasons: ['no evidence found'],
      }
    }
    const negative = NEGATION.test(best.s.text) && !NEGATION.test(q.text)
    const confidence = Math.min(0.95, 0.45 + 0.55 * best.score)
    const reasons = confidence < FLAG_THRESHOLD ? ['low keyword overlap with the evidence'] : []
    return {
      key: q.key,
      label: negative ? 'NO' : 'YES',
      text: best.s.text.length > 240 ? `${clipQuote(best.s.text)}…` : best.s.text,
      confidence,
      citations: [{ file: best.s.passage.file, location: best.s.passage.location, quote: clipQuote(best.s.text) }],
      flagged: confidence < FLAG_THRESHOLD,
      reasons,
    }
  }
}
