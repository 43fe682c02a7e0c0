import type { EvidenceDocument } from '../evidence/model'

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const DATE = `(${MONTH}\\.? \\d{1,2},? \\d{4}|\\d{1,2} ${MONTH}\\.? \\d{4}|\\d{4}-\\d{2}-\\d{2})`
const PERIOD = new RegExp(`\\b(?:period|from) (?:of )?${DATE} (?:to|through|until|-|–) ${DATE}`, 'gi')
const EXPIRY = new RegExp(
  `\\b(?:expir(?:ation|y|es)(?: date)?(?: of (?:the )?certificate)?|valid (?:until|through)):? ${DATE}`,
  'gi',
)
const YEAR_MS = 365.25 * 24 * 3600 * 1000

/**
 * Evidence whose period has lapsed: an audit report whose latest period ended over 12 months before `now`, or a
 * certificate past its expiry date. Returns a readable reason per file.
 */
export function lapsedEvidence(docs: EvidenceDocument[], now: Date): Map<string, string> {
  const out = new Map<string, string>()
  for (const d of docs) {
    const text = d.passages
      .map((p) => p.text)
      .join('\n')
      .replace(/\s+/g, ' ')
    let periodEnd: { date: Date; label: string } | undefined
    for (const m of text.matchAll(PERIOD)) {
      const date = parseDate(m[2]!)
      if (date && (!periodEnd || date > periodEnd.date)) periodEnd = { date, label: m[2]! }
    }
    let expiry: { date: Date; label: string } | undefined
    for (const m of text.matchAll(EXPIRY)) {
      const date = parseDate(m[1]!)
      if (date && (!expiry || date > expiry.date)) expiry = { date, label: m[1]! }
    }
    if (expiry && expiry.date < now) out.set(d.file, `evidence expired: ${d.file} was valid until ${expiry.label}`)
    else if (periodEnd && now.getTime() - periodEnd.date.getTime() > YEAR_MS) {
      out.set(
        d.file,
        `evidence period has lapsed: ${d.file} covers a period that ended ${periodEnd.label}, over 12 months ago`,
      )
    }
  }
  return out
}

function parseDate(text: string): Date | undefined {
  const t = Date.parse(`${text.replace(/(\d)(st|nd|rd|th)\b/, '$1')} UTC`)
  return Number.isNaN(t) ? undefined : new Date(t)
}
