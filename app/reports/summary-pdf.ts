import { jsPDF } from 'jspdf'
import { confidencePercent, type AnsweredQuestion, type RunSummary } from '../answering/model'
import {
  count,
  duration,
  fill,
  fitMiddle,
  HIGH,
  INK,
  LINE,
  LOW,
  MEDIUM,
  MUTED,
  NAVY,
  PANEL,
  pct,
  rule,
  textBox,
  type Rgb,
} from './pdf-kit'

const PAGE = { w: 210, h: 297, margin: 14 }
const WIDTH = PAGE.w - 2 * PAGE.margin
const X = PAGE.margin
const MAX_EVIDENCE_ROWS = 10
const FOOTER_Y = PAGE.h - 12

export interface SummaryPdfInput {
  fileName: string
  summary: RunSummary
  entries: AnsweredQuestion[]
  generatedAt?: Date
}

/**
 * The one-page executive summary. Every figure comes from the run's summary and entries (the same data as
 * answers.json); nothing is invented. The layout is fixed: each block has a set number of lines and text is cut
 * to fit, so long file names, ten evidence files or long questions never push it onto a second page.
 */
export function summaryPdf(input: SummaryPdfInput): Uint8Array {
  const { summary } = input
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true })
  doc.setProperties({ title: `QFill summary: ${input.fileName}`, creator: 'QFill' })

  header(doc, input)
  let y = kpis(doc, summary, 40)
  y = confidenceAndRun(doc, summary, y + 8)
  y = section(doc, 'Questionnaire', y + 6)
  const sheets = summary.sheets.map((s) => `${s.name}: ${count(s.questions)}`).join('  \u00b7  ')
  y = textBox(
    doc,
    `${summary.sheets.length} sheet${summary.sheets.length === 1 ? '' : 's'} with questions. ${sheets}`,
    X,
    y,
    WIDTH,
    2,
    { size: 8.5 },
  )
  y = evidence(doc, summary, section(doc, 'Evidence', y + 5))
  y = flagged(doc, summary, y + 5)
  importantQuestions(doc, input.entries, y + 5)

  rule(doc, X, FOOTER_Y - 3, WIDTH)
  textBox(
    doc,
    'Answers under 85 % confidence are flagged for review; answers confirmed by you are counted apart and no longer flagged. ' +
      'Every citation is a verbatim quote from an uploaded file. ' +
      'Each answer, its reason and its citations are in the _SUMMARY sheet of the completed workbook and in answers.json.',
    X,
    FOOTER_Y,
    WIDTH,
    2,
    { size: 7.5, color: MUTED },
  )
  return new Uint8Array(doc.output('arraybuffer'))
}

function header(doc: jsPDF, input: SummaryPdfInput) {
  const { summary } = input
  fill(doc, NAVY, 0, 0, PAGE.w, 32)
  textBox(doc, 'EXECUTIVE SUMMARY  \u00b7  QFILL', X, 8, WIDTH, 1, { size: 8, bold: true, color: [148, 163, 184] })
  const title = { size: 16, bold: true, color: [255, 255, 255] as Rgb }
  textBox(doc, fitMiddle(doc, input.fileName, WIDTH, title), X, 13, WIDTH, 1, title)
  const generated = (input.generatedAt ?? new Date()).toISOString().slice(0, 16).replace('T', ' ')
  const type = `${summary.questionnaireKind}, .${summary.format} file`
  textBox(doc, `${type}  \u00b7  generated ${generated} UTC`, X, 22, WIDTH, 1, { size: 9, color: [203, 213, 225] })
}

function kpis(doc: jsPDF, s: RunSummary, y: number): number {
  const cards: { label: string; value: string; color?: Rgb }[] = [
    { label: 'Questions', value: count(s.questions) },
    { label: 'Answered', value: count(s.answered) },
    { label: 'Confirmed by you', value: count(s.confirmed ?? 0), color: s.confirmed ? HIGH : undefined },
    { label: 'Flagged for review', value: count(s.flagged), color: s.flagged ? LOW : HIGH },
    { label: 'Average confidence', value: pct(s.averageConfidence), color: confidenceColor(s.averageConfidence) },
  ]
  const gap = 3
  const w = (WIDTH - gap * (cards.length - 1)) / cards.length
  cards.forEach((card, i) => {
    const x = X + i * (w + gap)
    fill(doc, PANEL, x, y, w, 22, 2)
    textBox(doc, card.label.toUpperCase(), x + 3.5, y + 3, w - 7, 2, { size: 7, bold: true, color: MUTED })
    textBox(doc, card.value, x + 3.5, y + 10.5, w - 7, 1, { size: 18, bold: true, color: card.color ?? INK })
  })
  return y + 22
}

function confidenceColor(c: number): Rgb {
  return c >= 0.85 ? HIGH : c >= 0.6 ? MEDIUM : LOW
}

function section(doc: jsPDF, title: string, y: number): number {
  textBox(doc, title.toUpperCase(), X, y, WIDTH, 1, { size: 8, bold: true, color: MUTED })
  rule(doc, X, y + 4, WIDTH)
  return y + 6
}

function confidenceAndRun(doc: jsPDF, s: RunSummary, y: number): number {
  const half = (WIDTH - 8) / 2
  const confirmed = s.confirmed ?? 0
  const machine = s.questions - confirmed
  // After review the buckets cover the machine's answers only; answers a person confirmed are counted apart.
  textBox(doc, confirmed ? `CONFIDENCE OF ${count(machine)} MACHINE ANSWERS` : 'CONFIDENCE', X, y, half, 1, {
    size: 8,
    bold: true,
    color: MUTED,
  })
  textBox(doc, 'RUN', X + half + 8, y, half, 1, { size: 8, bold: true, color: MUTED })
  rule(doc, X, y + 4, WIDTH)
  const rows = [
    { label: 'High (85 % and above)', n: s.buckets.high, color: HIGH },
    { label: 'Medium (60-84 %)', n: s.buckets.medium, color: MEDIUM },
    { label: 'Low (under 60 %)', n: s.buckets.low, color: LOW },
  ]
  const max = Math.max(1, ...rows.map((r) => r.n))
  const labelW = 36
  const barW = half - labelW - 22
  rows.forEach((r, i) => {
    const top = y + 7 + i * 8
    textBox(doc, r.label, X, top + 0.6, labelW, 1, { size: 8.5 })
    fill(doc, LINE, X + labelW, top, barW, 4.5, 1)
    if (r.n) fill(doc, r.color, X + labelW, top, Math.max(1.5, (r.n / max) * barW), 4.5, 1)
    const share = machine ? ` (${Math.round((r.n / machine) * 100)} %)` : ''
    textBox(doc, `${count(r.n)}${share}`, X + labelW + barW + 2, top + 0.6, 20, 1, { size: 8.5, bold: true })
  })
  const usable = s.evidence.filter((e) => e.status === 'ok').length
  const facts: [string, string][] = [
    ['Engine', s.engine],
    ['Processing time', duration(s.durationMs)],
    ['Evidence files', `${s.evidence.length} (${s.evidence.length - usable} gave no text)`],
    ['Left unanswered', `${count(s.questions - s.answered)} of ${count(s.questions)}`],
    ['Confirmed by you', `${count(confirmed)} of ${count(s.questions)}`],
  ]
  const rx = X + half + 8
  facts.forEach(([k, v], i) => {
    textBox(doc, k, rx, y + 7.6 + i * 5.2, 34, 1, { size: 8.5, color: MUTED })
    textBox(doc, v, rx + 34, y + 7.6 + i * 5.2, half - 34, 1, { size: 8.5, bold: true })
  })
  return y + 7 + 3 * 8 + 2
}

function evidence(doc: jsPDF, s: RunSummary, y: number): number {
  if (!s.evidence.length) {
    return textBox(
      doc,
      'No evidence files were uploaded: every answer rests on no evidence and is flagged.',
      X,
      y,
      WIDTH,
      1,
      { size: 8.5, color: LOW },
    )
  }
  const shown = s.evidence.length > MAX_EVIDENCE_ROWS ? s.evidence.slice(0, MAX_EVIDENCE_ROWS - 1) : s.evidence
  for (const e of shown) {
    const ok = e.status === 'ok'
    const lib = (s.library ?? []).find((l) => l.file === e.file)
    const right = !ok
      ? `no text: ${e.message ?? e.status}`
      : lib
        ? libraryLine(lib)
        : `${count(e.chars)} characters of text`
    // A library's line says whose answers it holds: it gets the wider column.
    const left = lib ? 0.38 : 0.55
    textBox(doc, fitMiddle(doc, e.file, WIDTH * left, { size: 8.5 }), X, y, WIDTH * left, 1, { size: 8.5 })
    textBox(doc, right, X + WIDTH * (left + 0.02), y, WIDTH * (0.98 - left), 1, {
      size: 8.5,
      align: 'right',
      bold: !ok,
      color: ok ? INK : LOW,
    })
    y += 4.6
  }
  if (shown.length < s.evidence.length)
    y = textBox(doc, `and ${s.evidence.length - shown.length} more files`, X, y, WIDTH, 1, { size: 8.5, color: MUTED })
  return y
}

/** "earlier answers for Canvas LMS (HECVAT Full 3.04, 2023-09-28)"; the vendor only when no product is named. */
export function libraryLine(l: RunSummary['library'][number]): string {
  const form = [l.family, l.version].filter(Boolean).join(' ')
  const about = [form, l.date].filter(Boolean).join(', ')
  const whose = l.product ?? (l.vendor ? `${l.vendor} (no product named)` : 'a product not named')
  return `earlier answers for ${whose}${about ? ` (${about})` : ''}`
}

function flagged(doc: jsPDF, s: RunSummary, y: number): number {
  y = section(doc, `Flagged for review: ${count(s.flagged)}`, y)
  if (!s.topReasons.length) return textBox(doc, 'Nothing was flagged.', X, y, WIDTH, 1, { size: 8.5 })
  for (const r of s.topReasons.slice(0, 3)) {
    textBox(doc, count(r.count), X, y, 12, 1, { size: 8.5, bold: true, align: 'right' })
    y = textBox(doc, r.reason, X + 15, y, WIDTH - 15, 1, { size: 8.5 })
  }
  return y
}

function importantQuestions(doc: jsPDF, entries: AnsweredQuestion[], y: number) {
  const top = mostImportantFlagged(entries, 5)
  if (!top.length) return
  y = section(doc, 'Most important flagged questions', y)
  for (const e of top) {
    textBox(doc, `${e.id}`, X, y, 24, 1, { size: 8.5, bold: true })
    const end = textBox(doc, e.question, X + 25, y, WIDTH - 25, 2, { size: 8.5 })
    const detail = `${e.answer ?? 'no answer yet'}, ${confidencePercent(e.confidence)} % confidence, ${e.sheet}!${e.row}${e.reason ? `: ${e.reason}` : ''}`
    y = textBox(doc, detail, X + 25, end + 0.3, WIDTH - 25, 1, { size: 7.5, color: MUTED }) + 2.2
  }
}

/**
 * Flagged questions that matter most: those the questionnaire marks critical ("*"), then negative answers, then
 * the least confident; profile rows (name, contact) come last since the user fills them in anyway.
 */
export function mostImportantFlagged(entries: AnsweredQuestion[], n: number): AnsweredQuestion[] {
  const weight = (e: AnsweredQuestion) =>
    (/\*\s*$|\(critical\)/i.test(e.question) ? 2 : 0) +
    (e.answer === 'NO' ? 1 : 0) -
    (e.rule === 'profile-detail' ? 4 : 0)
  return entries
    .filter((e) => e.flagged)
    .sort(
      (a, b) => weight(b) - weight(a) || a.confidence - b.confidence || a.sheet.localeCompare(b.sheet) || a.row - b.row,
    )
    .slice(0, n)
}
