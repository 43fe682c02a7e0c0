import type { Questionnaire } from '../questionnaire/model'
import type { LibraryIdentity } from './model'

/** Profile rows that name the vendor, the product and the date (HECVAT GNRL, K-12CVAT, SIG profile sections). */
const VENDOR =
  /^(?:vendor|company|supplier|organi[sz]ation|csp|service provider|provider)(?:'s)?\s+(?:legal\s+)?name\b/i
const PRODUCT =
  /^(?:product|service|solution|application|platform|system)(?:\s*(?:\/|or)\s*(?:product|service|solution))?\s+name\b/i
const DATE =
  /^(?:date|date (?:completed|of completion|of submission|submitted)|(?:completion|assessment|submission) date)\b/i
/** Spreadsheet serial days from 1899-12-30 (Excel's and LibreOffice's day zero), in a plausible range. */
const SERIAL = /^\d{5}(?:\.\d+)?$/

/**
 * Whose answers a questionnaire holds: vendor and product from its profile rows, its form's family and version
 * from the reader's kind ("HECVAT Full 3.04"), and the date from its date row or else an ISO date in its file name.
 */
export function readIdentity(
  file: string,
  questionnaire: Pick<Questionnaire, 'kind' | 'questions'>,
  existing: Map<string, { answer: string }>,
): LibraryIdentity {
  const value = (re: RegExp) => {
    for (const q of questionnaire.questions) {
      if (q.kind !== 'profile' || !re.test(q.text.trim())) continue
      const answer = existing.get(q.key)?.answer.trim()
      if (answer && answer.length <= 120) return answer
    }
    return null
  }
  const version = questionnaire.kind.match(/\bv?(\d+(?:\.\d+)+)\s*$/i)?.[1] ?? null
  const family = questionnaire.kind.replace(/\s*\bv?\d+(?:\.\d+)+\s*$/i, '').trim() || null
  return {
    file,
    vendor: value(VENDOR),
    product: value(PRODUCT),
    family,
    version,
    date: dateOf(value(DATE)) ?? dateOf(file.match(/(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)/)?.[1] ?? null),
  }
}

/**
 * The product a questionnaire is answered for: the one the user named (upload form, API `product`, CLI `--product`),
 * else the one its own profile rows name. The pipeline and the benchmarks both ask this, so they answer alike.
 */
export function productFor(
  named: string | null | undefined,
  questionnaire: Pick<Questionnaire, 'fileName' | 'kind' | 'questions'>,
  existing: Map<string, { answer: string }>,
): string | null {
  return named?.trim() || readIdentity(questionnaire.fileName, questionnaire, existing).product
}

/** A cell's date as YYYY-MM-DD: a spreadsheet serial, an ISO date, or month/day/year. */
export function dateOf(text: string | null): string | null {
  if (!text) return null
  const t = text.trim()
  let d: Date | undefined
  if (SERIAL.test(t)) {
    const days = Number(t)
    if (days > 20000 && days < 80000) d = new Date(Date.UTC(1899, 11, 30) + Math.floor(days) * 86400000)
  } else if (/^\d{4}-\d{2}-\d{2}/.test(t)) d = new Date(`${t.slice(0, 10)}T00:00:00Z`)
  else {
    const m = t.match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/)
    if (m) d = new Date(Date.UTC(Number(m[3]!.length === 2 ? `20${m[3]}` : m[3]), Number(m[1]) - 1, Number(m[2])))
  }
  return d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : null
}
