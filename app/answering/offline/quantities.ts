import { words } from '../retrieval/terms'

/**
 * Quantities a question requires and a sentence states: how long ("retained for at least one year", "within 72
 * hours"), how often ("at least annually", "every two years") and how many characters. A sentence that states the
 * practice with a quantity that misses the requirement answers No ("Audit logs are retained for 90 days" for "Are
 * audit logs retained for at least one year?"). General English units only.
 */

const MINUTES: Record<string, number> = {
  minute: 1,
  min: 1,
  hour: 60,
  hr: 60,
  day: 60 * 24,
  week: 60 * 24 * 7,
  month: (60 * 24 * 365) / 12,
  quarter: (60 * 24 * 365) / 4,
  year: 60 * 24 * 365,
}
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
}
/**
 * Adverbs of frequency, as the period between two runs (minutes): "annually" is once a year. "every week", "once a
 * month", "twice a year" are read from the units (PER_UNIT), "every six months" as an amount.
 */
const FREQUENCY: Record<string, number> = {
  continuous: 0,
  continuously: 0,
  realtime: 0,
  hourly: MINUTES.hour!,
  daily: MINUTES.day!,
  nightly: MINUTES.day!,
  weekly: MINUTES.week!,
  monthly: MINUTES.month!,
  quarterly: MINUTES.quarter!,
  semiannual: MINUTES.year! / 2,
  semiannually: MINUTES.year! / 2,
  biannual: MINUTES.year! / 2,
  biannually: MINUTES.year! / 2,
  halfyearly: MINUTES.year! / 2,
  annual: MINUTES.year!,
  annually: MINUTES.year!,
  yearly: MINUTES.year!,
}

const NUMBER = `(\\d+(?:[.,]\\d+)?|${Object.keys(NUMBERS).join('|')})`
const UNITS = Object.keys(MINUTES).join('|')
const UNIT = `(${UNITS})s?`
/** "90 days", "two years", "a 24-hour", "30-day": a number and a time unit. */
const AMOUNT = new RegExp(`\\b${NUMBER}(?:\\s+|\\s*-\\s*)(?:business\\s+|calendar\\s+)?${UNIT}\\b`, 'gi')
const CHARACTERS = new RegExp(`\\b${NUMBER}(?:\\s+|\\s*-\\s*)(?:or more\\s+)?char(?:acter)?s?\\b`, 'gi')
/** Once or twice per unit: "every week", "each day", "once a month", "once per year", "per day", "twice a year". */
/** How many times in a unit a run count is read for ("three times a year", "two drills each year"). */
const FEW = 'two|three|four|2|3|4'
const PER_UNIT = new RegExp(
  `\\b(every|each|once (?:a|per)|per|twice (?:a|per)|(?:${FEW}) times (?:a|per)) (?:calendar |financial |fiscal )?(${UNITS})\\b`,
  'gi',
)
/** "two recovery tests each year": a count of runs in a unit, so a run every half year. */
const COUNT_PER = new RegExp(
  `\\b(${FEW})\\s+(?:[a-z/-]+\\s+){0,3}?[a-z-]+s\\s+(?:each|every|per|a)\\s+(?:calendar\\s+)?(${UNITS})\\b`,
  'gi',
)
/** "semi-annually", "real time": a prefix written apart, read as one word ("semiannually", "realtime"). */
const PREFIXED = /\b(semi|bi|half|real)[- ](?=[a-z])/g

/** How often the text says something runs, each period once, shortest first. */
function frequencies(text: string): Quantity[] {
  const found = new Map<number, string>()
  const lower = text.toLowerCase()
  for (const m of lower.replace(PREFIXED, '$1#').matchAll(/[a-z#]+/g)) {
    const word = m[0].replace('#', '')
    const value = Object.hasOwn(FREQUENCY, word) ? FREQUENCY[word]! : undefined
    if (value !== undefined && !found.has(value)) found.set(value, text.slice(m.index, m.index + m[0].length))
  }
  for (const m of text.matchAll(PER_UNIT)) {
    const how = m[1]!.toLowerCase()
    const times = how.startsWith('twice')
      ? 2
      : how.endsWith('times a') || how.endsWith('times per')
        ? numberOf(how.split(' ')[0]!)
        : 1
    const value = MINUTES[m[2]!.toLowerCase()]! / times
    if (!found.has(value)) found.set(value, m[0])
  }
  for (const m of text.matchAll(COUNT_PER)) {
    const value = MINUTES[m[2]!.toLowerCase()]! / numberOf(m[1]!)
    if (!found.has(value)) found.set(value, m[0])
  }
  // "each year" inside "two recovery tests each year" is part of it.
  const texts = [...found.values()]
  return [...found]
    .filter(([, written]) => !texts.some((t) => t.length > written.length && t.includes(written)))
    .sort((a, b) => a[0] - b[0])
    .map(([value, written]) => ({ kind: 'period' as const, value, text: written }))
}

const AT_LEAST =
  /\b(?:at least|minimum(?: of)?|no less than|not less than|or (?:more|longer|greater)|(?<!no |not )(?:longer|more|greater) than|in excess of)\b/i
const AT_MOST =
  /\b(?:within|at most|no more than|not more than|no later than|(?<!no |not )less than|under|up to|or (?:less|fewer|sooner|shorter)|not (?:to )?exceed(?:ing)?)\b/i

export type QuantityKind = 'duration' | 'period' | 'characters'

export interface Quantity {
  kind: QuantityKind
  /** Minutes for a duration or a period; a count for characters. */
  value: number
  /** As written ("90 days", "annually"). */
  text: string
}

/** What the question requires: the sentence's quantity must be at least or at most `value`. */
export interface Requirement extends Quantity {
  atLeast: boolean
}

/** "twenty-four (24) hours", as contracts write a number twice: the figure in brackets is the number. */
const ONES = 'one|two|three|four|five|six|seven|eight|nine'
const WRITTEN_TWICE = new RegExp(
  String.raw`\b(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:${ONES}))?|${ONES}|ten|eleven|twelve|[a-z]+teen|hundred)\s*\((\d+(?:[.,]\d+)?)\)`,
  'gi',
)
const inFigures = (text: string) => text.replace(WRITTEN_TWICE, '$1')

const numberOf = (word: string) => NUMBERS[word.toLowerCase()] ?? Number(word.replace(',', '.'))

/** The quantities a text states, each of its kind: "every 6 hours" is a period, "for 35 days" a duration. */
export function quantitiesIn(written: string): Quantity[] {
  const text = inFigures(written)
  const out: Quantity[] = []
  for (const m of text.matchAll(AMOUNT)) {
    const before = text.slice(Math.max(0, m.index! - 12), m.index!).toLowerCase()
    const value = numberOf(m[1]!) * MINUTES[m[2]!.toLowerCase()]!
    if (!Number.isFinite(value)) continue
    out.push({ kind: /\b(?:every|each)\s*$/.test(before) ? 'period' : 'duration', value, text: m[0] })
  }
  // "once a year" is one period, not also the duration "a year".
  const periods = frequencies(text)
  const inPeriod = (q: Quantity) =>
    q.kind === 'duration' && periods.some((p) => p.text.length > q.text.length && p.text.includes(q.text))
  const kept = out.filter((q) => !inPeriod(q))
  kept.push(...periods)
  for (const m of text.matchAll(CHARACTERS)) kept.push({ kind: 'characters', value: numberOf(m[1]!), text: m[0] })
  return kept
}

/**
 * The one quantity a question requires, with its direction: "at least one year" (duration, at least), "within 14
 * days" (duration, at most), "at least annually" or "annual" (period, at most a year), "at least 12 characters".
 * Undefined when the question states none, several, or no direction for a duration.
 */
export function requirementOf(asked: string): Requirement | undefined {
  const found = quantitiesIn(asked)
  // "Are nightly backups kept for at least one year?": of several, the one a direction is given for.
  const directed = found.length === 1 ? found : found.filter((q) => directionOf(asked, q) !== undefined)
  if (directed.length !== 1) return undefined
  const q = directed[0]!
  // "at least annually", "annual": at least that often, so the period between runs is at most that long.
  if (q.kind === 'period') return { ...q, atLeast: false }
  const atLeast = directionOf(asked, q)
  return atLeast === undefined ? undefined : { ...q, atLeast }
}

/** Whether the words around a quantity ask for at least it (true), at most it (false), or neither. */
function directionOf(asked: string, q: Quantity): boolean | undefined {
  const at = asked.indexOf(q.text)
  const around = `${asked.slice(Math.max(0, at - 24), at)} ${asked.slice(at, at + q.text.length + 16)}`
  if (AT_MOST.test(around)) return false
  if (AT_LEAST.test(around)) return true
  return undefined
}

/** Units that name the same span differently ("52 weeks", "one year") are within this share of each other. */
const SLACK = 0.02

/** Whether a stated quantity meets a requirement. */
const meets = (stated: Quantity, required: Requirement) =>
  required.atLeast ? stated.value >= required.value * (1 - SLACK) : stated.value <= required.value * (1 + SLACK)

/**
 * The requirement a sentence misses: it states quantities of the required kind and none of them meets it ("retained
 * for 90 days" against "at least one year"). Undefined when it meets it or says nothing of that kind.
 */
export function unmetRequirement(asked: string, sentence: string): { required: string; stated: string } | undefined {
  const required = requirementOf(asked)
  if (!required) return undefined
  const stated = statedFor(asked, sentence, required.kind)
  if (!stated.length || stated.some((q) => meets(q, required))) return undefined
  return { required: asRequired(required), stated: stated[0]!.text }
}

/** A requirement as the question means it: "at least annually" (at least that often), "at most 14 days". */
const asRequired = (required: Requirement) =>
  `${required.kind === 'period' || required.atLeast ? 'at least' : 'at most'} ${required.text}`

/**
 * A table row whose cells give the required quantity column by column ("Audit trail | 90 days | 12 months | 24
 * months", one plan to a column), where some cells meet the requirement and others do not: it holds in some columns
 * only. The requirement and the first cell that misses it; undefined for a row that is no table row, or that meets or
 * misses it in every cell.
 */
export function unmetInSomeCells(asked: string, row: string): { required: string; stated: string } | undefined {
  const cells = row.split('\t').slice(1)
  if (cells.length < 2) return undefined
  const required = requirementOf(asked)
  if (!required) return undefined
  const stated = cells.map((cell) => quantitiesIn(inFigures(cell)).filter((q) => q.kind === required.kind))
  const missed = stated.find((qs) => qs.length && !qs.some((q) => meets(q, required)))
  if (!missed || !stated.some((qs) => qs.some((q) => meets(q, required)))) return undefined
  return { required: asRequired(required), stated: missed[0]!.text }
}

/**
 * The quantities of a kind a sentence states of what the question asks: where it states several in clauses of their
 * own ("Our RTO is 8 hours and our RPO is 4 hours"), those of the clauses that share most words with the question.
 */
function statedFor(asked: string, written: string, kind: Quantity['kind']): Quantity[] {
  const sentence = inFigures(written)
  const all = quantitiesIn(sentence).filter((q) => q.kind === kind)
  if (all.length < 2) return all
  const own = new Set(words(asked))
  const clauses = sentence
    .split(/[;,]|\band\b/i)
    .map((clause) => {
      const stated = quantitiesIn(clause).filter((q) => q.kind === kind)
      // What the clause measures comes before its quantity ("a recovery time objective of eight hours"); words after
      // it ("... for the portal") may belong to the whole sentence.
      const measured = stated.length ? clause.slice(0, clause.indexOf(stated[0]!.text)) : clause
      return { shared: new Set(words(measured).filter((t) => own.has(t))).size, stated }
    })
    .filter((c) => c.stated.length)
  const most = Math.max(0, ...clauses.map((c) => c.shared))
  const picked = clauses.filter((c) => c.shared === most).flatMap((c) => c.stated)
  return picked.length ? picked : all
}
