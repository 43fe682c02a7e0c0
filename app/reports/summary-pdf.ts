import { jsPDF } from 'jspdf'
import type { AnsweredQuestion, RunSummary } from '../pipeline/results'

const PAGE = { w: 210, h: 297, margin: 16 }
const COLORS = { ink: [17, 24, 39], muted: [100, 116, 139], high: [22, 163, 74], medium: [217, 119, 6], low: [220, 38, 38] } as const

/** The one-page executive summary. Every figure comes from the run's summary and entries; nothing is invented. */
export function summaryPdf(input: { fileName: string; summary: RunSummary; entries: AnsweredQuestion[]; generatedAt?: Date }): Uint8Array {
  const { summary, entries } = input
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true })
  doc.setProperties({ title: `QFill summary: ${input.fileName}`, creator: 'QFill' })
  const x = PAGE.margin
  const width = PAGE.w - 2 * PAGE.margin
  let y = PAGE.margin + 4

  const text = (value: string, opts: { size?: number; bold?: boolean; color?: readonly number[]; at?: number; maxWidth?: number } = {}) => {
    doc.setFont('helvetica', opts.bold ? 'bold' : 'normal')
    doc.setFontSize(opts.size ?? 10)
    const [r, g, b] = opts.color ?? COLORS.ink
    doc.setTextColor(r!, g!, b!)
    const lines = doc.splitTextToSize(pdfSafe(value), opts.maxWidth ?? width) as string[]
    doc.text(lines, opts.at ?? x, y)
    y += lines.length * (opts.size ?? 10) * 0.42 + 1.2
  }
  const heading = (value: string) => {
    y += 2
    text(value, { size: 12, bold: true })
  }

  text('Executive summary', { size: 18, bold: true })
  text(`${input.fileName} (${summary.questionnaireKind})`, { size: 11, color: COLORS.muted })
  text(`Generated ${(input.generatedAt ?? new Date()).toISOString().slice(0, 16).replace('T', ' ')} UTC by QFill, ${summary.engine} engine, in ${seconds(summary.durationMs)}`, {
    size: 9,
    color: COLORS.muted,
  })

  heading('Questionnaire')
  const sheets = summary.sheets.map((s) => `${s.name} (${s.questions})`).join(', ')
  text(`${summary.questions} questions found in ${summary.sheets.length} sheet${summary.sheets.length === 1 ? '' : 's'}: ${sheets}`, { size: 9.5 })
  text(`${summary.answered} answered, ${summary.flagged} flagged for review, average confidence ${pct(summary.averageConfidence)}`, { size: 9.5, bold: true })

  heading('Evidence')
  if (!summary.evidence.length) text('No evidence files were uploaded: every answer rests on no evidence and is flagged.', { size: 9.5 })
  for (const e of summary.evidence.slice(0, 10)) {
    const status = e.status === 'ok' ? `${e.chars.toLocaleString('en-US')} characters of text` : (e.message ?? 'no text found')
    text(`- ${e.file}: ${status}`, { size: 9, color: e.status === 'ok' ? COLORS.ink : COLORS.low })
  }

  heading('Confidence')
  y = bars(doc, x, y, width, summary) + 2

  heading(`Flagged for review: ${summary.flagged}`)
  if (summary.topReasons.length) {
    text(`Top reasons: ${summary.topReasons.map((r) => `${r.reason} (${r.count})`).join('; ')}`, { size: 9 })
  }
  const important = mostImportantFlagged(entries, 5)
  for (const e of important) {
    if (y > PAGE.h - 30) break
    text(`${e.id}  ${truncate(e.question, 150)}`, { size: 9, bold: true })
    text(`${e.answer}, ${pct(e.confidence)}: ${truncate(e.reason, 140)}`, { size: 8.5, color: COLORS.muted })
  }
  if (!important.length) text('Nothing was flagged.', { size: 9 })

  doc.setFontSize(8)
  doc.setTextColor(...(COLORS.muted as unknown as [number, number, number]))
  doc.text('Answers under 85 % confidence are flagged. Every citation is a verbatim quote from an uploaded file.', x, PAGE.h - 10)
  return new Uint8Array(doc.output('arraybuffer'))
}

function bars(doc: jsPDF, x: number, y: number, width: number, summary: RunSummary): number {
  const rows = [
    { label: 'High (85 % and above)', count: summary.buckets.high, color: COLORS.high },
    { label: 'Medium (60-84 %)', count: summary.buckets.medium, color: COLORS.medium },
    { label: 'Low (under 60 %)', count: summary.buckets.low, color: COLORS.low },
  ]
  const max = Math.max(1, ...rows.map((r) => r.count))
  const labelW = 44
  const barW = width - labelW - 20
  for (const r of rows) {
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(9)
    doc.setTextColor(...(COLORS.ink as unknown as [number, number, number]))
    doc.text(r.label, x, y + 3.5)
    doc.setFillColor(...(r.color as unknown as [number, number, number]))
    const w = (r.count / max) * barW
    if (w > 0) doc.rect(x + labelW, y, Math.max(w, 0.6), 5, 'F')
    doc.text(String(r.count), x + labelW + w + 2, y + 3.8)
    y += 7
  }
  return y
}

/** Flagged questions that matter most: committed-to-obligation and lowest confidence first. */
export function mostImportantFlagged(entries: AnsweredQuestion[], n: number): AnsweredQuestion[] {
  return entries
    .filter((e) => e.flagged)
    .sort((a, b) => a.confidence - b.confidence || a.row - b.row)
    .slice(0, n)
}

function pct(n: number) {
  return `${Math.round(n * 100)} %`
}

function seconds(ms: number) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

function truncate(s: string, n: number) {
  const one = s.replace(/\s+/g, ' ').trim()
  return one.length > n ? `${one.slice(0, n - 1)}…` : one
}

/** The built-in PDF fonts cover Windows-1252 only; map common punctuation and drop what they cannot draw. */
function pdfSafe(s: string): string {
  return s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/≥/g, '>=')
    .replace(/…/g, '...')
    .replace(/[^\x09\x0A\x0D\x20-\x7E\xA0-\xFF]/g, '?')
}
