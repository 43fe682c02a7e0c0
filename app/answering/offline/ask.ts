import { isYesNoQuestion, type Question } from '../../questionnaire/model'
import type { Answer, AnswerLabel, Citation, RuleEntry } from '../model'
import { type SentenceIndex, type Hit, type QueryTerm } from '../retrieval'
import { exampleGroups, questionParts, type AskContext, type QuestionParts } from '../retrieval/query'
// A sentence's words, case, punctuation and a list number aside: a copy of it reads the same.
import { normal } from '../library-text'
import { compounds, GENERIC, terms, words } from '../retrieval/terms'
import { conceptSpans } from '../retrieval/vocabulary'
import { planOf } from '../retrieval/coverage'
import { polarity, withoutSetAside, type Polarity } from './polarity'
import { tagWords, type Word } from '../retrieval/grammar'
import { askedFor } from './question-word'
import { unmetRequirement } from './quantities'
import {
  adjectivePredicate,
  askedNames,
  participlePredicate,
  respondentVerbs,
  secondQuestion,
  type AskedNames,
} from './phrase'
import { namesSubject, readSubject, thingStems, type Scope } from './subject'

/** Below this share of the question's weighted terms, a sentence is not evidence for it at all. */
export const MIN_COVERAGE = 0.34
/** Below this share of the question's core terms (its subject), a sentence is about something else. */
export const MIN_CORE = 0.5
/** At or above this, a sentence states the practice closely enough to answer from it without a person. */
export const STRONG_COVERAGE = 0.72
/** A question opened by the modal of permission: "May ...?". */
export const ASKS_PERMISSION = /^\s*may\b/i

/** The evidence kept for reading once the question's scope rules have narrowed the candidates. */
export const MAX_HITS = 8

/**
 * One question as the offline engine's rules see it: what it asks, and the evidence retrieved for it, computed once
 * and only when a rule needs it. The rules (rules-table.ts) read it; the engine narrows `hits` as they say.
 */
export class Ask {
  readonly parts: QuestionParts
  readonly yesNo: boolean
  /** The query; a query rule (the question leans on the one before) may replace it before retrieval runs. */
  query: QueryTerm[]
  /** The candidate sentences still in play: narrowed by the scope rules, then read. */
  private current?: Hit[]
  private memo = new Map<string, unknown>()

  constructor(
    readonly q: Question,
    readonly index: SentenceIndex,
    readonly context: AskContext,
    /** Answers another question the same way (for "If you don't support X, ..." conditions). */
    readonly answerOther: (q: Question) => Answer,
  ) {
    this.parts = context.read?.parts ?? questionParts(q.text)
    this.yesNo = isYesNoQuestion(q)
    this.query = index.queryTerms(this.parts.asked, exampleGroups(this.parts), context.damp, context.read?.terms)
  }

  protected once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make())
    return this.memo.get(key) as T
  }

  get asked(): string {
    return this.parts.asked
  }

  /** The 40 best sentences for the query (ranked once, after the query rules ran). */
  get ranked(): Hit[] {
    return this.once('ranked', () => this.index.search(this.query, 40))
  }

  /** The query's core terms (what the question is about), read once the query rules have run. */
  get core(): Set<string> {
    return this.once('core', () => new Set(this.query.filter((t) => t.core).map((t) => t.term)))
  }

  /**
   * Share of the question's own terms (example lists aside) that no evidence sentence uses: retrieval weighs such a
   * word lightly, so a sentence can cover "most" of a question whose particular words ("entrances", "routing") the
   * evidence never speaks of. A calibration feature (answers.json signals.unseen).
   */
  get unseen(): number {
    const own = this.query.filter((t) => t.group === undefined)
    return own.length ? own.filter((t) => this.index.df(t.term) === 0).length / own.length : 0
  }

  /** Sentences covering enough of the question and of its core. */
  get candidates(): Hit[] {
    return this.once('candidates', () =>
      this.ranked.filter((h) => h.coverage >= MIN_COVERAGE && h.coreCoverage >= MIN_CORE),
    )
  }

  /** The question's subject phrase and its scope, read once (subject.ts). */
  private get subject(): { terms: string[]; head: string[]; scope?: Scope } {
    return this.once('subject', () => readSubject(this.asked, this.tagged))
  }

  /** The noun phrase the question is about, as terms. */
  get about(): string[] {
    return this.subject.terms
  }

  /** The head of that noun phrase, as terms: none when it is a general noun ("strategies", "customers"). */
  get head(): string[] {
    return this.subject.head
  }

  /** Where the question confines its subject ("for remote contractors"), if it does. */
  get scope(): Scope | undefined {
    return this.subject.scope
  }

  /** The verbs the respondent is asked about ("Do you tokenize or mask X?"), as written; empty for other shapes. */
  get verbs(): string[] {
    return this.once('verbs', () => respondentVerbs(this.asked))
  }

  /**
   * The property a "Is/Are <subject> <adjective>?" question asks about: the adjective after the subject phrase and the
   * adverbs before it ("geographically diverse"), lower-cased; undefined for any other shape (phrase.ts).
   */
  get predicate(): string[] | undefined {
    return this.once('predicate', () => adjectivePredicate(this.asked))
  }

  /** The question's words as the tagger reads them, read once. */
  get tagged(): Word[] {
    return this.once('tagged', () => tagWords(this.asked))
  }

  /** The lead sentence's words as the tagger reads them, read once per lead. */
  get leadTagged(): Word[] {
    return this.once('leadTagged', () => tagWords(this.lead.hit.sentence.text))
  }

  /** The stems of the words the lead sentence uses as things, not as its verbs (subject.ts thingStems), read once. */
  get leadThings(): Set<string> {
    return this.once('leadThings', () => thingStems(this.leadTagged))
  }

  /** What a passive "Is/Are <subject> <participle> ...?" question asks of its subject (phrase.ts), read once. */
  get passive(): string[] | undefined {
    return this.once('passive', () => participlePredicate(this.asked))
  }

  /** The names the question asks about (standards, proper names), read once. */
  get names(): AskedNames {
    return this.once('names', () => askedNames(this.asked))
  }

  /** The question's two questions, when it asks two ("Are badges issued, and do they expire daily?"). */
  get twoQuestions(): { first: string; second: string } | undefined {
    return this.once('twoQuestions', () => secondQuestion(this.asked))
  }

  /** Does the sentence (or what is around it) name what the question is about? */
  onSubject(h: Hit): boolean {
    // The parse is heuristic: a sentence covering most of the question passes, unless the evidence lacks a word of it.
    const mentioned = this.once('mentioned', () => this.about.every((t) => this.index.df(t) > 0))
    return (
      (mentioned && h.coverage >= STRONG_COVERAGE) ||
      // Its head too: "emergency request" names the modifier of "emergency changes", not the changes.
      [this.about, this.subject.head].every((terms) =>
        namesSubject(terms, h.sentence.terms, h.sentence.section, h.sentence.text),
      )
    )
  }

  /** Candidates whose own words name part of the question's core. */
  get ownHits(): Hit[] {
    return this.once('own', () => this.candidates.filter((h) => h.coreOwn))
  }

  /** Candidates on the question's subject; then as the scope and evidence rules narrow them. */
  get hits(): Hit[] {
    return this.current ?? this.once('onSubject', () => this.ownHits.filter((h) => this.onSubject(h)))
  }

  set hits(hits: Hit[]) {
    this.current = hits
  }

  /** The asked words themselves, against which negation is judged (including those folded into concepts). */
  get keyStems(): Set<string> {
    return this.once('keyStems', () => {
      const stems = new Set(words(withoutSetAside(this.asked)).filter((w) => !GENERIC.has(w)))
      // "May clerks copy ledgers?" asks whether it is allowed, as "Are clerks allowed to ...?" does: a sentence that
      // prohibits it denies it.
      if (ASKS_PERMISSION.test(this.asked)) stems.add('allow')
      return stems
    })
  }

  /**
   * The key stems, and the acronym by which a sentence names a concept the question spells out ("SSO" for the
   * question's "single sign-on"): "Essentials does not include SSO" denies it. Only an acronym: the same thing by
   * another name. A word of the concept ("never had a breach" for an incident response team) is another thing.
   */
  keyStemsIn(hit: Hit): Set<string> {
    const asked = this.once('queryTerms', () => new Set(this.query.map((t) => t.term)))
    // Read only where the sentence spells a concept the question asks about (its terms hold them).
    if (![...hit.sentence.terms].some((t) => t.startsWith('#') && asked.has(t))) return this.keyStems
    const text = hit.sentence.text
    const spelled = conceptSpans(text)
      .filter((c) => asked.has(c.id) && /^[A-Z][A-Z0-9]+s?$/.test(text.slice(c.from, c.to)))
      .flatMap((c) => words(text.slice(c.from, c.to)))
    return spelled.length ? new Set([...this.keyStems, ...spelled]) : this.keyStems
  }

  /** The sentences read for the answer: the best one and those within 0.12 of its coverage, with their polarity. */
  get judged(): Judged[] {
    return this.once('judged', () => {
      const best = this.hits[0]!
      return this.hits
        .filter((h) => h.coverage >= best.coverage - 0.12)
        .map((hit) => {
          const p = polarity(hit.sentence.text, this.keyStemsIn(hit))
          const label = labelOf(p)
          // "Retained for 90 days" does not meet "at least one year": the practice, but not as required.
          const unmet =
            this.yesNo && sameSide(label, 'YES') ? unmetRequirement(this.asked, hit.sentence.text) : undefined
          return unmet ? { hit, polarity: p, label: 'NO' as const, unmet } : { hit, polarity: p, label }
        })
    })
  }

  /**
   * The sentence the answer is read from: the best one (of equally good ones, the one that says the question's own
   * words), except that a free-text question asking who, where or how often is read from the best close sentence that
   * says it, when one does.
   */
  get lead(): Judged {
    return this.once('lead', () => {
      const asked = this.yesNo ? undefined : askedFor(this.asked)
      const found = asked && this.judged.find((j) => asked.gives.test(j.hit.sentence.text))
      if (found) return found
      // Of sentences that cover the question equally, the one that says most of its own content words as words (not
      // only through a concept's other spelling or a paraphrase): a sentence saying "SOC 2" over a title saying "SOC 3",
      // for a SOC 2 audit, both of the concept. Form words ("processes", "documented") do not count.
      const best = this.judged[0]!
      const tied = this.judged.filter((j) => j.hit.coverage === best.hit.coverage)
      if (tied.length < 2) return best
      const own = new Set(words(this.asked).filter((w) => !GENERIC.has(w)))
      const said = (j: Judged) => new Set(words(j.hit.sentence.text).filter((w) => own.has(w))).size
      return tied.reduce((a, b) => (said(b) > said(a) ? b : a))
    })
  }

  /**
   * What the lead sentence says, word by word: its terms with its own stems, which a concept it spells holds
   * ("scanned for vulnerabilities" is #vulnscan, and still says "scanned"), and the terms of its context.
   */
  get leadWords(): Set<string> {
    return this.once('leadWords', () => new Set([...this.leadOwnWords, ...this.lead.hit.sentence.section]))
  }

  /** What the lead sentence itself says, word by word, its context aside: its terms and its own stems. */
  get leadOwnWords(): Set<string> {
    return this.once('leadOwnWords', () => {
      const sentence = this.lead.hit.sentence
      return new Set([...sentence.terms, ...words(sentence.text)])
    })
  }

  /**
   * Other passages on the same side as the lead, each text once: a sentence copied into another file (a handbook page
   * and its older export) is the same statement again, not a second source that agrees.
   */
  get agreeing(): Judged[] {
    return this.once('agreeing', () => {
      const said = new Set([normal(this.lead.hit.sentence.text)])
      return this.judged.filter((j) => {
        if (j === this.lead || !sameSide(j.label, this.lead.label)) return false
        if (j.hit.sentence.passage === this.lead.hit.sentence.passage) return false
        const text = normal(j.hit.sentence.text)
        if (said.has(text)) return false
        said.add(text)
        return true
      })
    })
  }

  /**
   * Close passages on the other side that cover most of the question. A denial only implied ("already resistant to
   * what a firewall would block") does not stand against a sentence that states the practice outright.
   */
  get opposing(): Judged[] {
    return this.once('opposing', () =>
      this.judged.filter(
        (j) =>
          !sameSide(j.label, this.lead.label) &&
          j.hit.coverage >= 0.6 &&
          !(j.polarity.implied && !this.lead.polarity.implied),
      ),
    )
  }

  /**
   * Whether the sentence still covers the question once the words it shares only as a compound's head without its
   * modifier are set aside: the sentence's "full-time" names no "time" for "near real time", the question's
   * "host-level" is not the sentence's "levels of access". Concepts (#mfa) are matched whole and never set aside.
   */
  withoutCompoundHeads(h: Hit): boolean {
    return this.once(`compound-heads ${h.sentence.id}`, () => this.coversWithoutCompoundHeads(h))
  }

  private coversWithoutCompoundHeads(h: Hit): boolean {
    const asked = this.once('compounds', () => compounds(this.asked))
    const sentence = h.sentence
    if (!asked.length && !sentence.text.includes('-')) return true
    const queryTerms = this.once('queryTerms', () => new Set(this.query.map((t) => t.term)))
    const around = (t: string) => sentence.terms.has(t) || sentence.section.has(t)
    const own = compounds(sentence.text)
    // How often each term stands in the sentence, compound parts included (read once, only when it has compounds).
    const uses = new Map<string, number>()
    if (own.length) for (const w of words(sentence.text)) uses.set(w, (uses.get(w) ?? 0) + 1)
    const invalid = new Set<string>()
    for (const term of h.matched) {
      if (term.startsWith('#')) continue
      // The question's "host-level": the sentence must name a modifier too ("host"), or use the same compound.
      const askedAs = asked.filter((c) => c.head === term)
      if (askedAs.length && askedAs.every((c) => !c.modifiers.some(around))) invalid.add(term)
      // The sentence's "full-time": matched only there, and the question names none of its modifiers ("full").
      const ownAs = own.filter((c) => c.head === term)
      if (
        ownAs.length &&
        ownAs.length >= (uses.get(term) ?? 0) &&
        ownAs.every((c) => !c.modifiers.some((m) => queryTerms.has(m)))
      )
        invalid.add(term)
    }
    if (!invalid.size) return true
    const plan = this.once('plan', () => planOf(this.query))
    const lost = this.query.reduce((n, q) => n + (q.group === undefined && invalid.has(q.term) ? q.weight : 0), 0)
    const core = this.query.some(
      (q) => q.core && ((h.matched.has(q.term) && !invalid.has(q.term)) || sentence.section.has(q.term)),
    )
    return core && h.coverage - lost / plan.total >= MIN_COVERAGE
  }

  /** "host-based intrusion detection": the "X-based" compounds of the question, with the term of X. */
  get kinds(): { word: string; term: string }[] {
    return this.once('kinds', () => {
      const out: { word: string; term: string }[] = []
      for (const m of this.asked.matchAll(/\b([a-z]+)-based\b/gi)) {
        const term = terms(m[1]!)[0]
        if (term && !term.startsWith('#')) out.push({ word: m[0].toLowerCase(), term })
      }
      return out
    })
  }
}

export interface Judged {
  hit: Hit
  polarity: Polarity
  label: AnswerLabel
  /** The quantity the question requires and the one the sentence states instead (quantities.ts). */
  unmet?: { required: string; stated: string }
}

/** The answer being built from the lead sentence, which the reading rules adjust in table order. */
export interface Draft {
  confidence: number
  reasons: string[]
  citations: Citation[]
}

export function labelOf(p: Polarity): AnswerLabel {
  if (p.planned && !p.negated) return 'PLANNED'
  if (p.negated) return p.planned ? 'PLANNED' : 'NO'
  if (p.limited) return 'PARTIALLY'
  return 'YES'
}

export function sameSide(a: AnswerLabel | null, b: AnswerLabel | null): boolean {
  const yes = (l: AnswerLabel | null) => l === 'YES' || l === 'PARTIALLY'
  return yes(a) === yes(b)
}

/**
 * An entry of the offline engine's rules table (rules-table.ts, reading-rules.ts): its name (the typed union in
 * model.ts), its reason, a predicate and an effect:
 * - `decide`: when the predicate holds, the effect is the answer, and the walk stops (the answer's `rule`);
 * - `query`: rewrites the question's query before retrieval;
 * - `narrow`: keeps only the sentences its effect accepts; when none is left, `otherwise` may decide;
 * - `read`: the lead sentence's label decides; the `adjust` rules after it then set confidence, reasons, citations.
 * General questionnaire grammar and security vocabulary only: no rule quotes a document's or a form's wording.
 */
export type OfflineRule =
  | (RuleEntry & { kind: 'decide'; when: (a: Ask) => boolean; then: (a: Ask) => Answer })
  | (RuleEntry & { kind: 'query'; when: (a: Ask) => boolean; then: (a: Ask) => QueryTerm[] })
  | (RuleEntry & {
      kind: 'narrow'
      /** Scope rules narrow the candidates before the best MAX_HITS are kept; evidence rules after. */
      stage: 'scope' | 'evidence'
      when: (a: Ask) => boolean
      keep: (a: Ask, h: Hit) => boolean
      otherwise?: (a: Ask, dropped: Hit[]) => Answer | undefined
    })
  | (RuleEntry & { kind: 'read'; label: AnswerLabel })
  | (RuleEntry & { kind: 'adjust'; when: (a: Ask, d: Draft) => boolean; then: (a: Ask, d: Draft) => void })
