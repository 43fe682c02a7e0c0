import { allowedItemName, findAllowed } from '../../questionnaire/model'
import type { Question } from '../../questionnaire/model'
import { FLAG_THRESHOLD, type Answer } from '../model'
import { noEvidenceAnswer } from '../contract'
import { cite } from './answers'
import type { Hit, SentenceIndex } from '../retrieval'

/** Items that are no answer of their own: choosing them needs a person. */
const OPEN_ITEMS = /^(?:other|others|hybrid\/other|n\/?a|none|not applicable|unknown)$/i
/** Other names of common list items: a paper says "Amazon Web Services" where the list says "AWS". */
const ALIASES: Record<string, string[]> = {
  aws: ['amazon web services'],
  azure: ['microsoft azure'],
  gcp: ['google cloud', 'google cloud platform'],
}

/**
 * A dropdown of things rather than verdicts ("Select your hosting option": Self-managed, AWS, Azure, GCP...).
 * Returns its items, or undefined for a Yes/No-style list.
 */
export function choiceItems(q: Question): string[] | undefined {
  const allowed = q.allowed
  if (!allowed || allowed.length < 2) return undefined
  if (findAllowed('YES', allowed) || findAllowed('NO', allowed)) return undefined
  return allowed
}

function mentions(name: string): RegExp {
  const forms = [name, ...(ALIASES[name.toLowerCase()] ?? [])].map((f) =>
    f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]+'),
  )
  return new RegExp(`(?<![\\w])(?:${forms.join('|')})(?![\\w])`, 'i')
}

/**
 * Chooses the item the evidence names most often, among sentences about the question when there are any, and
 * cites where it is named. A tie, or no item named at all, is left for a person.
 */
export function answerChoice(q: Question, items: string[], index: SentenceIndex, related: Hit[]): Answer {
  const candidates = items.filter(
    (item) => !OPEN_ITEMS.test(allowedItemName(item)) && allowedItemName(item).length >= 2,
  )
  const relatedIds = new Set(related.map((h) => h.sentence.id))
  const tally = candidates
    .map((item) => {
      const re = mentions(allowedItemName(item))
      const found = index.sentences.filter((s) => re.test(s.text))
      // Sentences about the question count three times: "hosted on AWS" beats a passing mention of Azure.
      const score = found.reduce((n, s) => n + (relatedIds.has(s.id) ? 3 : 1), 0)
      const best = found.find((s) => relatedIds.has(s.id)) ?? found[0]
      return { item, score, best }
    })
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score)
  const [top, next] = tally
  if (!top || !top.best || (next && next.score * 2 > top.score)) {
    const none = noEvidenceAnswer(q)
    if (!top) return none
    return {
      ...none,
      text: `The evidence names ${tally.map((t) => `"${allowedItemName(t.item)}"`).join(' and ')}: choose the one that applies.`,
    }
  }
  const hit: Hit = related.find((h) => h.sentence.id === top.best!.id) ?? {
    sentence: top.best,
    score: 0,
    coverage: 0,
    ownCoverage: 0,
    coreCoverage: 0,
    coreOwn: false,
    subjectsOwn: false,
    matched: new Set(),
  }
  const clear = !next && top.score >= 3
  // Below the threshold even when clear: that the evidence names one item does not say the others do not apply
  // (a product hosted on one cloud may also be offered self-hosted), and no labelled answers calibrate this reading.
  return {
    key: q.key,
    label: 'YES',
    choice: top.item,
    text: `${allowedItemName(top.item)}: ${top.best.text}`,
    confidence: clear ? FLAG_THRESHOLD - 0.01 : 0.7,
    citations: [cite(hit)],
    flagged: true,
    reasons: [
      clear
        ? 'the evidence names this item and no other: confirm it is the one that applies'
        : 'the evidence names this item, but not often or not alone: confirm the choice',
    ],
  }
}
