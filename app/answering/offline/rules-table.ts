import { noEvidenceAnswer } from '../contract'
import { conditionUnmet, oppositePractice, pastEvent, performedByProvider, providerHoldingOnly } from './answers'
import { nameNeverMentioned, subjectNeverMentioned, subjectNotFound } from './answers'
import { MIN_CORE, MIN_COVERAGE, type Ask, type OfflineRule } from './ask'
import type { Sentence } from '../retrieval'
import { READING_RULES, askedDocuments } from './reading-rules'
import { answerChoice, choiceItems } from './choice'
import { asksForHolding, badPracticeOf, particularSubject } from './practices'
import {
  asksAboutPastEvent,
  asksWhatCustomerCanDo,
  asksWhichDataIsHeld,
  asksWhoPerforms,
  namesHeldData,
  statesPastEvent,
} from './scope'
import { leansOnPrevious, namesCustomer, negativeCondition, statesDataHandling, statesDelegation } from './scope'
import { asksForRemarks, subjectPhrase } from './subject'
import { terms, words } from '../retrieval/terms'
import { gerund, noun, tagWords } from '../retrieval/grammar'
import { endsWithColon } from '../retrieval/text'
import { hasAcronym, schemeOf } from './phrase'

/** How sure the engine must be that a question's "If you don't ..." condition is unmet before calling it N/A. */
const CONDITION_CONFIDENCE = 0.6

const condition = (a: Ask) => (a.yesNo ? negativeCondition(a.q.text) : undefined)
const conditionMet = (a: Ask) => a.answerOther({ ...a.q, text: `Do you ${condition(a)!}?` })
const delegated = (a: Ask) =>
  a.ranked.find((h) => h.coreCoverage >= MIN_CORE && statesDelegation(h.sentence.text, h.sentence.terms))
/**
 * A lead-in about the document itself: the sentence points at what follows ("The following table lists ...:", "This
 * list ...:") and ends in a colon, so what it says is in the lines after it. A sentence that states something before
 * its colon ("Logs are kept for a year and are reviewed as follows:") is not one.
 */
const introducesWhatFollows = (text: string) =>
  endsWithColon(text) &&
  /^(?:the following\b|below\b|(?:the|this) (?:table|list|figure|diagram|chart|matrix)\b)/i.test(text)
/**
 * A pointer to somewhere else: the sentence only sends the reader on ("For more information, see our privacy page.",
 * "Please refer to the guide.", "See the admin docs for details.", "If you are a contractor, please review our
 * onboarding policy."), so it states nothing of its own. "Review" and "read" point only after "please": "Review of
 * access rights is quarterly" states a practice.
 */
const pointsElsewhere = (text: string) =>
  /^(?:(?:for|to (?:learn|find out|read)) (?:more|further|additional|full)?\s*(?:information|details|info)?[^.;:]{0,160}?, |(?:if|when) [^.;:]{0,160}?, )?(?:(?:please )?(?:see|refer to|visit|consult|learn more)|please (?:review|read|check))\b/i.test(
    text.trim(),
  )
/**
 * A sentence that only says where a document is published ("Our privacy policy is available at https://...", "The
 * report is posted on our website."): it tells that the document exists and sends the reader on for what it says.
 * A question asking whether the respondent has that document is answered by it, and a free-text one may take it as a
 * reference; no other Yes/No question is.
 */
const publishedAt = (text: string) =>
  /^[^,;:]{0,120}?\b(?:is|are|can be)\s+(?:publicly\s+|freely\s+)?(?:available|published|posted|found|accessible|viewable)\s+(?:at|on|via|from|through)\s+(?:https?:\/\/\S+?|www\.\S+?|(?:our|the|its|their)\s+(?:[\w-]+\s+){0,3}(?:website|web\s?site|web\s?page|trust\s+(?:center|centre|portal)|help\s+(?:center|centre)))\s*[.!]?$/i.test(
    text.trim(),
  )
/**
 * A statement of purpose: the sentence opens with "to" and a verb, and every verb in it is an infinitive ("To ensure
 * proper use of keys to protect the records."), gerunds aside, so it has no main clause stating what is done. "To
 * protect data, we encrypt every disk" has one ("encrypt").
 */
const statesPurposeOnly = (text: string) => {
  // Tagged only when it opens with "to": this runs on every candidate sentence of every question.
  if (!text.trimStart().toLowerCase().startsWith('to ')) return false
  const words = tagWords(text)
  if (words[0]?.lower !== 'to' || words[1]?.pos !== 'VERB') return false
  // A gerund between nouns ("ticketing and billing systems") is no verb of a clause.
  return words.every((w, k) => (w.pos !== 'VERB' && w.pos !== 'AUX') || gerund(w) || words[k - 1]?.lower === 'to')
}
/**
 * A sentence about the document's own reach ("This policy applies to all staff.", "The scope of this standard is
 * ..."): it says where the document holds, not what is done, so it answers no question about a practice.
 */
const statesDocumentScope = (text: string) =>
  APPLIES_TO.test(text.trim()) ||
  /^(?:(?:this|the) (?:policy|document|standard|procedure|plan|guide|guideline|section|page|handbook|process)(?: \w+)? (?:applies|apply|covers|cover|is applicable)\b|the (?:purpose|scope|objective)s? of (?:this|the) (?:policy|document|standard|procedure|plan|guide|guideline|process)\b)/i.test(
    text.trim(),
  )
/** "1.2 It applies to everyone who enters the site": a numbered clause on the document's reach, its subject "it". */
const APPLIES_TO = /^\d+(?:\.\d+)*\s+it (?:applies|apply) to\b/i
/**
 * A sentence that defines a word ("Kiosk data means any record ...", "We refer to these clerks as "staff"", "They are
 * referred to as ledgers"): it says what a word stands for in the document, not that anything is done. Read from the
 * tags: a noun then "mean" (not "means that", which draws a consequence), or "refer" with "to" and then "as".
 */
const definesWord = (sentence: Sentence): boolean => {
  let defines = DEFINES.get(sentence)
  if (defines === undefined) DEFINES.set(sentence, (defines = readsAsDefinition(sentence.text)))
  return defines
}
/** Each evidence sentence is read once, whichever questions it is a candidate for. */
const DEFINES = new WeakMap<Sentence, boolean>()
const readsAsDefinition = (text: string): boolean => {
  const lower = text.toLowerCase()
  // Tagged only when a defining verb is there.
  if (!lower.includes(' mean') && !lower.includes(' refer')) return false
  const tagged = tagWords(text)
  return tagged.some((w, k) => {
    if (w.pos !== 'VERB') return false
    const rest = tagged.slice(k + 1)
    if (w.lemma === 'mean') return noun(tagged[k - 1]) && rest[0]?.pos !== 'SCONJ' && rest[0]?.lower !== 'that'
    const to = rest.findIndex((x) => x.lower === 'to')
    return w.lemma === 'refer' && to >= 0 && rest.slice(to + 1).some((x) => x.lower === 'as' && x.pos === 'ADP')
  })
}
/** A sentence that is a question: it ends in a question mark (a closing quote or bracket may follow). */
const asksNotStates = (text: string) => /\?["'”’)\]]*\s*$/.test(text) || REPORTS_REQUEST.test(text)
/** A sentence that reports what the reader asked for ("Your memo asked for ...", "You requested that ..."). */
const REPORTS_REQUEST =
  /^\s*(?:[\d.]+[.)]?\s+)?(?:your|you)\b(?:\s+[\w-]+){0,3}?\s+(?:asked|requested|requests|asks|wanted|raised)\b/i
/**
 * The names the question asks about (standards, schemes, products, places: namesIn, and the tagger's proper names)
 * when no evidence file names any of them, or undefined. A name the tagger reads counts only when one of them is a
 * lone word ("Kerberos"): a run of capitalised words alone may be a term in title case, which the evidence words
 * its own way.
 */
const neverNamed = (a: Ask): string[] | undefined => {
  const unnamed = (name: string) => {
    const own = terms(name)
    return own.length > 0 && own.every((t) => a.index.df(t) === 0)
  }
  const { standards, versioned, proper, lone } = a.names
  // A name with an acronym in it ("CIS Benchmarks") is one, whatever else the question capitalises.
  const names = lone.length ? [...new Set([...standards, ...proper])] : [...standards, ...proper.filter(hasAcronym)]
  // "AES-256": its scheme's letters as a mixed-case text has them ("AES-128" names the scheme with another number).
  const schemeUnnamed = (name: string) =>
    [...words(schemeOf(name), false), ...terms(schemeOf(name))].every((t) => a.index.df(t) === 0)
  const all = [...names, ...versioned]
  return all.length > 0 && names.every(unnamed) && versioned.every(schemeUnnamed) ? all : undefined
}

const practice = (a: Ask) => (a.yesNo ? badPracticeOf(a.asked) : undefined)

/**
 * The offline engine's rules for reading the question, in the order the engine walks them (engine.ts `answerOne`);
 * the kinds of rule are described with `OfflineRule` (ask.ts). General questionnaire grammar and security vocabulary
 * only: no rule quotes a document's or a form's wording.
 */
export const QUESTION_RULES: OfflineRule[] = [
  {
    name: 'asks-for-remarks',
    kind: 'decide',
    reason:
      '"any other comments?" asks for the respondent\'s own remarks, which no evidence file holds: left for the user',
    when: (a) => asksForRemarks(a.asked),
    then: (a) => noEvidenceAnswer(a.q),
  },
  {
    name: 'past-event',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'asks whether something happened: answered only from a sentence stating the history itself ("we have not had a breach in ..."), since evidence otherwise describes practices; else left for the user',
    when: (a) => a.yesNo && asksAboutPastEvent(a.asked),
    keep: (_, h) => statesPastEvent(h.sentence.text),
    otherwise: (a) => pastEvent(a.q),
  },
  {
    name: 'condition-unmet',
    kind: 'decide',
    reason: '"If you don\'t support X" when the evidence shows X: N/A, flagged',
    when: (a) => {
      if (!condition(a)) return false
      const met = conditionMet(a)
      return met.label === 'YES' && met.citations.length > 0 && met.confidence >= CONDITION_CONFIDENCE
    },
    then: (a) => conditionUnmet(a.q, condition(a)!, conditionMet(a)),
  },
  {
    name: 'leans-on-previous',
    kind: 'query',
    reason: '"Are they reviewed?" takes its subject from the question before',
    when: (a) => Boolean(a.context.previous) && leansOnPrevious(a.asked, a.tagged),
    then: (a) => {
      const own = new Set(a.query.map((t) => t.term))
      const inherited = a.index
        .queryTerms(a.context.previous!, [], a.context.damp)
        .filter((t) => t.core && t.group === undefined && !own.has(t.term))
      return inherited.length ? [...a.query.map((t) => ({ ...t, core: false })), ...inherited] : a.query
    },
  },
  {
    name: 'choice',
    kind: 'decide',
    reason: 'a list of things: the item the evidence names, clearly ahead of the others',
    when: (a) => Boolean(choiceItems(a.q)),
    then: (a) =>
      answerChoice(
        a.q,
        choiceItems(a.q)!,
        a.index,
        a.ranked.filter((h) => h.coverage >= MIN_COVERAGE),
      ),
  },
  {
    name: 'subject-never-mentioned',
    kind: 'decide',
    reason: 'the question is about a party the evidence never names ("the consultant"): left for the user',
    when: (a) => {
      const subject = a.yesNo ? particularSubject(a.tagged) : undefined
      return Boolean(subject) && terms(subject!).every((t) => a.index.df(t) === 0)
    },
    then: (a) => subjectNeverMentioned(a.q, particularSubject(a.tagged)!),
  },
  {
    name: 'name-never-mentioned',
    kind: 'decide',
    reason:
      'the question asks about named standards, schemes or places ("NIST SP 800-88", "InCommon", a country) and no evidence file names any of them: left for the user, the comment naming them',
    when: (a) => neverNamed(a) !== undefined,
    then: (a) => nameNeverMentioned(a.q, neverNamed(a)!),
  },
  {
    name: 'performed-by-provider',
    kind: 'decide',
    reason: '"Do you manage X?" when the evidence says a provider runs X: No, flagged',
    when: (a) => a.yesNo && asksWhoPerforms(a.asked) && Boolean(delegated(a)),
    then: (a) => performedByProvider(a.q, delegated(a)!),
  },
  {
    name: 'subject-phrase',
    kind: 'decide',
    reason:
      'the noun phrase the question is about (read from its grammar), its head included ("emergency request" names no "emergency change"), must be named by the sentence or around it: else left for the user',
    when: (a) => a.about.length > 0 && a.ownHits.length > 0 && !a.ownHits.some((h) => a.onSubject(h)),
    then: (a) => subjectNotFound(a.q, subjectPhrase(a.asked)!),
  },
  {
    name: 'data-held',
    kind: 'narrow',
    stage: 'scope',
    reason: 'questions about data the product holds need a sentence saying it is stored or processed',
    when: (a) => asksWhichDataIsHeld(a.asked, new Set(a.query.map((t) => t.term))),
    keep: (a, h) =>
      statesDataHandling(h.sentence.text) &&
      namesHeldData(
        a.asked,
        new Set(a.query.map((t) => t.term)),
        h.sentence.text,
        new Set([...h.sentence.terms, ...h.sentence.section]),
      ),
  },
  {
    name: 'customer-actor',
    kind: 'narrow',
    stage: 'scope',
    reason: '"Can the Institution ...?" needs a sentence with the customer as actor',
    when: (a) => asksWhatCustomerCanDo(a.asked),
    keep: (_, h) => namesCustomer(h.sentence.text),
  },
  {
    name: 'compound-head',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'a hyphenated word is a kind of its last part: "full-time" does not match "real time", nor "levels" "host-level"; a sentence that shares the question only through such a part is about something else',
    when: (a) => a.hits.some((h) => !a.withoutCompoundHeads(h)),
    keep: (a, h) => a.withoutCompoundHeads(h),
  },
  {
    name: 'lead-in',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'a sentence about the document itself that introduces what follows ("The following table lists the keys in use:") states nothing: the lines after it are read, with it as their context',
    when: (a) => a.hits.some((h) => introducesWhatFollows(h.sentence.text)),
    keep: (_, h) => !introducesWhatFollows(h.sentence.text),
  },
  {
    name: 'purpose-only',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'a sentence that only states an aim ("To ensure the integrity of records."), every verb of it an infinitive, says what a policy is for, not what is done: the other sentences are read',
    when: (a) => a.hits.some((h) => statesPurposeOnly(h.sentence.text)),
    keep: (_, h) => !statesPurposeOnly(h.sentence.text),
  },
  {
    name: 'points-elsewhere',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'a sentence that only sends the reader elsewhere ("For more information, see our privacy page.", "Please refer to the guide.") states nothing, and one that only says where a document is published ("Our kiosk policy is available at https://...") states only that the document exists, which answers "Do you have that policy?" (or a free-text question, as a reference) and no other Yes/No question: the other sentences are read',
    when: (a) => a.hits.some((h) => pointsElsewhere(h.sentence.text) || publishedAt(h.sentence.text)),
    keep: (a, h) => {
      if (pointsElsewhere(h.sentence.text)) return false
      // A free-text question may ask for the reference itself ("Provide a link to ...").
      if (!publishedAt(h.sentence.text) || !a.yesNo) return true
      const said = new Set(words(h.sentence.text))
      return askedDocuments(a).some((d) => words(d).some((t) => said.has(t)))
    },
  },
  {
    name: 'document-scope',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'a sentence on the document\'s own reach ("This policy applies to all staff.", "The purpose of this standard is ...") or one that defines its words ("Kiosk data means ...", "we refer to them as "you"") states no practice: the other sentences are read',
    when: (a) => a.hits.some((h) => statesDocumentScope(h.sentence.text) || definesWord(h.sentence)),
    keep: (_, h) => !statesDocumentScope(h.sentence.text) && !definesWord(h.sentence),
  },
  {
    name: 'question-in-evidence',
    kind: 'narrow',
    stage: 'scope',
    reason:
      'a question in an evidence file (an earlier questionnaire pasted into a policy, an FAQ), or a sentence reporting what the reader asked for ("Your memo asked for ...", "You requested that ..."), asks and states nothing: its answer is read, with the question as its context',
    when: (a) => a.hits.some((h) => asksNotStates(h.sentence.text)),
    keep: (_, h) => !asksNotStates(h.sentence.text),
  },
  {
    name: 'provider-holding',
    kind: 'narrow',
    stage: 'evidence',
    reason: "a hosting provider's certificates are not the vendor's: left for the user when only those are named",
    when: (a) => a.yesNo && a.hits.length > 0 && asksForHolding(a.asked),
    keep: (_, h) => !h.sentence.providerHolding,
    otherwise: (a, dropped) => providerHoldingOnly(a.q, dropped[0]!),
  },
  {
    name: 'opposite-practice',
    kind: 'narrow',
    stage: 'evidence',
    reason:
      'a bad-practice question is answered from sentences naming the bad practice; from one stating the opposite practice: No, flagged',
    when: (a) => Boolean(practice(a)) && a.hits.length > 0,
    keep: (a, h) => practice(a)!.bad.test(h.sentence.text),
    otherwise: (a, dropped) => {
      const good = practice(a)!.good
      const opposite = good && dropped.find((h) => good.test(h.sentence.text))
      return opposite ? oppositePractice(a.q, practice(a)!.name, opposite) : undefined
    },
  },
  {
    name: 'no-evidence',
    kind: 'decide',
    reason: 'no sentence passes the subject checks: left for the user',
    when: (a) => a.hits.length === 0,
    then: (a) => noEvidenceAnswer(a.q),
  },
]

/** The question rules, then the reading rules: the order the engine walks. */
export const OFFLINE_RULES: OfflineRule[] = [...QUESTION_RULES, ...READING_RULES]
