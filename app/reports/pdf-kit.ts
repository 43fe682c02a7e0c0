import type { jsPDF } from 'jspdf'

/** Drawing helpers for a fixed one-page layout: every text is fitted into a box of known lines, never flowed. */

export type Rgb = readonly [number, number, number]

export const INK: Rgb = [17, 24, 39]
export const MUTED: Rgb = [100, 116, 139]
export const LINE: Rgb = [226, 232, 240]
export const PANEL: Rgb = [248, 250, 252]
export const NAVY: Rgb = [15, 23, 42]
export const HIGH: Rgb = [22, 163, 74]
export const MEDIUM: Rgb = [217, 119, 6]
export const LOW: Rgb = [220, 38, 38]

/** The built-in PDF fonts cover Windows-1252 only; map common punctuation and drop what they cannot draw. */
export function pdfSafe(s: string): string {
  return s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?')
    .trim()
}

export interface TextStyle {
  size: number
  bold?: boolean
  color?: Rgb
  align?: 'left' | 'right' | 'center'
}

export function setStyle(doc: jsPDF, style: TextStyle) {
  doc.setFont('helvetica', style.bold ? 'bold' : 'normal')
  doc.setFontSize(style.size)
  doc.setTextColor(...(style.color ?? INK))
}

/** Millimetres between baselines for a font size in points. */
export function lineHeight(size: number) {
  return size * 0.3528 * 1.25
}

/**
 * Splits text to the width and keeps at most maxLines, ending the last kept line with "..." when text was cut.
 * Long unbroken words (file names, URLs) are cut too.
 */
export function fitLines(doc: jsPDF, text: string, width: number, maxLines: number, style: TextStyle): string[] {
  setStyle(doc, style)
  const lines = (doc.splitTextToSize(pdfSafe(text), width) as string[]).flatMap((line) => breakLong(doc, line, width))
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  let last = kept[maxLines - 1]!
  while (last.length && doc.getTextWidth(`${last}...`) > width) last = last.slice(0, -1)
  kept[maxLines - 1] = `${last.trimEnd()}...`
  return kept
}

function breakLong(doc: jsPDF, line: string, width: number): string[] {
  if (doc.getTextWidth(line) <= width) return [line]
  const out: string[] = []
  let rest = line
  while (rest.length && doc.getTextWidth(rest) > width) {
    let n = rest.length
    while (n > 1 && doc.getTextWidth(rest.slice(0, n)) > width) n--
    out.push(rest.slice(0, n))
    rest = rest.slice(n)
  }
  if (rest) out.push(rest)
  return out
}

/** One line that keeps both ends of a long name ("Vendor_Assess...final_v7.xlsx"): the extension matters. */
export function fitMiddle(doc: jsPDF, text: string, width: number, style: TextStyle): string {
  setStyle(doc, style)
  const safe = pdfSafe(text)
  if (doc.getTextWidth(safe) <= width) return safe
  let keep = safe.length
  let line = safe
  while (keep > 4 && doc.getTextWidth(line) > width) {
    keep--
    const head = Math.ceil(keep * 0.6)
    line = `${safe.slice(0, head)}...${safe.slice(safe.length - (keep - head))}`
  }
  return line
}

/** Draws text fitted to a box; returns the y below the last line drawn. */
export function textBox(
  doc: jsPDF,
  text: string,
  x: number,
  y: number,
  width: number,
  maxLines: number,
  style: TextStyle,
): number {
  const lines = fitLines(doc, text, width, maxLines, style)
  const h = lineHeight(style.size)
  const at = style.align === 'right' ? x + width : style.align === 'center' ? x + width / 2 : x
  lines.forEach((line, i) => doc.text(line, at, y + i * h, { align: style.align ?? 'left', baseline: 'top' }))
  return y + lines.length * h
}

export function fill(doc: jsPDF, color: Rgb, x: number, y: number, w: number, h: number, radius = 0) {
  doc.setFillColor(...color)
  if (radius) doc.roundedRect(x, y, w, h, radius, radius, 'F')
  else doc.rect(x, y, w, h, 'F')
}

export function rule(doc: jsPDF, x: number, y: number, w: number) {
  doc.setDrawColor(...LINE)
  doc.setLineWidth(0.3)
  doc.line(x, y, x + w, y)
}

export function pct(n: number) {
  return `${Math.round(n * 100)} %`
}

export function duration(ms: number) {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

export function count(n: number) {
  return n.toLocaleString('en-US')
}
